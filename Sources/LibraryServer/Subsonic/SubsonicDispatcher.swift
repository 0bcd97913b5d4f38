import Foundation
import Hummingbird
import LibraryCore
import LibraryServices
import Logging

/// Answers `/rest/NAME[.view]`: parses parameters, picks the format, authenticates, runs
/// the endpoint and renders its reply or error.
struct SubsonicDispatcher: Sendable {
    let endpoints: [String: SubsonicEndpoint]
    let services: ServiceContainer
    let state: ServerState
    let authenticator: SubsonicAuthenticator

    init(endpoints: [String: SubsonicEndpoint], services: ServiceContainer, state: ServerState) {
        self.endpoints = endpoints
        self.services = services
        self.state = state
        self.authenticator = SubsonicAuthenticator(users: services.users, throttle: state.throttle)
    }

    func respond(to request: Request, context: ServerRequestContext) async throws -> Response {
        let started = ContinuousClock.now
        let rawName = context.parameters.get("method") ?? ""
        let name = rawName.hasSuffix(".view") ? String(rawName.dropLast(5)) : rawName
        var request = request
        let parameters = try await Self.parameters(of: &request, context: context)
        var format = SubsonicFormat.xml
        var outcome = "ok"
        let response: Response
        do {
            format = try SubsonicFormat.from(parameters)
            response = try await run(name, parameters: parameters, request: request, context: context, format: format)
        } catch let error as SubsonicError {
            if format == .xml, parameters.string("f")?.lowercased() == "jsonp" { format = .json }
            outcome = "error \(error.code)"
            response = await render(.failed(error), format: format)
        } catch let error as any HTTPResponseError {
            outcome = "HTTP \(error.status.code)"
            throw error
        } catch {
            let wrapped = SubsonicError.wrap(error)
            // Not found and invalid input are the client's business; anything else is ours.
            if wrapped.code == 0 { context.logger.error("\(name) failed: \(error)") }
            outcome = "error \(wrapped.code)"
            response = await render(.failed(wrapped), format: format)
        }
        let elapsed = ContinuousClock.now - started
        context.logger.info("\(request.method) \(request.uri.path) \(name) \(outcome) \(elapsed.milliseconds)ms")
        return response
    }

    private func run(
        _ name: String, parameters: SubsonicParameters, request: Request, context: ServerRequestContext,
        format: SubsonicFormat
    ) async throws -> Response {
        guard let endpoint = endpoints[name] else {
            throw SubsonicError.notFound("Unknown Subsonic method '\(name.prefix(64))': Kanora does not implement it")
        }
        var user = User.anonymous
        if endpoint.access != .anyone {
            user = try await authenticator.authenticate(
                parameters, client: state.clientAddress(request, context: context), logger: context.logger)
            if endpoint.access == .admin, !user.isAdmin {
                throw SubsonicError.notAuthorized("\(name) is for administrators only")
            }
        }
        let subsonicRequest = SubsonicRequest(
            endpoint: name, parameters: parameters, user: user, services: services, server: state,
            http: request, format: format, logger: context.logger)
        switch try await endpoint.handler(subsonicRequest) {
        case .ok: return await render(.ok(nil), format: format)
        case .payload(let node): return await render(.ok(node), format: format)
        case .list(let name, let items): return await render(.okList(name: name, items: items), format: format)
        case .raw(let response): return response
        }
    }

    private func render(_ body: SubsonicEnvelope, format: SubsonicFormat) async -> Response {
        let root = body.node(serverVersion: state.configuration.serverVersion)
        return Response(
            status: .ok, headers: [.contentType: format.contentType],
            body: await StreamedAnswer.body(root, as: format))
    }

    /// The query string and, for a form POST, the body, merged.
    ///
    /// - Throws: HTTP 413 for a body over the context's limit, 400 for too many parameters.
    static func parameters(of request: inout Request, context: ServerRequestContext) async throws -> SubsonicParameters {
        var parameters = SubsonicParameters(encoded: request.uri.query ?? "")
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if request.method == .post, contentType.hasPrefix("application/x-www-form-urlencoded") {
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            parameters.append(encoded: String(buffer: body))
        }
        guard parameters.pairs.count <= SubsonicParameters.maximumCount else {
            throw HTTPError(.badRequest, message: "Too many parameters (at most \(SubsonicParameters.maximumCount))")
        }
        return parameters
    }
}
