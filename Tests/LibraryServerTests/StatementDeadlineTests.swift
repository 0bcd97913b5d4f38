import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCore
@testable import LibraryServer
import LibraryServices
import LibraryStorage
import Synchronization
import TestKit
import TestSupport
import Testing

/// No request's SQL can hold the server: a deadline per database call, an interrupt at
/// shutdown, and the rest of the server answering meanwhile. Over real HTTP on 127.0.0.1.
@Suite("Statement deadlines over HTTP")
struct StatementDeadlineTests {
    static let bearer: HTTPFields = [.authorization: "Bearer \(FakeUserService.aliceKey)"]
    /// `GET /api/v1/tracks` with `{"query":"blue","includeMissing":false}`.
    static let tracks = "/api/v1/tracks?q=%7B%22query%22%3A%22blue%22%2C%22includeMissing%22%3Afalse%7D"

    @Test func aSlowRequestAnswersTheDeadlineError() async throws {
        let library = try EndlessLibrary()
        defer { library.remove() }
        let message = "The query took longer than 0.2 s: narrow it (a shorter regular expression, fewer terms)."
        // Bounded: without a deadline the requests, and the server's shutdown, never end.
        try await Wait.bounded("two slow requests to answer") {
            try await library.application(timeout: .milliseconds(200)).test(.live) { client in
                let api = try await client.execute(uri: Self.tracks, method: .get, headers: Self.bearer)
                #expect(api.status == .badRequest)
                #expect(try Self.error(api.body) == ["kind": "invalidInput", "message": message])
                let subsonic = try await client.json("stream", "id=tr-1&\(ServerHarness.alice)")
                #expect(subsonic.status == "failed")
                #expect(subsonic.errorCode == 10)
                #expect(subsonic.errorMessage == message)
            }
        }
        #expect(library.finished == 2)
    }

    @Test func pingsAnswerWhileFiveSlowRequestsHoldEveryReader() async throws {
        let library = try EndlessLibrary()
        defer { library.remove() }
        let state = library.state(timeout: .seconds(600))
        try await Wait.bounded("five slow requests and the pings") {
            try await library.application(state: state).test(.live) { client in
                let port = try #require(client.port)
                let slow = (0..<5).map { _ in Task(executorPreference: TestExecutor.shared) { try await Self.slowRequest(port: port) } }
                try await Wait.until("five slow requests, four of them in SQL") {
                    library.calls == 5 && library.started == DatabasePool.defaultReaderCount
                }
                let ping = try await client.json("ping")
                #expect(ping.status == "ok")
                let version = try await client.execute(uri: "/api/v1/version", method: .get, headers: Self.bearer)
                #expect(version.status == .ok)
                // Nothing ended the endless statements but the interrupter.
                #expect(library.finished == 0)
                state.statementInterrupter.interrupt()
                for request in slow {
                    let response = try await request.value
                    #expect(response.status == .serviceUnavailable)
                    #expect(try Self.error(response.body ?? ByteBuffer())["kind"] == "unavailable")
                }
            }
        }
        #expect(library.finished == 5)
    }

    /// `serve` interrupts running SQL when it starts shutting down (as on SIGTERM), so it
    /// stops even while statements that would run for hours are running.
    @Test func shutdownInterruptsRunningStatements() async throws {
        let library = try EndlessLibrary()
        defer { library.remove() }
        let running = RunningServer(
            services: library.services, configuration: ServerConfiguration(port: 0, watch: false, statementTimeout: nil))
        let port = try await running.port()
        let slow = Task { try await Self.slowRequest(port: port) }
        try await Wait.until("the slow request's statement to run") { library.started == 1 }
        try await running.stop()
        #expect(library.finished == 1)
        // The answer, when it made it out before the connection closed, says why.
        if let response = try? await slow.value {
            #expect(response.status == .serviceUnavailable)
        }
    }

    @Test func aPatternRE2RefusesIsA400NamingTheTerm() async throws {
        try await ServerHarness().live { client in
            let response = try await client.execute(
                uri: "/api/v1/tracks?q=%7B%22query%22%3A%22title%3A%3A(%3F%3Dx)%22%2C%22includeMissing%22%3Afalse%7D", method: .get, headers: Self.bearer)
            #expect(response.status == .badRequest)
            let error = try Self.error(response.body)
            #expect(error["kind"] == "invalidInput")
            #expect(error["message"]?.contains("\"title::(?=x)\"") == true)
            #expect(error["message"]?.contains("RE2: invalid perl operator") == true)
        }
    }

