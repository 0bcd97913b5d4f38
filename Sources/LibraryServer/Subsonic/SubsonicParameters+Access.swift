extension SubsonicParameters {
    /// The first value of `name`, if sent.
    public func string(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order (`id=1&id=2` gives both).
    public func strings(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// The first value of `name`.
    ///
    /// - Throws: error 10 naming the parameter when it is absent.
    public func required(_ name: String) throws(SubsonicError) -> String {
        guard let value = string(name) else { throw .missingParameter(name) }
        return value
    }

    /// `name` as an integer, nil when absent.
    ///
    /// - Throws: error 10 when it is present but not an integer.
    public func int(_ name: String) throws(SubsonicError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let number = Int(text) else {
            throw .invalidParameter(name, "must be an integer, not '\(text.prefix(32))'")
        }
        return number
    }

    /// `name` as an integer, `defaultValue` when absent; one above `bounds` is lowered to
    /// its top (so `size=100000` asks for the most the server gives, not an error).
    ///
    /// - Throws: error 10 when it is present but not an integer, or below `bounds` (a
    ///   negative size, count or offset).
    public func int(_ name: String, default defaultValue: Int, in bounds: ClosedRange<Int>) throws(SubsonicError) -> Int {
        guard let number = try int(name) else { return defaultValue }
        guard number >= bounds.lowerBound else {
            throw .invalidParameter(name, "must be at least \(bounds.lowerBound), not \(number)")
        }
        return min(number, bounds.upperBound)
    }

    /// `name` as a required integer.
    ///
    /// - Throws: error 10 when it is absent or not an integer.
    public func requiredInt(_ name: String) throws(SubsonicError) -> Int {
        guard let number = try int(name) else { throw .missingParameter(name) }
        return number
    }

    /// `name` as a boolean (`true`/`false`, `1`/`0`), nil when absent.
    ///
    /// - Throws: error 10 for any other value.
    public func bool(_ name: String) throws(SubsonicError) -> Bool? {
        guard let text = string(name) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw .invalidParameter(name, "must be true or false, not '\(text.prefix(32))'")
        }
    }

    /// `name` as an id of `kind`.
    ///
    /// - Throws: error 10 when absent or not a Kanora id, 70 when it names another kind.
    public func id(_ name: String, as kind: SubsonicID.Kind) throws(SubsonicError) -> SubsonicID {
        try SubsonicID(parsing: try required(name), as: kind, parameter: name)
    }

    /// Every value of `name` as an id of any kind (star, for example, takes several).
    ///
    /// - Throws: error 10 for a value that is not a Kanora id.
    public func ids(_ name: String) throws(SubsonicError) -> [SubsonicID] {
        var ids: [SubsonicID] = []
        for text in strings(name) {
            ids.append(try SubsonicID(parsing: text, parameter: name))
        }
        return ids
    }
}
