import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices

extension Kanora {
    struct Merge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge two tracks of one recording into one, keeping the history of both.",
            discussion: """
                For the pairs `kanora doctor` lists as possible upgrades (or any two tracks): \
                OLD_ID survives, with NEW_ID's file (or its own when only it has one), the earlier \
                added date, every playlist and play queue entry of both, play counts summed, and \
                stars and ratings kept (NEW_ID's rating when both have one). NEW_ID is deleted. \
                One transaction. Two tracks whose files are both present are refused unless \
                --force: the file not kept stays on disk and a later scan adds it again.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The id of the track to keep (usually the missing one).")
        var oldID: Int64

        @Argument(help: "The id of the track to merge into it (usually the present one).")
        var newID: Int64

        @Flag(help: "Merge even when both tracks' files are present.")
        var force = false

        func run() async throws {
            let services = try global.services(mustExist: true)
            let report = try await services.library.merge(trackID: oldID, into: newID, force: force)
            global.print(json: JSONObject.merge(report)) {
                guard !global.quiet else { return }
                Console.current.out("Merged track \(report.removedID) (\(report.removedPath)) into track \(report.track.id): \(report.track.path.text)")
            }
        }
    }
}

extension JSONObject {
    /// `kanora merge --json`.
    static func merge(_ report: TrackMergeReport) -> JSONObject {
        JSONObject([
            "id": report.track.id, "path": report.track.path.text, "missing": report.track.isMissing,
            "removedID": report.removedID, "removedPath": report.removedPath,
        ])
    }
}