    /// A scan a client starts outlives the request on purpose: it runs without the
    /// request's limits, so even a server whose requests are all being interrupted syncs.
    @Test func aScanAClientStartsRunsWithoutTheRequestsLimits() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.copy(Fixtures.url("tagged.flac"), to: "a/one.flac")
        let harness = try ServerHarness()
        _ = try await harness.services.scanner.run(folder.path(""), name: "Temp")
        try folder.copy(Fixtures.url("tagged.flac"), to: "b/two.flac")
        harness.state.statementInterrupter.interrupt()
        try await harness.live { client in
            #expect(try await client.json("startScan").status == "ok")
            try await Wait.until("the scan started by startScan to finish") {
                try await client.json("getScanStatus")["scanStatus"]?["scanning"] as? Bool == false
            }
        }
        #expect(try await harness.services.library.tracks(ListRequest()).count == 2)
    }

    /// An answer's body is written after its handler returns: SQL run then has the limits too.
    @Test func aStreamedBodyRunsUnderTheLimits() async throws {
        let router = Router()
        router.add(middleware: StatementLimitsMiddleware(limits: StatementLimits(timeout: .seconds(3))))
        router.get("/body") { _, _ in
            Response(status: .ok, body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "\(StatementLimits.current?.timeout ?? .zero)"))
                try await writer.finish(nil)
            })
        }
        try await Application(router: router).test(.live) { client in
            let response = try await client.execute(uri: "/body", method: .get)
            #expect(String(buffer: response.body) == "\(Duration.seconds(3))")
        }
    }

    /// `GET /api/v1/tracks` on a connection of its own.
    static func slowRequest(port: Int) async throws -> TestClient.Response {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { try await $0.get(tracks, headers: bearer) }
    }

    /// The `{"kind", "message"}` of an API error answer.
    static func error(_ body: ByteBuffer) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
        return try #require(object?["error"] as? [String: String])
    }
}

/// A library whose `tracks` and `track(id:)` run a statement that counts to 10^10 on a real
/// database (four reader connections), so a request stays in SQL until its limits stop it.
final class EndlessLibrary: Sendable {
    static let endless: SQL = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10000000000) SELECT count(*) FROM c"
    private let folder: TemporaryDirectory
    let services: ServiceContainer

    init() throws {
        folder = try TemporaryDirectory("endless")
        let database = try Database.open(.file(folder.path("library.sqlite")))
        let probe = Probe()
        var library = MockLibraryService()
        library.tracksHandler = { _ in
            try await probe.endless(database)
            return []
        }
        library.trackByIDHandler = { _ in
            try await probe.endless(database)
            return nil
        }
        let base = try ServiceContainer.inMemory()
        services = ServiceContainer(
            library: library, scanner: base.scanner, playlists: base.playlists, users: FakeUserService(), feed: base.feed)
        self.probe = probe
    }

    private let probe: Probe

    /// Calls that reached the service, statements that started, and calls that ended.
    var calls: Int { probe.calls.load(ordering: .relaxed) }
    var started: Int { probe.started.load(ordering: .relaxed) }
    var finished: Int { probe.finished.load(ordering: .relaxed) }

    /// A server state with `timeout` for every request's database calls.
    func state(timeout: Duration?) -> ServerState {
        ServerState(configuration: ServerConfiguration(port: 0, watch: false, serverVersion: "9.9.9", statementTimeout: timeout))
    }

    func application(state: ServerState) -> some ApplicationProtocol {
        KanoraServer.application(services: services, configuration: state.configuration, state: state)
    }

    func application(timeout: Duration?) -> some ApplicationProtocol {
        application(state: state(timeout: timeout))
    }

    func remove() { folder.remove() }

    private final class Probe: Sendable {
        let calls = Atomic(0)
        let started = Atomic(0)
        let finished = Atomic(0)

        /// Runs the endless count as a service would: its errors become `LibraryError`s.
        func endless(_ database: DatabasePool) async throws {
            calls.add(1, ordering: .relaxed)
            defer { finished.add(1, ordering: .relaxed) }
            do {
                _ = try await database.asyncRead { [self] connection in
                    started.add(1, ordering: .relaxed)
                    return try connection.scalar(EndlessLibrary.endless) as Int?
                }
            } catch {
                throw LibraryError.wrap(error)
            }
        }
    }
}
