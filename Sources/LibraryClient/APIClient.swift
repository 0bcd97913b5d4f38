import AsyncHTTPClient
import Foundation
import KanoraAPI
import LibraryServices
import NIOCore
import NIOHTTP1
import Synchronization

/// Sends `KanoraAPI` requests to a Kanora server with an API key, checking once that the
/// server speaks this API version; every failure becomes a `LibraryError` with one line
/// a user can act on.
public final class APIClient: Sendable {
    /// The server's address, e.g. `http://home:4544`.
    public let baseURL: URL
    private let token: String
    private let version = Mutex<Task<VersionInfo, any Error>?>(nil)

    /// One HTTP client for the process: connections are pooled and reused across requests.
    static let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)

    /// Connect within 5 s, no 60 s silence while reading. A refused connection fails at
    /// once instead of being retried until the connect timeout: a command talks to one
    /// server, and "is it running?" should not take 5 seconds to ask.
    static var configuration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(5), read: .seconds(60)), decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// The longest answer read (a library's every track as JSON).
    static let maximumAnswerSize = 1 << 31

    /// How long one answer may take in all (a scan's stream excepted).
    let answerTimeout: TimeAmount

    /// A client of the server at `baseURL` with the API key `token`; `answerTimeout` bounds
    /// each answer (tests shorten it).
    public init(baseURL: URL, token: String, answerTimeout: TimeAmount = .seconds(120)) {
        self.baseURL = baseURL
        self.token = token
        self.answerTimeout = answerTimeout
    }

    /// Sends `request` and decodes its answer.
    public func send<R: APIRequest>(_ request: R) async throws -> R.Response {
        try await checkVersion()
        return try await exchange(request)
    }

    /// Sends a streaming request; its lines arrive as they are sent. A line `failure`
    /// turns into an error ends the stream with that error.
    public func stream<R: APIStreamingRequest>(
        _ request: R, failure: @escaping @Sendable (R.Response) -> LibraryError?
    ) -> AsyncThrowingStream<R.Response, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: R.Response.self)
        let task = Task {
            do {
                try await checkVersion()
                // A long scan streams for as long as it runs: only the read timeout applies.
                let response = try await perform(request, deadline: .distantFuture)
                guard response.status == .ok else { throw try await failureError(response, endpoint: R.path) }
                var pending: [UInt8] = []
                let decoder = API.decoder
                for try await buffer in response.body {
                    pending.append(contentsOf: buffer.readableBytesView)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        // An empty line is the server keeping a silent stream alive.
                        guard newline > pending.startIndex else {
                            pending.removeFirst()
                            continue
                        }
                        let line = try decoder.decode(R.Response.self, from: Data(pending[..<newline]))
                        pending.removeSubrange(...newline)
                        if let error = failure(line) { throw error }
                        continuation.yield(line)
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: self.libraryError(for: error))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Opens the server's change feed (`GET /api/v1/events`, Server-Sent Events) and returns
    /// its bytes as they arrive, for `RemoteFeedBridge`; the stream ends or throws when the
    /// connection drops. The server sends a heartbeat every 15 s, well inside the read timeout.
    public func events(lastEventID: String?) async throws -> AsyncThrowingStream<[UInt8], any Error> {
        do {
            try await checkVersion()
            let response = try await perform(
                EventsRequest(), deadline: .distantFuture, accept: "text/event-stream",
                headers: lastEventID.map { [("Last-Event-ID", $0)] } ?? [])
            guard response.status == .ok else { throw try await failureError(response, endpoint: EventsRequest.path) }
            return AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await buffer in response.body { continuation.yield(Array(buffer.readableBytesView)) }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: self.libraryError(for: error))
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        } catch {
            throw libraryError(for: error)
        }
    }

    /// A listing's slices as its bytes arrive, so they are decoded while the rest comes.
    private static func slices(of body: HTTPClientResponse.Body) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var splitter = JSONArraySplitter()
                    for try await buffer in body {
                        for slice in try splitter.feed(buffer.readableBytesView) { continuation.yield(slice) }
                    }
                    guard splitter.finished else { throw HTTPClientError.remoteConnectionClosed }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Asks `GET /api/v1/version` once per client; refuses another API version.
    func checkVersion() async throws {
        let task = version.withLock { task in
            if let task { return task }
            let new = Task { try await self.exchange(VersionRequest()) }
            task = new
            return new
        }
        let info: VersionInfo
        do {
            info = try await task.value
        } catch {
            // Only an answer is remembered: a server down now may be up for the next request.
            version.withLock { if $0 == task { $0 = nil } }
            throw error
        }
        guard info.api == API.version else {
            throw LibraryError(.unavailable, "The Kanora server at \(address) speaks API version \(info.api) (Kanora \(info.server)); this kanora speaks version \(API.version): use the same Kanora version on both.")
        }
    }

    /// One request and its decoded answer, without the version check.
    private func exchange<R: APIRequest>(_ request: R) async throws -> R.Response {
        do {
            let response = try await perform(request, deadline: .now() + answerTimeout)
            guard response.status == .ok else { throw try await failureError(response, endpoint: R.path) }
            do {
                if let array = R.Response.self as? any ParallelJSONArray.Type {
                    return try await array.decodeSlices(Self.slices(of: response.body)) as! R.Response
                }
                let body = try await response.body.collect(upTo: Self.maximumAnswerSize)
                return try API.decoder.decode(R.Response.self, from: Data(body.readableBytesView))
            } catch let error as DecodingError {
                throw notKanora("an answer to \(R.path) that does not read: \(error)")
            }
        } catch {
            throw libraryError(for: error)
        }
    }

    private func perform<R: APIRequest>(
        _ request: R, deadline: NIODeadline, accept: String = "application/json", headers: [(String, String)] = []
    ) async throws -> HTTPClientResponse {
        var http = HTTPClientRequest(url: address + (try request.target()))
        http.method = HTTPMethod(rawValue: R.method.rawValue)
        http.headers.add(name: "Authorization", value: "Bearer \(token)")
        http.headers.add(name: "Accept", value: accept)
        http.headers.add(contentsOf: headers)
        if R.Body.self != APIEmpty.self {
            http.headers.add(name: "Content-Type", value: API.jsonContentType)
            http.body = .bytes(ByteBuffer(bytes: try API.encoder.encode(request.body)))
        }
        return try await Self.http.execute(http, deadline: deadline)
    }

    /// The error an answer other than 200 carries: the server's envelope, or "not Kanora".
    private func failureError(_ response: HTTPClientResponse, endpoint: String) async throws -> LibraryError {
        let body = try await response.body.collect(upTo: 1 << 20)
        guard let envelope = try? API.decoder.decode(APIErrorEnvelope.self, from: Data(body.readableBytesView)) else {
            return notKanora("HTTP \(response.status.code) for \(endpoint)")
        }
        let error = envelope.libraryError
        if error.code == .unauthorized, !envelope.error.message.hasPrefix("Too many") {
            return LibraryError(.unauthorized, "The server refused the token: create one with `kanora user key NAME` on the server and pass it with --token or KANORA_TOKEN.")
        }
        return error
    }

    private func notKanora(_ what: String) -> LibraryError {
        LibraryError(.unavailable, "The server at \(address) is not a Kanora server (\(what)): check the --server address.")
    }

    /// `baseURL` without a trailing slash.
    var address: String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
