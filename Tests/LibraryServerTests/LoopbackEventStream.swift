#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// A streaming HTTP GET over a plain socket, for tests of endless responses (the router and
/// live test clients collect a whole body, which an event stream never ends): connects to
/// 127.0.0.1:`port`, checks the status, and yields the body as it arrives, chunked transfer
/// encoding decoded. Ending the stream's consumer closes the socket.
enum LoopbackEventStream {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// An open request: the body as it arrives, and a way to cut the connection.
    struct Connection: Sendable {
        let bytes: AsyncThrowingStream<[UInt8], any Error>
        private let socket: Socket

        fileprivate init(bytes: AsyncThrowingStream<[UInt8], any Error>, socket: Socket) {
            self.bytes = bytes
            self.socket = socket
        }

        /// Cuts the connection as a network failure would: the body ends.
        func drop() { socket.shutdown() }
    }

    static func open(port: Int, path: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil) throws -> Connection {
        let socket = try Socket(port: port)
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        try socket.send(Array((request + "\r\n" + (body ?? "")).utf8))
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        continuation.onTermination = { _ in socket.shutdown() }
        let thread = Thread {
            var response = ResponseDecoder()
            do {
                while let bytes = try socket.receive() {
                    let body = try response.feed(bytes)
                    if !body.isEmpty { continuation.yield(body) }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            socket.close()
        }
        thread.start()
        return Connection(bytes: stream, socket: socket)
    }

    /// Sends the request and never reads the answer, with a small receive buffer: a client
    /// that stalled. Closing the returned handle ends the connection.
    static func openWithoutReading(port: Int, path: String) throws -> StalledConnection {
        let socket = try Socket(port: port, receiveBuffer: 4096)
        try socket.send(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8))
        return StalledConnection(socket: socket)
    }

    /// A connection whose answer nobody reads.
    struct StalledConnection: Sendable {
        fileprivate let socket: Socket
        /// Closes the socket.
        func close() { socket.close() }
    }

    /// Owns one connected socket; `shutdown` may come from another thread to end a blocked receive.
    final class Socket: Sendable {
        private let fd: Int32
        private let closed = Mutex(false)

        init(port: Int, receiveBuffer: Int32? = nil) throws {
            fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
            if var size = receiveBuffer {
                _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard result == 0 else {
                Glibc.close(fd)
                throw Failure(description: "connect to port \(port) failed: errno \(errno)")
            }
        }

        func send(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
                offset += sent
            }
        }

        /// The next bytes, or nil at the end of the stream.
        func receive() throws -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 { throw Failure(description: "recv failed: errno \(errno)") }
            return count == 0 ? nil : Array(buffer.prefix(count))
        }

        /// Whether the peer has closed the connection (reading, and dropping, whatever had
        /// arrived before); never blocks.
        func isClosedByPeer() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count > 0 { continue }
                return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            }
        }

        func shutdown() {
            closed.withLock { closed in
                if !closed { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
            }
        }

        func close() {
            closed.withLock { closed in
                if !closed { Glibc.close(fd) }
                closed = true
            }
        }
    }

    /// Splits off the response head (a status other than 200 is an error) and decodes a
    /// chunked body.
    private struct ResponseDecoder {
        private enum Phase { case head, chunkSize, chunkData(Int), chunkEnd, identity, done }
        private var phase = Phase.head
        private var pending: [UInt8] = []

        mutating func feed(_ bytes: [UInt8]) throws -> [UInt8] {
            pending += bytes
            var body: [UInt8] = []
            while true {
                switch phase {
                case .head:
                    guard let end = find([13, 10, 13, 10]) else { return body }
                    let head = String(decoding: pending[..<end], as: UTF8.self)
                    pending.removeFirst(end + 4)
                    guard head.hasPrefix("HTTP/1.1 200") else { throw Failure(description: "answered \(head)") }
                    phase = head.lowercased().contains("transfer-encoding: chunked") ? .chunkSize : .identity
                case .chunkSize:
                    guard let end = find([13, 10]) else { return body }
                    let line = String(decoding: pending[..<end], as: UTF8.self).split(separator: ";").first ?? ""
                    pending.removeFirst(end + 2)
                    guard let size = Int(line.trimmingCharacters(in: .whitespaces), radix: 16) else {
                        throw Failure(description: "bad chunk size \(line)")
                    }
                    phase = size == 0 ? .done : .chunkData(size)
                case .chunkData(let size):
                    guard !pending.isEmpty else { return body }
                    let count = min(size, pending.count)
                    body += pending.prefix(count)
                    pending.removeFirst(count)
                    phase = count == size ? .chunkEnd : .chunkData(size - count)
                case .chunkEnd:
                    guard pending.count >= 2 else { return body }
                    pending.removeFirst(2)
                    phase = .chunkSize
                case .identity:
                    body += pending
                    pending.removeAll()
                    return body
                case .done:
                    return body
                }
            }
        }

        private func find(_ marker: [UInt8]) -> Int? {
            guard pending.count >= marker.count else { return nil }
            return (0...(pending.count - marker.count)).first { pending[$0..<($0 + marker.count)].elementsEqual(marker) }
        }
    }
}
