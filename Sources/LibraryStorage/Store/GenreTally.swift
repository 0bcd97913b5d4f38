import LibraryCore

/// The genre list counted while walking the present tracks album by album: each genre's
/// songs (a track naming it, whatever the case, counts once) and albums (an album any of
/// whose tracks names it counts once).
///
/// Names are compared as SQL compares them, so the list answers as the query it replaced
/// did: a genre's key is its name with ASCII letters lowered (SQLite's `lower`), its name the
/// bytewise least spelling met, blank means spaces only (`trim`), and the list is in the
/// bytewise order of the keys. An album's tracks mostly share their genres text, so a text is
/// decoded only when it differs from the track before's; nothing is kept per album.
struct GenreTally {
    private struct Entry {
        var key: [UInt8]
        var name: String
        var songs = 0
        var albums = 0
        /// The serial of the last album counted for this genre.
        var album = 0
    }

    private var entries: [Entry] = []
    private var entryByKey: [[UInt8]: Int] = [:]
    /// The last genres text read, and the entries it names (each once).
    private var lastText: [UInt8]?
    private var lastEntries: [Int] = []
    /// The album being walked, and its serial (1, 2, ... in walk order).
    private var album: Int64?
    private var albumSerial = 0

    /// Counts one present track, whose genres are the JSON array `text` (UTF-8), of `album`
    /// (nil for a track without one). Tracks of one album must come one after another.
    mutating func add(genres text: UnsafeBufferPointer<UInt8>, album: Int64?) {
        if albumSerial == 0 || album != self.album {
            self.album = album
            albumSerial += 1
        }
        if lastText.map({ !$0.elementsEqual(text) }) ?? true {
            lastText = Array(text)
            lastEntries = entries(naming: JSONText.decodeArray(utf8: text))
        }
        for index in lastEntries {
            entries[index].songs += 1
            if album != nil, entries[index].album != albumSerial {
                entries[index].album = albumSerial
                entries[index].albums += 1
            }
        }
    }

    /// The genres counted, in the order of their keys.
    func genres() -> [BrowseGenre] {
        entries.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map {
            BrowseGenre(name: $0.name, songCount: $0.songs, albumCount: $0.albums)
        }
    }

    /// The entries of the non-blank genres `values` names, each once, made when new; each
    /// keeps the least spelling it is given.
    private mutating func entries(naming values: [String]) -> [Int] {
        var named: [Int] = []
        for value in values where !value.utf8.allSatisfy({ $0 == UInt8(ascii: " ") }) {
            let key = SQLText.lowered(value)
            let index: Int
            if let known = entryByKey[key] {
                index = known
                if SQLText.precedes(value, entries[index].name) { entries[index].name = value }
            } else {
                index = entries.count
                entries.append(Entry(key: key, name: value))
                entryByKey[key] = index
            }
            if !named.contains(index) { named.append(index) }
        }
        return named
    }
}
