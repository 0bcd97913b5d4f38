import LibraryCore
import LibraryStorage

extension DatabasePool {
    /// `asyncRead` (off Swift's cooperative threads), with every error turned into a `LibraryError`.
    func reading<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws(LibraryError) -> T {
        do { return try await asyncRead(body) } catch { throw LibraryError.wrap(error) }
    }

    /// `asyncWrite` (one transaction, off Swift's cooperative threads), with every error
    /// turned into a `LibraryError`.
    func writing<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws(LibraryError) -> T {
        do { return try await asyncWrite(body) } catch { throw LibraryError.wrap(error) }
    }
}
