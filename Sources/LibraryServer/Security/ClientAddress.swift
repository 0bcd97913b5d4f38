import Foundation
import Hummingbird

/// Who the client is: the peer's address, or, when the peer is a trusted reverse proxy, the
/// address that proxy says it forwarded for.
///
/// `X-Forwarded-For` (or, when a request has none, the `for=` values of `Forwarded`) is read
/// from the right: each proxy appends the address it received from, so the rightmost entry
/// that is not itself a trusted proxy is the first one no trusted party vouches for. Entries
/// to its left were written by the client and are never believed. From a peer that is not
/// trusted, the headers are ignored: nobody can pick their own address.
public struct ClientAddressResolver: Sendable {
    /// The peers whose forwarding headers are believed (`--trusted-proxy`; none by default).
    public let trustedProxies: [AddressRange]

    public init(trustedProxies: [AddressRange]) {
        self.trustedProxies = trustedProxies
    }

    /// The client's address for the throttle and the log.
    public func client(peer: String?, headers: HTTPFields) -> String {
        guard let peer else { return "local" }
        guard let peerAddress = IPAddress(peer), isTrusted(peerAddress) else { return Self.bounded(peer) }
        var client = peerAddress
        // Every hop trusted: the leftmost, where the request entered the trusted network.
        for hop in Self.forwardedFor(headers).reversed() {
            guard let address = IPAddress(hop) else { return Self.bounded(hop) }
            client = address
            if !isTrusted(address) { break }
        }
        return client.description
    }

    /// Whether the client reached a trusted proxy over TLS: the peer is trusted and its last
    /// `X-Forwarded-Proto` (or `Forwarded: proto=`) says `https`.
    public func cameOverTLS(peer: String?, headers: HTTPFields) -> Bool {
        guard let peer, let address = IPAddress(peer), isTrusted(address) else { return false }
        if let proto = headers[values: HTTPFields.Element.Name("X-Forwarded-Proto")!].last {
            return proto.split(separator: ",").last?.trimmingCharacters(in: CharacterSet.whitespaces).lowercased() == "https"
        }
        guard let forwarded = headers[values: HTTPFields.Element.Name("Forwarded")!].last?.split(separator: ",").last else { return false }
        return forwarded.split(separator: ";").contains { $0.trimmingCharacters(in: CharacterSet.whitespaces).lowercased() == "proto=https" }
    }

    private func isTrusted(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// At most 64 characters of what a proxy wrote: a remembered key must stay small.
    private static func bounded(_ text: String) -> String { String(text.prefix(64)) }

    /// Every hop the forwarding headers name, leftmost first (at most 32, the rightmost ones).
    static func forwardedFor(_ headers: HTTPFields) -> [String] {
        let xff = headers[values: HTTPFields.Element.Name("X-Forwarded-For")!]
        var hops: [String] = []
        if !xff.isEmpty {
            for value in xff { hops += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        } else {
            for value in headers[values: HTTPFields.Element.Name("Forwarded")!] {
                for element in value.split(separator: ",") {
                    for pair in element.split(separator: ";") {
                        let parts = pair.split(separator: "=", maxSplits: 1)
                        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "for" else { continue }
                        hops.append(forwardedNode(parts[1].trimmingCharacters(in: .whitespaces)))
                    }
                }
            }
        }
        return Array(hops.filter { !$0.isEmpty }.suffix(32))
    }

    /// `"[2001:db8::1]:4711"` -> `2001:db8::1`, `192.0.2.1:80` -> `192.0.2.1`, quotes removed.
    static func forwardedNode(_ text: String) -> String {
        var node = Substring(text)
        if node.hasPrefix("\""), node.hasSuffix("\""), node.count >= 2 { node = node.dropFirst().dropLast() }
        if node.hasPrefix("[") {
            guard let close = node.firstIndex(of: "]") else { return String(node) }
            return String(node[node.index(after: node.startIndex)..<close])
        }
        if node.filter({ $0 == ":" }).count == 1, let colon = node.firstIndex(of: ":") { return String(node[..<colon]) }
        return String(node)
    }
}
