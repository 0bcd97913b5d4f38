import LibraryCore

/// A `--format` template resolved for tracks: the fields large listings print most (title,
/// artists, album, numbers, format) are written from the track straight as bytes, the others
/// through `TrackFields.reader`; the bytes are those `Template.render` makes of
/// `TrackFields.value`.
struct TrackTemplate {
    /// What each piece writes; a piece of text writes its bytes in `literals`, an `other`
    /// field the value of its reader (the one at the piece's index in `readers`).
    private enum Kind: Equatable {
        case text, title, artist, albumArtist, album, track, disc, year, format, other
    }

    /// One piece of the template: what it writes and, for text, where its bytes are.
    private struct Piece {
        let kind: Kind
        let literal: Range<Int>
    }

    private let pieces: [Piece]
    /// Every piece of text's bytes, one after another (a row reads them from one buffer).
    private let literals: [UInt8]
    private let readers: [(@Sendable (Track) -> String?)?]

    init(_ template: Template) {
        var pieces: [Piece] = [], literals: [UInt8] = [], readers: [(@Sendable (Track) -> String?)?] = []
        for piece in template.pieces {
            var reader: (@Sendable (Track) -> String?)? = nil
            switch piece {
            case .text(let literal):
                let start = literals.count
                literals.append(contentsOf: literal.utf8)
                pieces.append(Piece(kind: .text, literal: start..<literals.count))
            case .field(let name):
                let kind = Self.kinds[name] ?? .other
                pieces.append(Piece(kind: kind, literal: 0..<0))
                if kind == .other { reader = TrackFields.reader(name) }
            }
            readers.append(reader)
        }
        (self.pieces, self.literals, self.readers) = (pieces, literals, readers)
    }

    private static let kinds: [String: Kind] = [
        "title": .title, "artist": .artist, "albumartist": .albumArtist, "album": .album, "track": .track,
        "disc": .disc, "year": .year, "format": .format,
    ]

    /// Appends the line for `track` to `bytes`.
    func append(_ track: Track, to bytes: inout [UInt8]) {
        literals.withUnsafeBufferPointer { literals in
            for index in pieces.indices {
                let piece = pieces[index]
                switch piece.kind {
                case .text: bytes.append(contentsOf: UnsafeBufferPointer(rebasing: literals[piece.literal]))
                case .title:
                    if let title = track.metadata.title { bytes.append(contentsOf: title.utf8) } else { bytes.append(contentsOf: track.path.stem.utf8) }
                case .artist: Self.append(joining: track.metadata.artists, to: &bytes)
                case .albumArtist: Self.append(joining: track.metadata.albumArtists, to: &bytes)
                case .album: if let album = track.metadata.album { bytes.append(contentsOf: album.utf8) }
                case .track: if let number = track.metadata.trackNumber { Formatting.appendDecimal(number, to: &bytes) }
                case .disc: if let number = track.metadata.discNumber { Formatting.appendDecimal(number, to: &bytes) }
                case .year: if let year = track.metadata.year { Formatting.appendDecimal(year, to: &bytes) }
                case .format: bytes.append(contentsOf: track.metadata.audio.format.utf8)
                case .other: if let value = readers[index]?(track) { bytes.append(contentsOf: value.utf8) }
                }
            }
        }
    }

    /// Whether every field the template prints is one a `TrackLine` holds (then the lines of
    /// a listing asking for the album artists can be printed with `append(_:to:)`).
    var printsOnlyLineFields: Bool { !pieces.contains { $0.kind == .other } }

    /// Appends the line for the track `line` to `bytes` (see `printsOnlyLineFields`): the
    /// bytes `append(_:to:)` writes for its track, text that is not UTF-8 repaired as a
    /// `String` is.
    func append(_ line: TrackLine, to bytes: inout [UInt8]) {
        literals.withUnsafeBufferPointer { literals in
            for piece in pieces {
                switch piece.kind {
                case .text: bytes.append(contentsOf: UnsafeBufferPointer(rebasing: literals[piece.literal]))
                case .title:
                    if let title = line.title { Self.append(title, to: &bytes) } else { bytes.append(contentsOf: (line.untitledPath?.stem ?? "").utf8) }
                case .artist: Self.append(joining: line.artists, to: &bytes)
                case .albumArtist: Self.append(joining: line.albumArtists, to: &bytes)
                case .album: if let album = line.album { Self.append(album, to: &bytes) }
                case .track: if let number = line.trackNumber { Formatting.appendDecimal(number, to: &bytes) }
                case .disc: if let number = line.discNumber { Formatting.appendDecimal(number, to: &bytes) }
                case .year: if let year = line.year { Formatting.appendDecimal(year, to: &bytes) }
                case .format: Self.append(line.format, to: &bytes)
                case .other: break
                }
            }
        }
    }

    /// Appends `text`, repaired as `String(decoding:as:)` repairs it when it is not UTF-8.
    private static func append(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        if UTF8Bytes.isValid(text) {
            bytes.append(contentsOf: text)
        } else {
            bytes.append(contentsOf: String(decoding: text, as: UTF8.self).utf8)
        }
    }

    /// Appends `values` separated by "; ", each as `append(_:to:)` does.
    private static func append(joining values: [UnsafeBufferPointer<UInt8>], to bytes: inout [UInt8]) {
        for index in values.indices {
            if index > 0 {
                bytes.append(UInt8(ascii: ";"))
                bytes.append(UInt8(ascii: " "))
            }
            append(values[index], to: &bytes)
        }
    }

    /// Appends `values` separated by "; " (what `TrackFields` shows of a list).
    private static func append(joining values: [String], to bytes: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: ";"))
                bytes.append(UInt8(ascii: " "))
            }
            bytes.append(contentsOf: value.utf8)
        }
    }
}
