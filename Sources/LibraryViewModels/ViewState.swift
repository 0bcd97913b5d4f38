import LibraryServices

/// Where a view model is in loading its data.
public enum ViewState: Sendable, Equatable {
    case idle
    case loading
    case loaded
    /// Loading failed: the error keeps its kind (`code`, e.g. `.notFound` or `.invalidInput`)
    /// and a message saying what went wrong and what to do. Build it with `.failed(.wrap(error))`.
    case failed(LibraryError)

    /// The failure, if failed.
    public var failure: LibraryError? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// The failure message, if failed.
    public var failureMessage: String? { failure?.message }

    /// Throws the failure, if failed; does nothing otherwise.
    public func throwIfFailed() throws(LibraryError) {
        if let failure { throw failure }
    }
}
