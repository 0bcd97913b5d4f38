import Foundation
import KanoraAPI
import LibraryCore

/// A screen of track rows as JSON, byte for byte what `ViewModelRoutes.encoder` writes
/// (keys sorted, slashes unescaped, texts resolved by the localizer), with the rows written
/// straight into bytes: `JSONEncoder`'s keyed containers were a third of a 5,000-entry
/// playlist screen's time.
///
/// The rest of the screen still goes through `JSONEncoder` with no rows; the rows are then
/// put in its `"tracks":[]`.
enum TrackItemsJSON {
    /// The playlist screen as `ViewModelRoutes.encoder(localizer:)` encodes it.
    static func encode(_ screen: PlaylistScreen, localizer: any Localizer) throws -> [UInt8] {
        var shell = screen
        shell.tracks = []
        let head = [UInt8](try ViewModelRoutes.encoder(localizer: localizer).encode(shell))
        // Keys are sorted and quotes inside strings are escaped: this is the member itself.
        guard let member = head.firstRange(of: Array(#""tracks":[]"#.utf8)) else {
            throw EncodingError.invalidValue(screen, EncodingError.Context(codingPath: [], debugDescription: "No tracks member"))
        }
        let close = member.upperBound - 1
        var out: [UInt8] = []
        out.reserveCapacity(head.count + screen.tracks.count * 320)
        out.append(contentsOf: head[..<close])
        for (index, item) in screen.tracks.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            try row(item, localizer, &out)
        }
        out.append(contentsOf: head[close...])
        return out
    }

    /// One `TrackItem` object, its members in the order `sortedKeys` puts them.
    static func row(_ item: TrackItem, _ localizer: any Localizer, _ out: inout [UInt8]) throws {
        raw(#"{"album":"#, &out); string(item.album, &out)
        raw(#","albumID":"#, &out); number(item.albumID, &out)
        raw(#","artist":"#, &out); string(item.artist, &out)
        raw(#","artistID":"#, &out); number(item.artistID, &out)
        raw(#","duration":"#, &out)
        string(item.duration.seconds.map { localizer.duration(seconds: $0) } ?? item.duration.text ?? "", &out)
        raw(#","durationSeconds":"#, &out); try JSONString.appendNumber(item.durationSeconds, to: &out)
        raw(#","id":"#, &out); out.append(contentsOf: String(item.id).utf8)
        raw(#","note":"#, &out); text(item.note?.resolved(by: localizer), &out)
        raw(#","number":"#, &out); text(item.number, &out)
        if let position = item.position { raw(#","position":"#, &out); out.append(contentsOf: String(position).utf8) }
        raw(#","starred":"#, &out); raw(item.starred ? "true" : "false", &out)
        raw(#","streamURL":"#, &out); text(item.streamURL, &out)
        raw(#","title":"#, &out); string(item.title, &out)
        raw("}", &out)
    }

    private static func raw(_ text: StaticString, _ out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private static func string(_ value: String, _ out: inout [UInt8]) {
        JSONString.appendQuoted(value, to: &out)
    }

    private static func text(_ value: String?, _ out: inout [UInt8]) {
        if let value { string(value, &out) } else { raw("null", &out) }
    }

    private static func number(_ value: Int64?, _ out: inout [UInt8]) {
        if let value { out.append(contentsOf: String(value).utf8) } else { raw("null", &out) }
    }
}
