import LibraryCore

/// The report `kanora doctor` prints for people: one titled table per kind of problem
/// found (kinds with nothing to report are left out), then a one-line verdict.
enum DoctorReport {
    static func lines(_ health: LibraryHealth, maxWidth: Int?) -> [String] {
        guard !health.isHealthy else { return ["No problems found."] }
        let tableWidth = maxWidth.map { $0 - indent.count }
        var lines: [String] = []
        for (heading, table) in sections(health) where !table.rows.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(heading)
            lines += table.render(maxWidth: tableWidth).map { indent + $0 }
        }
        let count = health.problemCount
        lines += ["", "\(count) problem\(count == 1 ? "" : "s") found."]
        return lines
    }

    private static let indent = "  "

    private static func sections(_ health: LibraryHealth) -> [(String, TextTable)] {
        let duplicateTracks = health.duplicates.reduce(0) { $0 + $1.count }
        let groups = health.duplicates.count
        return [
            ("Damaged tracks (\(health.damaged.count)): indexed, but the file is damaged",
             table(["ID", "PATH", "PROBLEM"], health.damaged.map { [String($0.id), $0.path, $0.problem] })),
            ("Unreadable files (\(health.unreadable.count)): not indexed",
             table(["PATH", "REASON"], health.unreadable.map { [$0.path, $0.reason] })),
            ("Missing tracks (\(health.missing.count)): the file is gone (`kanora prune` forgets them)",
             table(["ID", "PATH"], health.missing.map { [String($0.id), $0.path] })),
            ("Duplicates (\(groups) group\(groups == 1 ? "" : "s"), \(duplicateTracks) tracks): the same audio at several paths",
             table(["GROUP", "ID", "PATH"], health.duplicates.enumerated().flatMap { index, group in
                 group.map { [String(index + 1), String($0.id), $0.path] }
             })),
            ("Untagged tracks (\(health.untagged.count)): no title, artist or album tag",
             table(["ID", "PATH"], health.untagged.map { [String($0.id), $0.path] })),
            ("Incomplete albums (\(health.incompleteAlbums.count)): track numbers missing",
             table(["ID", "ALBUM ARTIST", "ALBUM", "DISC", "MISSING"], health.incompleteAlbums.map {
                 [String($0.id), $0.albumArtist, $0.album, $0.disc.map(String.init) ?? "", ranges($0.missingTrackNumbers)]
             })),
            ("Possible upgrades (\(health.possibleUpgrades.count)): a missing and a present track of one recording, not merged (`kanora merge OLD NEW` merges them)",
             table(["OLD", "MISSING PATH", "NEW", "PRESENT PATH", "WHY"], health.possibleUpgrades.map {
                 [String($0.missing.id), $0.missing.path, String($0.present.id), $0.present.path, $0.reason]
             })),
        ]
    }

    /// A table whose ID, GROUP, DISC, OLD and NEW columns are right-aligned and whose text columns shrink.
    private static func table(_ titles: [String], _ rows: [[String]]) -> TextTable {
        let numeric: Set = ["ID", "GROUP", "DISC", "OLD", "NEW"]
        var table = TextTable(columns: titles.map {
            TextTable.Column(title: $0, rightAligned: numeric.contains($0), flexible: !numeric.contains($0))
        })
        table.rows = rows
        return table
    }

    /// Sorted numbers with runs folded: [2, 5, 6, 7] is "2, 5-7".
    static func ranges(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = numbers.startIndex
        while index < numbers.endIndex {
            var end = index
            while end + 1 < numbers.endIndex && numbers[end + 1] == numbers[end] + 1 { end += 1 }
            parts.append(end == index ? String(numbers[index]) : "\(numbers[index])-\(numbers[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
