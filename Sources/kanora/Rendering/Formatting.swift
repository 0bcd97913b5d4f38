import Foundation

/// Human-readable numbers for tables and summaries.
enum Formatting {
    /// "3:07" or "1:02:03".
    static func duration(milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        duration(milliseconds: milliseconds, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `duration(milliseconds:)`'s text to `bytes` (a listing formats one a row).
    static func duration(milliseconds: Int64, into bytes: inout [UInt8]) {
        let total = Int((milliseconds + 500) / 1000)
        let (hours, minutes, seconds) = (total / 3600, total % 3600 / 60, total % 60)
        if hours > 0 {
            appendDecimal(hours, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendTwoDigits(minutes, to: &bytes)
        } else {
            appendDecimal(minutes, to: &bytes)
        }
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(seconds, to: &bytes)
    }

    /// Appends the decimal digits of `value` (what `String(value)` holds) to `bytes`.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // The digits written from the end of a buffer on the stack, then appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// "07" for 7 (`%02d` for the values a duration's minutes and seconds take).
    private static func appendTwoDigits(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 0 && value < 10 { bytes.append(UInt8(ascii: "0")) }
        appendDecimal(value, to: &bytes)
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
