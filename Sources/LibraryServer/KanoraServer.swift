import Hummingbird
import HummingbirdCore
import LibraryServices
import Logging

/// Builds Kanora's HTTP server: the Subsonic API under `/rest/`, Kanora's own API under
/// `/api/v1/` and the web app at `/`, over a `ServiceContainer`.
///
/// `kanora serve` runs the application in a `ServiceGroup`; tests call
/// `KanoraServer.application(...).test(.router)` or `.test(.live)`.
public enum KanoraServer {
    /// The router: `/rest/NAME` and `/rest/NAME.view`, GET and POST; Kanora's own API
    /// under `/api/v1/`.
    public static func router(
        services: ServiceContainer, state: ServerState,
        groups: [any SubsonicEndpointGroup.Type] = SubsonicEndpoints.groups
    ) -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        // Web clients (Feishin, Airsonic-refix) call from their own origin. Credentials
        // travel in the parameters, never in cookies, so any origin may read the answers.
        router.add(middleware: CORSMiddleware(
            allowOrigin: .all, allowHeaders: [.accept, .authorization, .contentType, .origin, .range],
            allowMethods: [.get, .post, .head, .options]))
        router.add(middleware: StatementLimitsMiddleware(limits: state.statementLimits))
        let dispatcher = SubsonicDispatcher(endpoints: SubsonicEndpoints.table(groups), services: services, state: state)
        router.get("/rest/:method") { request, context in try await dispatcher.respond(to: request, context: context) }
        router.post("/rest/:method") { request, context in try await dispatcher.respond(to: request, context: context) }
        // Players probe a stream's length and type with HEAD before they play or seek.
        router.head("/rest/:method") { request, context in try await dispatcher.respond(to: request, context: context) }
        APIRoutes.register(on: router, services: services, state: state)
        WebRoutes.register(on: router)
        return router
    }

    /// The application listening on `configuration.host` and `port` (0: a free port, told
    /// to `onServerRunning`).
    public static func application(
        services: ServiceContainer, configuration: ServerConfiguration, state: ServerState? = nil,
        logger: Logger? = nil, onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> Application<RouterResponder<ServerRequestContext>> {
        let state = state ?? ServerState(configuration: configuration)
        let logger = logger ?? {
            var logger = Logger(label: "kanora.serve")
            logger.logLevel = configuration.verbose ? .info : .warning
            return logger
        }()
        return Application(
            router: router(services: services, state: state),
            server: .http1(configuration: .init(
                idleTimeout: .nanoseconds(configuration.idleTimeout.nanoseconds))),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "kanora",
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }

    /// A logger writing to stderr: one line per request with `verbose`, only errors with
    /// `quiet`, else warnings and errors.
    public static func standardErrorLogger(verbose: Bool, quiet: Bool) -> Logger {
        var logger = Logger(label: "kanora.serve") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = verbose ? .info : (quiet ? .error : .warning)
        return logger
    }
}
