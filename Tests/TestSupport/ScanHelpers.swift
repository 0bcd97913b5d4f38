import Foundation
import LibraryCore
import LibraryServices

extension ScanService {
    /// Runs a scan to the end and returns its summary and every event, or throws.
    public func run(_ path: String, name: String? = nil, options: ScanOptions = ScanOptions()) async throws -> (summary: ScanSummary, events: [ScanEvent]) {
        var events: [ScanEvent] = []
        var summary: ScanSummary?
        for try await event in scan(ScanRequest(path: RawPath(path), name: name, options: options)) {
            events.append(event)
            if case .finished(let result) = event { summary = result }
        }
        guard let summary else { throw LibraryError(.database, "scan ended without a summary") }
        return (summary, events)
    }
}
