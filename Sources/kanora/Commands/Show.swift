import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show every stored field of one track.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The track's id (from `kanora list`) or its file path.")
        var track: String

        func run() async throws {
            let viewModel = TrackDetailViewModel(services: try global.services(mustExist: true))
            await viewModel.load(track)
            guard let track = viewModel.state.track else {
                throw LibraryError(.notFound, viewModel.state.viewState.failureMessage ?? "No such track.")
            }
            let fields = TrackFields.all(of: track)
            let console = Console.current
            if global.json {
                console.out(JSONOutput.text(TrackDetailJSON(fields: fields)))
                return
            }
            let width = fields.map { DisplayWidth.of($0.name) }.max() ?? 0
            for field in fields where field.value != nil {
                let padding = String(repeating: " ", count: width - DisplayWidth.of(field.name))
                console.out("\(field.name):\(padding) \(field.value ?? "")")
            }
        }
    }
}

/// Every stored field of a track as (name, text) pairs, in a stable order.
enum TrackFields {
    static func all(of track: Track) -> [(name: String, value: String?)] {
        let m = track.metadata
        func join(_ values: [String]) -> String? { values.isEmpty ? nil : values.joined(separator: "; ") }
        var fields: [(String, String?)] = [
            ("id", String(track.id)), ("path", track.path.text), ("library", track.libraryName),
            ("title", track.title), ("titlesort", m.titleSort), ("artist", join(m.artists)),
            ("artistsort", m.artistSort), ("albumartist", join(m.albumArtists)),
            ("albumartistsort", m.albumArtistSort), ("album", m.album), ("albumsort", m.albumSort),
            ("track", m.trackNumber.map(String.init)), ("tracktotal", m.trackTotal.map(String.init)),
            ("disc", m.discNumber.map(String.init)), ("disctotal", m.discTotal.map(String.init)),
            ("date", m.date), ("year", m.year.map(String.init)), ("originaldate", m.originalDate),
            ("originalyear", m.originalYear.map(String.init)), ("genre", join(m.genres)),
            ("composer", m.composer), ("comment", m.comment), ("compilation", m.compilation ? "yes" : "no"),
            ("bpm", m.bpm.map { String(format: "%g", $0) }),
            ("mb_trackid", m.musicBrainz.recordingID), ("mb_releasetrackid", m.musicBrainz.trackID),
            ("mb_albumid", m.musicBrainz.albumID), ("mb_releasegroupid", m.musicBrainz.releaseGroupID),
            ("mb_artistid", m.musicBrainz.artistID), ("mb_albumartistid", m.musicBrainz.albumArtistID),
            ("rg_track_gain", m.replayGain.trackGain.map { String(format: "%.2f dB", $0) }),
            ("rg_track_peak", m.replayGain.trackPeak.map { String(format: "%.6f", $0) }),
            ("rg_album_gain", m.replayGain.albumGain.map { String(format: "%.2f dB", $0) }),
            ("rg_album_peak", m.replayGain.albumPeak.map { String(format: "%.6f", $0) }),
            ("format", m.format), ("length", Formatting.duration(milliseconds: Int64(m.durationMs))),
            ("duration_ms", String(m.durationMs)), ("bitrate", m.bitrate.map { "\($0) kbps" }),
            ("samplerate", m.sampleRate.map { "\($0) Hz" }), ("channels", m.channels.map(String.init)),
            ("bitdepth", m.bitDepth.map(String.init)), ("cover", m.hasCoverArt ? "embedded" : "none"),
            ("size", "\(track.fileSize) (\(Formatting.bytes(track.fileSize)))"),
            ("added", Formatting.timestamp(track.addedAt)), ("updated", Formatting.timestamp(track.updatedAt)),
            ("missing", track.missingSince.map(Formatting.timestamp) ?? "no"),
        ]
        for key in m.otherTags.keys.sorted() {
            fields.append(("tag:" + key, m.otherTags[key]?.joined(separator: "; ")))
        }
        return fields.map { (name: $0.0, value: $0.1) }
    }
}

/// `kanora show --json`: every field by name, null when absent.
struct TrackDetailJSON: Encodable {
    let fields: [(name: String, value: String?)]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in fields {
            try container.encode(field.value, forKey: Key(stringValue: field.name))
        }
    }
}
