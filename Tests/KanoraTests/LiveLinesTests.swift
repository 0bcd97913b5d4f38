import Foundation
@testable import kanora
import LibraryCore
import LibraryViewModels
import Testing

@Suite("Live output of watch and events")
struct LiveLinesTests {
    @Test func printsOnlyWhatIsNew() throws {
        let console = Console(capturing: true)
        var lines = LiveLines(console: console, global: try GlobalOptions.parse([]))
        let library = Library(id: 1, name: "Music", root: RawPath("/m"), createdAt: Date(), lastScanAt: nil)
        let watching = WatchViewModel.WatchedLibrary(library: library, mode: .notified(folders: 2))
        lines.watched([watching])
        lines.watched([watching])
        lines.watched([WatchViewModel.WatchedLibrary(library: library, mode: .periodic(interval: 60, reason: "asked"))])
        lines.printNew("items", in: ["a", "b"], total: 2, json: { $0 }, text: { "text \($0)" })
        lines.printNew("items", in: ["b", "c", "d"], total: 4, json: { $0 }, text: { "text \($0)" })
        #expect(console.capturedOutput.out == "text a\ntext b\ntext c\ntext d\n")
        #expect(console.capturedOutput.err == """
            kanora: Music (/m): watching 2 folders for changes
            kanora: Music (/m): rescanning every 1 min (asked)

            """)
    }

    @Test func writesJSONLinesAndStaysQuiet() throws {
        let console = Console(capturing: true)
        var lines = LiveLines(console: console, global: try GlobalOptions.parse(["--json", "--quiet"]))
        let library = Library(id: 1, name: "Music", root: RawPath("/m"), createdAt: Date(), lastScanAt: nil)
        lines.watched([WatchViewModel.WatchedLibrary(library: library, mode: .notified(folders: 2))])
        lines.printNew("items", in: [1, 2], total: 2, json: { JSONObject(["n": $0]) }, text: { "text \($0)" })
        #expect(console.capturedOutput.out == "{\"n\":1}\n{\"n\":2}\n")
        #expect(console.capturedOutput.err.isEmpty)
    }
}
