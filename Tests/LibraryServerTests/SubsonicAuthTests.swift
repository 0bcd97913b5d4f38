import Foundation
import Synchronization
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import Testing

@Suite("Subsonic authentication")
struct SubsonicAuthTests {
    @Test func acceptsEveryScheme() async throws {
        let token = FakeUserService.aliceToken
        try await ServerHarness().test { client in
            for credentials in [
                "u=alice&p=opensesame", "u=alice&p=enc:6f70656e736573616d65", "u=alice&p=enc:6F70656E736573616D65",
                "u=alice&t=\(token.token)&s=\(token.salt)", "u=alice&t=\(token.token.uppercased())&s=\(token.salt)",
                "apiKey=\(FakeUserService.aliceKey)", "u=bob&p=swordfish",
            ] {
                let answer = try await client.json("ping", credentials + "&v=1.16.1&c=test")
                #expect(answer.status == "ok", "\(credentials)")
            }
        }
    }

    @Test func refusesMissingWrongAndConflictingCredentials() async throws {
        let cases: [(query: String, code: Int)] = [
            ("", 10), ("u=alice", 10), ("p=opensesame", 10), ("u=alice&t=abc", 10), ("u=alice&p=enc:7", 10),
            ("u=alice&p=enc:zz", 10),
            ("u=alice&p=wrong", 40), ("u=nobody&p=opensesame", 40), ("u=alice&p=enc:77726f6e67", 40),
            ("u=alice&t=feb43043b83ff502237629f8b5bc082b&s=others", 40), ("u=bob&p=opensesame", 40),
            ("apiKey=nope", 44), ("apiKey=\(FakeUserService.aliceKey)&u=alice", 43),
        ]
        try await ServerHarness().test { client in
            for (query, code) in cases {
                let answer = try await client.json("ping", query)
                #expect(answer.status == "failed", "\(query)")
                #expect(answer.errorCode == code, "\(query): \(answer.errorMessage ?? "")")
            }
        }
    }

    @Test func missingCredentialsNameTheParameter() async throws {
        try await ServerHarness().test { client in
            #expect(try await client.json("ping", "").errorMessage == "Required parameter 'u' is missing")
            #expect(try await client.json("ping", "u=alice&t=x").errorMessage == "Required parameter 's' is missing")
            let xml = try await client.xml("ping", "u=alice")
            #expect(xml.contains(#"status="failed""#))
            #expect(xml.contains(#"<error code="10" message="Required parameter &apos;p&apos; is missing"/>"#))
        }
    }

    @Test func adminEndpointsRefuseOtherUsers() async throws {
        try await ServerHarness().test { client in
            let answer = try await client.json("startScan", ServerHarness.bob)
            #expect(answer.errorCode == 50)
        }
    }

    @Test func getOpenSubsonicExtensionsNeedsNoCredentials() async throws {
        try await ServerHarness().test { client in
            let extensions = try await client.json("getOpenSubsonicExtensions", "")
            #expect(extensions.status == "ok")
            let license = try await client.json("getLicense", "")
            #expect(license.errorCode == 10)
        }
    }

    @Test func throttlesAnAddressAfterRepeatedFailures() async throws {
        let clock = TestClock()
        let throttle = LoginThrottle(maximumFailures: 3, window: 60, lockout: 30, now: clock.now)
        try await ServerHarness(throttle: throttle).test { client in
            for _ in 0..<2 { #expect(try await client.json("ping", "u=alice&p=guess").errorCode == 40) }
            // Successes in between never count.
            for _ in 0..<5 { #expect(try await client.json("ping").status == "ok") }
            #expect(try await client.json("ping", "u=alice&p=guess").errorCode == 40)
            let locked = try await client.json("ping")
            #expect(locked.errorCode == 40)
            #expect(locked.errorMessage == "Too many failed logins from this address: wait 30 seconds and try again")
            clock.advance(by: 31)
            #expect(try await client.json("ping").status == "ok")
        }
    }

    @Test func failuresOutsideTheWindowAreForgotten() {
        let clock = TestClock()
        let throttle = LoginThrottle(maximumFailures: 3, window: 60, lockout: 30, now: clock.now)
        throttle.recordFailure(for: "a")
        throttle.recordFailure(for: "a")
        clock.advance(by: 61)
        throttle.recordFailure(for: "a")
        #expect(throttle.lockedSeconds(for: "a") == nil)
        throttle.recordFailure(for: "a")
        throttle.recordFailure(for: "a")
        #expect(throttle.lockedSeconds(for: "a") == 30)
        #expect(throttle.lockedSeconds(for: "b") == nil)
    }

    @Test func remembersABoundedNumberOfAddresses() {
        let clock = TestClock()
        let throttle = LoginThrottle(maximumFailures: 2, window: 60, lockout: 30, capacity: 100, now: clock.now)
        for index in 0..<1_000 {
            throttle.recordFailure(for: "10.0.\(index / 256).\(index % 256)")
            clock.advance(by: 0.001)
        }
        #expect(throttle.count <= 100)
        // The newest address is still remembered.
        throttle.recordFailure(for: "10.0.3.231")
        #expect(throttle.lockedSeconds(for: "10.0.3.231") == 30)
    }
}

/// A settable clock for the throttle.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_000_000))
    var now: @Sendable () -> Date { { self.time.withLock { $0 } } }
    func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
}
