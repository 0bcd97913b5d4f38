/// Where a view model is in loading its data.
public enum ViewState: Sendable, Equatable {
    case idle
    case loading
    case loaded
    /// Loading failed; the message says what went wrong and what to do.
    case failed(String)

    /// The failure message, if failed.
    public var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}
