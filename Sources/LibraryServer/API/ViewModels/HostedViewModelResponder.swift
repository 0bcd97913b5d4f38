import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices
import LibraryViewModels

/// Answers `GET /api/v1/viewmodels/...`: the state of a server-hosted view model, built by the
/// view model itself, as JSON (dates as `APIDate` writes them, keys sorted).
///
/// - `/viewmodels/library?query=TEXT` (query optional, in the query language of `kanora
///   list`, e.g. `genre:jazz year:1950..1959`): `LibraryViewModel.State`.
///
/// The web app's screens (`doctor` among them) are `ViewModelRoutes`'.
///
/// A state that failed to load is thrown as an `APIError`: the status its kind fits and
/// `{"error": {"kind", "message"}}`, like every other API error.
public enum HostedViewModelResponder {
    /// `LibraryViewModel`'s state for the request's `query` parameter.
    public static func library(_ request: Request, services: ServiceContainer) async throws -> Response {
        let text = request.uri.queryParameters.get("query") ?? ""
        let query: LibraryQuery
        do {
            query = text.isEmpty ? .all : try LibraryQuery.parse(text)
        } catch {
            throw APIError(answering: error)
        }
        return try respond(await LibraryViewModel.hostedState(services: services, request: query))
    }

    /// Adds `viewmodels/library` to `group` (the authenticated `/api/v1` group on the
    /// server; a bare router in tests).
    public static func addRoutes<Context: RequestContext>(to group: RouterGroup<Context>, services: ServiceContainer) {
        group.get("viewmodels/library") { request, _ in try await library(request, services: services) }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = APIDate.encodingStrategy
        return encoder
    }()

    private static func respond<State: Encodable & LoadingState>(_ state: State) throws -> Response {
        if let failure = state.viewState.failure { throw APIError(failure) }
        let body = try encoder.encode(state)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
