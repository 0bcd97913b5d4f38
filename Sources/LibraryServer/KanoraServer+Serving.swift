import Foundation
import Hummingbird
import LibraryCore
import LibraryServices
import Logging
import NIOCore
import ServiceLifecycle

extension KanoraServer {
    /// Serves until SIGINT or SIGTERM (or until the calling task is cancelled): the HTTP
    /// server and, unless `configuration.watch` is off, the watch service keeping every
    /// library in sync. On the way out, the SQL of open requests is interrupted first (they
    /// answer that the server is shutting down), then open requests get a moment to finish
    /// and a running scan commits the batch it is writing.
    ///
    /// - Parameter onListening: called once with the bound port.
    /// - Throws: `LibraryError(.conflict)` when the address is in use.
    public static func serve(
        services: ServiceContainer, configuration: ServerConfiguration, logger: Logger,
        onListening: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) async throws {
        let state = ServerState(configuration: configuration)
        let app = application(
            services: services, configuration: configuration, state: state, logger: logger, onServerRunning: onListening)
        var members = [ServiceGroupConfiguration.ServiceConfiguration(service: app)]
        if configuration.watch {
            // The server keeps serving if watching stops or fails (an empty database, say).
            members.append(.init(
                service: LibraryWatching(services: services, logger: logger),
                successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore))
        }
        // Last, so the first to hear of a shutdown (services stop in reverse order).
        members.append(.init(
            service: StatementShutdown(interrupter: state.statementInterrupter),
            successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore))
        var groupConfiguration = ServiceGroupConfiguration(
            services: members, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // A client streaming a long song must not hold the shutdown: cancel after this.
        groupConfiguration.maximumGracefulShutdownDuration = .milliseconds(500)
        let group = ServiceGroup(configuration: groupConfiguration)
        // The group runs in its own task, so cancelling the caller shuts it down gracefully
        // (as SIGTERM does) instead of cancelling every connection mid-answer.
        let running = Task { try await group.run() }
        do {
            try await withTaskCancellationHandler {
                try await running.value
            } onCancel: {
                Task { await group.triggerGracefulShutdown() }
            }
        } catch {
            await state.scans.stop()
            throw bindError(error, configuration: configuration) ?? error
        }
        await state.scans.stop()
    }

    /// A clear error for an address in use or not available.
    static func bindError(_ error: any Error, configuration: ServerConfiguration) -> LibraryError? {
        guard let io = error as? IOError else { return nil }
        let address = "\(configuration.host):\(configuration.port)"
        switch io.errnoCode {
        case EADDRINUSE:
            return LibraryError(.conflict, "Cannot listen on \(address): the port is in use (another kanora serve?); pass another --port.")
        case EADDRNOTAVAIL:
            return LibraryError(.conflict, "Cannot listen on \(address): this machine has no such address; pass another --host.")
        case EACCES:
            return LibraryError(.conflict, "Cannot listen on \(address): ports below 1024 need root; pass another --port.")
        default:
            return nil
        }
    }
}

/// Interrupts every request's SQL as soon as a graceful shutdown starts, so no statement
/// (however slow) holds the server open past it.
struct StatementShutdown: Service {
    let interrupter: StatementInterrupter

    func run() async throws {
        try? await gracefulShutdown()
        interrupter.interrupt()
    }
}

/// The watch service as a lifecycle service: syncs changed folders until shutdown.
struct LibraryWatching: Service {
    let services: ServiceContainer
    let logger: Logger

    func run() async throws {
        let session = services.watcher.watch(WatchRequest())
        try await withGracefulShutdownHandler {
            try await withTaskCancellationHandler {
                for try await event in session.events { log(event) }
            } onCancel: {
                Task { await session.stop() }
            }
        } onGracefulShutdown: {
            Task { await session.stop() }
        }
    }

    private func log(_ event: WatchEvent) {
        switch event {
        case .watching(let library, let mode): logger.info("watching \(library.name): \(mode)")
        case .syncStarted: break
        case .failure(let library, let failure): logger.warning("\(library.name): cannot read \(failure.path): \(failure.reason)")
        case .synced(let sync):
            let summary = sync.summary
            logger.info("synced \(sync.library.name)/\(sync.relativeFolder): \(summary.added) added, \(summary.updated) updated, \(summary.moved) moved, \(summary.upgraded) upgraded, \(summary.missing) missing")
        case .syncFailed(let library, let folder, let message): logger.error("\(library.name): sync of \(folder.text) failed: \(message)")
        }
    }
}
