import Foundation
import LibraryCore
import LibraryServices
import TestKit

extension ScanService {
    /// Runs a scan to the end and returns its summary and every event, or throws (a
    /// `WaitFailure` if it has not ended within `timeout`).
    public func run(
        _ path: String, name: String? = nil, options: ScanOptions = ScanOptions(), timeout: Duration = .seconds(60)
    ) async throws -> (summary: ScanSummary, events: [ScanEvent]) {
        let request = ScanRequest(path: RawPath(path), name: name, options: options)
        let events = try await Wait.bounded("the scan of \(path) to end", timeout: timeout) { [self] in
            try await scan(request).reduce(into: [ScanEvent]()) { $0.append($1) }
        }
        let summaries = events.compactMap { if case .finished(let summary) = $0 { summary } else { nil } }
        guard let summary = summaries.last else { throw LibraryError(.database, "scan ended without a summary") }
        return (summary, events)
    }
}
