#if canImport(Glibc)
import Glibc
#endif

/// An IP address, version 4 or 6, as its bytes: IPv4 addresses are kept as IPv4-mapped
/// IPv6 (`::ffff:a.b.c.d`), so `127.0.0.1` and `::ffff:127.0.0.1` are one address.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The 16 bytes of the (mapped) IPv6 address.
    public let bytes: [UInt8]

    /// Parses `192.0.2.1`, `2001:db8::1` or `::ffff:192.0.2.1`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let text = String(text)
        guard text.utf8.count <= 45 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = Self.mappedPrefix + withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        bytes = withUnsafeBytes(of: &v6) { Array($0) }
    }

    private static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]

    /// Whether it is an IPv4 address (mapped).
    public var isV4: Bool { bytes.starts(with: Self.mappedPrefix) }

    /// Whether it is a loopback address (127.0.0.0/8 or ::1).
    public var isLoopback: Bool {
        isV4 ? bytes[12] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }

    /// The usual spelling: dotted for IPv4, RFC 5952 for IPv6.
    public var description: String {
        if isV4 { return bytes[12...].map(String.init).joined(separator: ".") }
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An address and a prefix length (`10.0.0.0/8`, `fd00::/8`, or one address): the peers
/// `kanora serve --trusted-proxy` believes.
public struct AddressRange: Hashable, Sendable, CustomStringConvertible {
    public let address: IPAddress
    /// The prefix length in bits of the address as written (0-32 for IPv4, 0-128 for IPv6).
    public let bits: Int

    /// Parses `ADDRESS` or `ADDRESS/BITS`.
    ///
    /// - Throws: a message saying what is wrong, for the command line.
    public init(parsing text: String) throws(AddressRangeError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else {
            throw AddressRangeError("\(text) is not an IP address: pass one such as 127.0.0.1, 10.0.0.0/8 or fd00::/8.")
        }
        let width = address.isV4 ? 32 : 128
        var bits = width
        if parts.count == 2 {
            guard let value = Int(parts[1]), (0...width).contains(value) else {
                throw AddressRangeError("\(text) has a bad prefix length: use /0 to /\(width) after \(parts[0]).")
            }
            bits = value
        }
        self.address = address
        self.bits = bits
    }

    /// Whether `candidate` lies inside the range.
    public func contains(_ candidate: IPAddress) -> Bool {
        guard candidate.isV4 == address.isV4 else { return false }
        var remaining = address.isV4 ? bits + 96 : bits
        for index in 0..<16 where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            guard candidate.bytes[index] & mask == address.bytes[index] & mask else { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String { "\(address)/\(bits)" }
}

/// Why a `--trusted-proxy` value was refused.
public struct AddressRangeError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
