extension SubsonicParameters {
    /// Every value of `name` as a song's stable id, in order (repeats kept).
    ///
    /// - Throws: error 10 for a value that is not a Kanora id, 70 for another kind's id.
    func trackIDs(_ name: String) throws(SubsonicError) -> [Int64] {
        var ids: [Int64] = []
        for text in strings(name) {
            ids.append(try SubsonicID(parsing: text, as: .track, parameter: name).value)
        }
        return ids
    }
}
