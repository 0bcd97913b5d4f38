import Foundation
import Hummingbird
import KanoraAPI
import LibraryCore
import LibraryServices

/// An `/api/v1/` error answer, the one way every failure there is told:
/// `{"error": {"kind", "message"}}` with the HTTP status its kind fits (or its own: 413 for a
/// body too large), the message in the request's language (`ErrorLocalization`).
///
/// `APIErrorMiddleware` turns whatever a route or the authentication throws into one, so a
/// handler just throws; one thrown where that middleware is not (a bare router in tests) is
/// answered the same, as an `HTTPResponseError`.
struct APIError: Error, HTTPResponseError {
    /// What the message says.
    private enum Message {
        /// A service's sentence, translated by `ErrorLocalization` (English keeps it as is).
        case service(LibraryError)
        /// A catalog key with its values.
        case catalog(LocalizableString)
    }

    /// The kind the envelope names.
    let kind: LibraryError.Code
    private let message: Message
    let status: HTTPResponse.Status
    /// Headers the answer carries besides its content type (an expired session's cleared cookie).
    var headers: HTTPFields = [:]

    /// `error` with the status its kind fits, or `status`.
    init(_ error: LibraryError, status: HTTPResponse.Status? = nil) {
        kind = error.code
        message = .service(error)
        self.status = status ?? HTTPResponse.Status(code: error.code.httpStatus)
    }

    /// A hosted view model's failure: its kind's status, its message from the catalog.
    init(_ failure: ViewModelFailure) {
        kind = failure.code
        message = .catalog(failure.message)
        status = HTTPResponse.Status(code: failure.code.httpStatus)
    }

    /// The answer for anything a route throws (see `LibraryError.init(answering:)`).
    init(answering error: any Error) {
        switch error {
        case let error as APIError: self = error
        case let failure as ViewModelFailure: self.init(failure)
        default: self.init(LibraryError(answering: error))
        }
    }

    /// A body over the limit of `R`: 413, said in the envelope as invalid input.
    static func bodyTooLarge<R: APIRequest>(_ type: R.Type) -> APIError {
        APIError(
            LibraryError(.invalidInput, "The body of `\(R.method.rawValue) \(R.path)` may be at most \(R.maximumBodySize >> 10) KiB: send less."),
            status: .contentTooLarge)
    }

    /// The envelope with the message in `language`.
    func envelope(in language: String) -> APIErrorEnvelope {
        let localizer = Localization.shipped.localizer(for: language)
        switch message {
        case .service(let error): return APIErrorEnvelope(kind: kind.rawValue, message: ErrorLocalization.message(error, localizer: localizer))
        case .catalog(let text): return APIErrorEnvelope(kind: kind.rawValue, message: text.resolved(by: localizer))
        }
    }

    /// The answer to `request` from `user` (nil: nobody signed in yet): the message in the
    /// user's language setting, else the browser's `Accept-Language`, else English.
    func response(to request: Request, user: User?) -> Response {
        let data = (try? API.encoder.encode(envelope(in: RequestLanguage.of(request, user: user)))) ?? Data()
        var fields: HTTPFields = [.contentType: API.jsonContentType]
        fields.append(contentsOf: headers)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response(to: request, user: (context as? ServerRequestContext)?.apiUser)
    }
}

/// The one error path of `/api/v1/`: whatever the routes behind it throw is answered as an
/// `APIError`. The API mounts it twice: around everything (the sign-in and what the
/// authentication refuses, when nobody is known yet) and inside the authentication, where
/// `context.apiUser` is set, so a signed-in user's errors come in their chosen language.
struct APIErrorMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return APIError(answering: error).response(to: request, user: context.apiUser)
        }
    }
}
