import LibraryCore

extension DatabaseQueue {
    /// `read`, with every error turned into a `LibraryError`.
    func reading<T>(_ body: (Connection) throws -> T) throws(LibraryError) -> T {
        do { return try read(body) } catch { throw LibraryError.wrap(error) }
    }

    /// `write` (one transaction), with every error turned into a `LibraryError`.
    func writing<T>(_ body: (Connection) throws -> T) throws(LibraryError) -> T {
        do { return try write(body) } catch { throw LibraryError.wrap(error) }
    }
}
