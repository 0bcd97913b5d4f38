import Foundation
import Hummingbird
import LibraryCore
import LibraryServices

/// Media: `stream` (the original file with byte ranges, or a transcode), `download` (the
/// original), `getCoverArt`, `getLyricsBySongId` (OpenSubsonic songLyrics) and `getLyrics`.
///
/// Files are reached only through ids and the services: no parameter is ever a path, and a
/// track's file is sent only while it is the file the last scan indexed (`IndexedFile`), so
/// no request can read a file the libraries do not index.
enum MediaEndpoints: SubsonicEndpointGroup {
    static let endpoints: [SubsonicEndpoint] = [
        SubsonicEndpoint("stream") { request in try await file(request, download: false) },
        SubsonicEndpoint("download") { request in try await file(request, download: true) },
        SubsonicEndpoint("getCoverArt") { request in try await coverArt(request) },
        SubsonicEndpoint("getLyricsBySongId") { request in try await LyricsAnswers.bySongID(request) },
        SubsonicEndpoint("getLyrics") { request in try await LyricsAnswers.byArtistAndTitle(request) },
    ]

    static let responder = MediaResponder()

    /// `stream`: the original file, or a transcode when `format`, `maxBitRate` or
    /// `timeOffset` ask for one (`StreamRules`); `estimateContentLength` sends a
    /// Content-Length while transcoding. `download`: always the original. Only songs
    /// download (no zipped albums or folders).
    static func file(_ request: SubsonicRequest, download: Bool) async throws -> SubsonicReply {
        let track = try await presentTrack(request)
        let ask = download ? StreamAsk() : try StreamAsk(request.parameters)
        do throws(StreamAnswer.Failure) {
            return .raw(try await StreamAnswer.response(
                track: track, ask: ask, download: download, services: request.services, transcoder: request.server.transcoder,
                request: request.http, logger: request.logger))
        } catch {
            throw error.subsonic
        }
    }

    /// The track named by `id`, when its file is present.
    static func presentTrack(_ request: SubsonicRequest) async throws -> Track {
        let id = try request.parameters.id("id", as: .track)
        guard let track = try await request.services.library.track(id: id.value), !track.isMissing else { throw id.notFound }
        return track
    }

    /// What a cover id names: a track, album, artist or folder (nil: nothing with a cover).
    static func artworkItem(_ id: SubsonicID) -> ArtworkItem? {
        switch id.kind {
        case .track: .track(id.value)
        case .album: .album(id.value)
        case .artist: .artist(id.value)
        case .folder: .folder(id.value)
        default: nil
        }
    }

    /// The cover of a song, album, artist or folder id (as the browse answers give them in
    /// `coverArt`), fitted into `size`×`size` when asked.
    static func coverArt(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let id = try SubsonicID(parsing: try request.parameters.required("id"))
        let size = try request.parameters.int("size")
        if let size, size < 1 { throw SubsonicError.invalidParameter("size", "must be at least 1, not \(size)") }
        guard let item = artworkItem(id) else { throw SubsonicError.notFound("No cover art for \(id)") }
        let artwork = try await request.services.artwork.cover(for: item, size: size)
        var headers = HTTPFields()
        headers[.contentType] = artwork.mimeType
        // Covers change rarely; a day keeps clients from asking on every screen.
        headers[.cacheControl] = "private, max-age=86400"
        return .raw(Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: artwork.data))))
    }
}
