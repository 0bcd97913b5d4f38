import Foundation
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import Logging
import Synchronization
import Testing

@Suite("Request log")
struct RequestLogTests {
    @Test func logsOneLinePerRequestWithoutCredentials() async throws {
        let lines = LogLines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .info
        let harness = try ServerHarness()
        let app = KanoraServer.application(
            services: harness.services, configuration: harness.state.configuration, state: harness.state, logger: logger)
        let token = FakeUserService.aliceToken
        try await app.test(.router) { client in
            _ = try await client.execute(uri: "/rest/ping.view?u=alice&p=opensesame", method: .get)
            _ = try await client.execute(uri: "/rest/ping?u=alice&t=\(token.token)&s=\(token.salt)", method: .get)
            _ = try await client.execute(uri: "/rest/ping?apiKey=\(FakeUserService.aliceKey)", method: .get)
            _ = try await client.execute(uri: "/rest/ping?u=alice&p=wrong-secret", method: .get)
            _ = try await client.execute(
                uri: "/rest/ping", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "u=alice&p=enc:6f70656e736573616d65"))
        }
        let text = lines.all.joined(separator: "\n")
        #expect(lines.all.count == 6, "\(text)")
        #expect(text.contains(#"Failed login as "alice" from local (password)"#))
        #expect(text.contains("GET /rest/ping.view ping ok"))
        #expect(text.contains("GET /rest/ping ping error 40"))
        #expect(text.contains("POST /rest/ping ping ok"))
        for secret in ["opensesame", "wrong-secret", token.token, token.salt, FakeUserService.aliceKey, "6f70656e736573616d65", "p=", "t=", "apiKey"] {
            #expect(!text.contains(secret), "the log shows \(secret)")
        }
    }
}

final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let metadata = (event.metadata ?? [:]).merging(self.metadata) { new, _ in new }
        lines.append("\(event.level) \(event.message) \(metadata)")
    }
}
