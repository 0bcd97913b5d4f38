import Foundation
import Hummingbird
import HummingbirdTesting
@testable import LibraryServer
import Logging
import Testing

@Suite("Who the client is: trusted proxies, forwarded addresses, the login throttle by address and by account")
struct ClientAddressTests {
    private static func fields(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPFields.Element(name: HTTPFields.Element.Name(name)!, value: value)) }
        return fields
    }

    @Test func rangesParseAndContainAddresses() throws {
        let local = try AddressRange(parsing: "127.0.0.0/8")
        #expect(local.contains(IPAddress("127.1.2.3")!))
        #expect(local.contains(IPAddress("::ffff:127.0.0.1")!))
        #expect(!local.contains(IPAddress("128.0.0.1")!))
        #expect(!local.contains(IPAddress("::1")!))
        let v6 = try AddressRange(parsing: "fd00::/8")
        #expect(v6.contains(IPAddress("fd12:3456::1")!))
        #expect(!v6.contains(IPAddress("fe80::1")!))
        #expect(try AddressRange(parsing: "10.0.0.7").contains(IPAddress("10.0.0.7")!))
        #expect(try !AddressRange(parsing: "10.0.0.7").contains(IPAddress("10.0.0.8")!))
        #expect(try AddressRange(parsing: "10.1.2.3/12").contains(IPAddress("10.15.255.255")!))
        #expect(try !AddressRange(parsing: "10.1.2.3/12").contains(IPAddress("10.16.0.0")!))
        #expect(throws: AddressRangeError.self) { try AddressRange(parsing: "proxy.local") }
        #expect(throws: AddressRangeError.self) { try AddressRange(parsing: "10.0.0.0/33") }
        #expect(IPAddress("::ffff:192.0.2.1")?.description == "192.0.2.1")
        #expect(IPAddress("2001:DB8:0:0:0:0:0:1")?.description == "2001:db8::1")
    }

    @Test func forwardingHeadersAreBelievedOnlyFromTrustedProxies() throws {
        let none = ClientAddressResolver(trustedProxies: [])
        let forged = Self.fields([("X-Forwarded-For", "203.0.113.9")])
        #expect(none.client(peer: "127.0.0.1", headers: forged) == "127.0.0.1")
        #expect(none.client(peer: "198.51.100.4", headers: forged) == "198.51.100.4")
        #expect(none.client(peer: nil, headers: forged) == "local")

        let proxies = ClientAddressResolver(trustedProxies: [try AddressRange(parsing: "127.0.0.1"), try AddressRange(parsing: "10.0.0.0/8")])
        // The client forged the leftmost entry; nginx appended the address it saw.
        let chain = Self.fields([("X-Forwarded-For", "1.2.3.4, 198.51.100.7")])
        #expect(proxies.client(peer: "127.0.0.1", headers: chain) == "198.51.100.7")
        // Two trusted proxies in a row: the first untrusted hop from the right.
        let twoHops = Self.fields([("X-Forwarded-For", "6.6.6.6, 198.51.100.7, 10.1.1.1"), ("X-Forwarded-For", "10.2.2.2")])
        #expect(proxies.client(peer: "::ffff:127.0.0.1", headers: twoHops) == "198.51.100.7")
        // Every hop trusted: the leftmost.
        #expect(proxies.client(peer: "127.0.0.1", headers: Self.fields([("X-Forwarded-For", "10.3.3.3, 10.1.1.1")])) == "10.3.3.3")
        // No header: the proxy itself.
        #expect(proxies.client(peer: "127.0.0.1", headers: HTTPFields()) == "127.0.0.1")
        // RFC 7239, read when there is no X-Forwarded-For.
        let forwarded = Self.fields([("Forwarded", #"for=6.6.6.6, for="[2001:db8::17]:4711";proto=https, for=10.0.0.2"#)])
        #expect(proxies.client(peer: "127.0.0.1", headers: forwarded) == "2001:db8::17")
        // Garbage where an address should be is the client's own text, bounded.
        let garbage = Self.fields([("X-Forwarded-For", String(repeating: "x", count: 500))])
        #expect(proxies.client(peer: "127.0.0.1", headers: garbage).count == 64)
        #expect(proxies.client(peer: "203.0.113.50", headers: chain) == "203.0.113.50")
    }

    private static func ping(
        _ client: any TestClientProtocol, _ credentials: String, forwardedFor address: String? = nil
    ) async throws -> JSONAnswer {
        var headers = HTTPFields()
        if let address { headers[HTTPFields.Element.Name("X-Forwarded-For")!] = address }
        let response = try await client.execute(uri: "/rest/ping?\(credentials)&f=json", method: .get, headers: headers)
        return try JSONAnswer(response.body)
    }

    @Test func aForgedHeaderFromAnUntrustedPeerDoesNotDodgeTheLockout() async throws {
        let throttle = LoginThrottle(maximumFailures: 10, window: 600, lockout: 600)
        try await ServerHarness(throttle: throttle).live { client in
            for guess in 0..<11 {
                _ = try await Self.ping(client, "u=alice&p=guess\(guess)", forwardedFor: "203.0.113.\(guess)")
            }
            let answer = try await Self.ping(client, ServerHarness.alice, forwardedFor: "203.0.113.99")
            #expect(answer.errorCode == 40)
            #expect(answer.errorMessage?.hasPrefix("Too many failed logins from this address") == true)
        }
        #expect(throttle.lockedSeconds(for: "127.0.0.1") != nil)
    }

    @Test func behindATrustedProxyEachForwardedClientIsThrottledAlone() async throws {
        let throttle = LoginThrottle(maximumFailures: 2, window: 600, lockout: 600)
        let harness = try ServerHarness(throttle: throttle, trustedProxies: [try AddressRange(parsing: "127.0.0.0/8")])
        try await harness.live { client in
            for _ in 0..<2 { _ = try await Self.ping(client, "u=alice&p=guess", forwardedFor: "10.9.9.9, 192.0.2.66") }
            #expect(try await Self.ping(client, ServerHarness.alice, forwardedFor: "192.0.2.66").errorCode == 40)
            #expect(try await Self.ping(client, ServerHarness.alice, forwardedFor: "192.0.2.10").status == "ok")
            #expect(try await Self.ping(client, ServerHarness.alice).status == "ok", "the proxy itself is another client")
        }
        #expect(throttle.lockedSeconds(for: "192.0.2.66") != nil)
        #expect(throttle.lockedSeconds(for: "10.9.9.9") == nil)
    }

    @Test func guessingOneAccountFromManyAddressesLocksItForNewDevicesOnly() async throws {
        let clock = TestClock()
        let throttle = LoginThrottle(
            maximumFailures: 10, window: 60, lockout: 60, maximumAccountFailures: 5, accountWindow: 600,
            accountLockout: 60, maximumAccountLockout: 240, now: clock.now)
        let harness = try ServerHarness(throttle: throttle, trustedProxies: [try AddressRange(parsing: "127.0.0.1")])
        try await harness.live { client in
            // The owner's phone logged in before the attack.
            #expect(try await Self.ping(client, ServerHarness.alice, forwardedFor: "192.0.2.1").status == "ok")
            for bot in 0..<5 { _ = try await Self.ping(client, "u=alice&p=guess", forwardedFor: "198.51.100.\(bot)") }
            // A new address, even with the right password, waits; other accounts do not.
            let refused = try await Self.ping(client, ServerHarness.alice, forwardedFor: "198.51.100.200")
            #expect(refused.errorCode == 40)
            #expect(refused.errorMessage == "Too many failed logins to this account: wait 60 seconds, or log in from a device that logged in before")
            #expect(try await Self.ping(client, ServerHarness.bob, forwardedFor: "198.51.100.200").status == "ok")
            // The owner's phone is never locked out.
            #expect(try await Self.ping(client, ServerHarness.alice, forwardedFor: "192.0.2.1").status == "ok")
            // The lockout ends; a second round of guessing doubles it.
            clock.advance(by: 61)
            for bot in 0..<5 { _ = try await Self.ping(client, "u=alice&p=guess", forwardedFor: "198.51.100.\(bot + 10)") }
            #expect(try await Self.ping(client, ServerHarness.alice, forwardedFor: "198.51.100.201").errorMessage?.contains("wait 120 seconds") == true)
            clock.advance(by: 121)
            #expect(try await Self.ping(client, ServerHarness.alice, forwardedFor: "198.51.100.201").status == "ok")
        }
    }

    @Test func eachFailedLoginIsLoggedWithAddressAndUserButNoSecret() async throws {
        let lines = LogLines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .warning
        let harness = try ServerHarness(trustedProxies: [try AddressRange(parsing: "127.0.0.1")])
        let app = KanoraServer.application(
            services: harness.services, configuration: harness.state.configuration, state: harness.state, logger: logger)
        try await app.test(.live) { client in
            _ = try await Self.ping(client, "u=mallory%0Aevil&p=hunter22", forwardedFor: "192.0.2.7")
            _ = try await Self.ping(client, "apiKey=knr_wrongwrongwrong", forwardedFor: "192.0.2.8")
            _ = try await client.execute(uri: "/api/v1/version", method: .get, headers: [.authorization: "Bearer knr_notakey"])
        }
        let text = lines.all.joined(separator: "\n")
        #expect(text.contains(#"Failed login as "mallory\nevil" from 192.0.2.7 (password)"#), "\(text)")
        #expect(text.contains("Failed login from 192.0.2.8 (API key)"), "\(text)")
        #expect(text.contains("Failed login from 127.0.0.1 (API key)"), "\(text)")
        for secret in ["hunter22", "knr_wrongwrongwrong", "knr_notakey"] { #expect(!text.contains(secret)) }
    }
}
