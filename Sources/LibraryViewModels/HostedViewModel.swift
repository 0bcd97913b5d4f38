import LibraryCore
import LibraryServices

/// A view model the server can host (FOSMVVM's server-hosted mode): the server builds its
/// state with the very view model a client would run, and sends it as JSON, so a thin client
/// (a web page, a widget) shows it without services of its own.
///
/// The same view model stays client-hostable: a client with a container (local or remote)
/// creates it and calls `load` as before. `hostedState` only makes the other mode possible.
public protocol HostedViewModel: ViewModel where State: Codable {
    /// What the client asks for (e.g. a query); `Void` when there is nothing to choose.
    associatedtype HostRequest: Sendable

    /// The state a new view model over `services` reaches after loading what `request` asks
    /// for: `.loaded` with the data, or `.failed` with the error's kind and message.
    static func hostedState(services: ServiceContainer, request: HostRequest) async -> State
}

extension LibraryViewModel: HostedViewModel {
    /// Libraries and the statistics of the tracks matching the query.
    public static func hostedState(services: ServiceContainer, request query: LibraryQuery) async -> State {
        let viewModel = LibraryViewModel(services: services)
        await viewModel.load(matching: query)
        return viewModel.state
    }
}

extension DoctorViewModel: HostedViewModel {
    /// What is wrong with every library.
    public static func hostedState(services: ServiceContainer, request: Void) async -> State {
        let viewModel = DoctorViewModel(services: services)
        await viewModel.load()
        return viewModel.state
    }
}
