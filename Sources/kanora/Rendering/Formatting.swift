import Foundation

/// Human-readable numbers for tables and summaries.
enum Formatting {
    /// "3:07" or "1:02:03".
    static func duration(milliseconds: Int64) -> String {
        let total = Int((milliseconds + 500) / 1000)
        let (hours, minutes, seconds) = (total / 3600, total % 3600 / 60, total % 60)
        if hours > 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" }
        return "\(minutes):\(twoDigits(seconds))"
    }

    /// "07" for 7: `%02d` without Foundation's formatter (listings format a duration a row).
    private static func twoDigits(_ value: Int) -> String {
        value < 10 && value >= 0 ? "0\(value)" : String(value)
    }

    /// "2 days 3:04:05" style for long totals.
    static func longDuration(milliseconds: Int64) -> String {
        let days = milliseconds / 86_400_000
        let rest = duration(milliseconds: milliseconds % 86_400_000)
        return days > 0 ? "\(days) day\(days == 1 ? "" : "s") \(rest)" : rest
    }

    /// "12.3 MB" (decimal units, like `du --si`).
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// ISO 8601 in UTC, e.g. "2026-11-21T16:38:05Z".
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
