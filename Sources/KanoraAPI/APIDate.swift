import Foundation

/// The one date format of Kanora's API: ISO 8601 in UTC to the millisecond,
/// `2026-11-25T14:03:07.250Z`, what JavaScript's `Date.prototype.toISOString()` writes (and
/// Subsonic's answers use). `API.encoder` and `API.decoder` write and read every `Date` so.
///
/// Written and read by hand (from 1583 on; Foundation's `ISO8601FormatStyle` before): a
/// 20,000-track listing holds 40,000 dates, which that style takes about 0.1 s to parse,
/// and it truncates where this rounds (a date kept in milliseconds comes back as it was).
public enum APIDate {
    /// `date` as text, rounded to the millisecond.
    public static func string(from date: Date) -> String {
        var outOfRange = false
        let text = String(unsafeUninitializedCapacity: 24) { bytes in
            guard let count = write(date, into: bytes) else {
                outOfRange = true
                return 0
            }
            return count
        }
        return outOfRange ? date.formatted(foundationStyle) : text
    }

    /// `date` as `string(from:)` writes it, appended to `bytes` as UTF-8 without making a
    /// `String` (24 bytes each, for the thousands of dates of a large listing).
    package static func append(_ date: Date, to bytes: inout [UInt8]) {
        let written: Bool = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            guard let count = write(date, into: buffer) else { return false }
            bytes.append(contentsOf: buffer[..<count])
            return true
        }
        if !written { bytes.append(contentsOf: date.formatted(foundationStyle).utf8) }
    }

    /// Writes the 24 bytes of `date` into `bytes` and returns 24; nil (nothing written) for
    /// a date before 1583 or from the year 10000 on, which Foundation writes.
    private static func write(_ date: Date, into bytes: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds >= gregorian, milliseconds < tenThousand else { return nil }
        let total = Int64(milliseconds)
        let days = total >= 0 ? total / dayMilliseconds : (total + 1) / dayMilliseconds - 1
        let civil = Civil(days: days)
        let time = total - days * dayMilliseconds
        func put(_ value: Int64, digits: Int, at offset: Int, then separator: Unicode.Scalar) {
            var value = value
            for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            bytes[offset + digits] = UInt8(ascii: separator)
        }
        put(civil.year, digits: 4, at: 0, then: "-")
        put(civil.month, digits: 2, at: 5, then: "-")
        put(civil.day, digits: 2, at: 8, then: "T")
        put(time / 3_600_000, digits: 2, at: 11, then: ":")
        put(time / 60_000 % 60, digits: 2, at: 14, then: ":")
        put(time / 1000 % 60, digits: 2, at: 17, then: ".")
        put(time % 1000, digits: 3, at: 20, then: "Z")
        return 24
    }

    /// The date `text` names in this format, also with no fraction or another number of its
    /// digits (`2026-11-25T14:03:07Z`); nil for any other text.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// The strategy that writes dates so (`API.encoder`, the hosted view models' encoders).
    public static var encodingStrategy: JSONEncoder.DateEncodingStrategy {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(string(from: date))
        }
    }

    /// The strategy that reads them (`API.decoder`).
    public static var decodingStrategy: JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text.prefix(40))\" is not a date like 2026-11-25T14:03:07.250Z.")
            }
            return date
        }
    }

    private static let dayMilliseconds: Int64 = 86_400_000
    /// 1583-01-01, the first whole year of the Gregorian calendar, and 10000-01-01: outside,
    /// Foundation writes and reads (it counts earlier days in the Julian calendar).
    private static let gregorian = -12_212_553_600_000.0, tenThousand = 253_402_300_800_000.0
    private static let foundationStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ offset: Int, _ digits: Int) -> Int64? {
            var value: Int64 = 0
            for index in offset..<offset + digits {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        for (offset, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")] as [(Int, Unicode.Scalar)]
        where bytes[offset] != UInt8(ascii: separator) { return nil }
        guard let year = number(0, 4), year >= 1583 else { return try? foundationStyle.parse(String(decoding: bytes, as: UTF8.self)) }
        guard let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...Civil.days(inMonth: month, of: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        let seconds = (Civil(year: year, month: month, day: day).days * 86_400 + hour * 3600 + minute * 60 + second)
        let fraction = bytes.count - 21
        if fraction == -1 { return Date(timeIntervalSince1970: Double(seconds)) }
        guard fraction >= 1, fraction <= 9, bytes[19] == UInt8(ascii: "."), let digits = number(20, fraction) else { return nil }
        if fraction <= 3 {
            var milliseconds = digits
            for _ in fraction..<3 { milliseconds *= 10 }
            return Date(timeIntervalSince1970: Double(seconds * 1000 + milliseconds) / 1000)
        }
        var nanoseconds = digits
        for _ in fraction..<9 { nanoseconds *= 10 }
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }
}

/// A day of the proleptic Gregorian calendar, converted to and from days since 1970-01-01
/// (Howard Hinnant's `civil_from_days` and `days_from_civil`).
private struct Civil {
    var year: Int64, month: Int64, day: Int64

    init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(days: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    var days: Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func days(inMonth month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
