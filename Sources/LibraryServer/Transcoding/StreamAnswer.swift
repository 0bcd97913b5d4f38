import Foundation
import Hummingbird
import LibraryCore
import LibraryServices
import Logging

/// The answer to a stream of one track, for Subsonic's `stream` and `download` and for
/// `/api/v1/stream`: the original file with Range, or a transcode as `StreamRules` decide.
enum StreamAnswer {
    /// Why a stream is not answered; each front end words it in its own envelope.
    enum Failure: Error, Equatable {
        /// The track's file is gone or changed since the last scan, or its library is.
        case notFound(String)
        /// A parameter is unusable (nil parameter: the server cannot do what was asked).
        case refused(StreamRefusal)
        /// Every transcoding slot is taken.
        case busy(String)
        /// ffmpeg failed or could not read the file.
        case failed(String)
    }

    /// The response for `track` as `ask` wants it; `download` always sends the original,
    /// named for saving.
    static func response(
        track: Track, ask: StreamAsk, download: Bool, services: ServiceContainer, transcoder: Transcoder,
        request: Request, logger: Logger
    ) async throws(Failure) -> Response {
        var plan = StreamPlan.original
        if !download {
            do throws(StreamRefusal) { plan = try transcoder.plan(ask, for: track) } catch { throw .refused(error) }
        }
        let name = download ? String(decoding: track.path.lastComponent, as: UTF8.self) : nil
        let type = AudioContentType.of(format: track.metadata.audio.format)
        let libraries: [Library]
        do { libraries = try await services.library.libraries() } catch { throw .failed("The libraries cannot be read: \(error)") }
        guard let library = libraries.first(where: { $0.id == track.libraryID }) else {
            throw .notFound("Song \(SubsonicID.track(track.id)) belongs to no library any more.")
        }
        let opened: Result<MediaFile, IndexedFile.Refusal>
        do {
            opened = try await OffCooperativePool.run {
                IndexedFile.open(track, root: library.root, contentType: type, downloadName: name)
            }
        } catch {
            throw .failed("The file of song \(SubsonicID.track(track.id)) cannot be opened: \(error)")
        }
        let file: MediaFile
        switch opened {
        case .success(let opened): file = opened
        case .failure(.gone):
            throw .notFound("The file of song \(SubsonicID.track(track.id)) is gone since the last scan: rescan its library.")
        case .failure(.changed):
            throw .notFound("The file of song \(SubsonicID.track(track.id)) changed since the last scan: rescan its library to play it.")
        }
        switch plan {
        case .original:
            return MediaEndpoints.responder.response(for: file, request: request)
        case .transcode(let format, let bitRate):
            do throws(TranscodeFailure) {
                return try await transcoder.response(
                    track: track, file: file, format: format, bitRate: bitRate, ask: ask, request: request, logger: logger)
            } catch {
                switch error {
                case .busy(let message): throw .busy(message)
                case .failed(let message): throw .failed(message)
                }
            }
        }
    }
}

extension StreamAsk {
    /// The ask in Subsonic's parameters (`format`, `maxBitRate`, `timeOffset`, `estimateContentLength`).
    init(_ parameters: SubsonicParameters) throws(SubsonicError) {
        format = parameters.string("format")
        maxBitRate = try parameters.int("maxBitRate") ?? 0
        if let text = parameters.string("timeOffset") {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                throw .invalidParameter("timeOffset", "takes seconds from 0 up, e.g. timeOffset=30, not '\(text.prefix(32))'")
            }
            timeOffset = seconds
        }
        estimateContentLength = try parameters.bool("estimateContentLength") ?? false
    }
}

extension StreamAnswer.Failure {
    /// The Subsonic error for this failure: 70 not found, 10 a bad parameter, else 0.
    var subsonic: SubsonicError {
        switch self {
        case .notFound(let message): .notFound(message)
        case .refused(let refusal):
            refusal.parameter.map { SubsonicError(code: 10, "Parameter '\($0)': \(refusal.description)") }
                ?? .generic(refusal.description)
        case .busy(let message), .failed(let message): .generic(message)
        }
    }

    /// The `/api/v1/` error for this failure: not found, invalid input for a bad parameter,
    /// a conflict for what the server cannot do now, else the file system's fault.
    var libraryError: LibraryError {
        switch self {
        case .notFound(let message): LibraryError(.notFound, message)
        case .refused(let refusal): LibraryError(refusal.parameter == nil ? .conflict : .invalidInput, refusal.description + ".")
        case .busy(let message): LibraryError(.conflict, message)
        case .failed(let message): LibraryError(.fileSystem, message)
        }
    }
}
