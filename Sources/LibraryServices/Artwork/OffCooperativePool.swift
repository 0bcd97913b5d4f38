import Dispatch

/// Runs blocking work (TagLib, libgd, file reads) on a Dispatch queue rather than on one of
/// Swift's few cooperative threads, which a 30 ms decode would otherwise hold from every
/// other task (two threads on a two-core server).
public enum OffCooperativePool {
    static let queue = DispatchQueue(label: "kanora.blocking", qos: .userInitiated, attributes: .concurrent)

    /// The result of `work`, run on the blocking queue; the calling task is suspended meanwhile.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
