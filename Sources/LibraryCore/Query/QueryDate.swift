import Foundation

/// One end of a date range: a calendar period (`2024`, `2024-06`, `2024-06-30`) or a time
/// relative to now (`-7d`, `-2w`, `-3m`, `-1y`).
package enum QueryDate: Equatable, Sendable {
    case period(year: Int, month: Int?, day: Int?)
    case relative(amount: Int, unit: Unit)

    package enum Unit: Character, Sendable {
        case day = "d", week = "w", month = "m", year = "y"

        var component: Calendar.Component {
            switch self {
            case .day: .day
            case .week: .weekOfYear
            case .month: .month
            case .year: .year
            }
        }
    }

    package static let example = "dates like 2024, 2024-06 or 2024-06-30, or relative times like -7d, -2w, -3m, -1y, as a range like 2024-01..2024-06 or -7d.."

    package static func parse(_ text: String) -> QueryDate? {
        if let sign = text.first, sign == "-" || sign == "+", let unitCharacter = text.last, let unit = Unit(rawValue: unitCharacter) {
            let digits = text.dropFirst().dropLast()
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let amount = Int(digits) else {
                return nil
            }
            return .relative(amount: sign == "-" ? -amount : amount, unit: unit)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4 else { return nil }
        var numbers: [Int] = []
        for (offset, part) in parts.enumerated() {
            guard part.allSatisfy({ $0.isASCII && $0.isNumber }), (offset == 0 ? 4...4 : 1...2) ~= part.count, let value = Int(part) else {
                return nil
            }
            numbers.append(value)
        }
        let month = numbers.count > 1 ? numbers[1] : nil
        let day = numbers.count > 2 ? numbers[2] : nil
        if let month, !(1...12).contains(month) { return nil }
        if let day, let month {
            guard day >= 1, day <= daysIn(year: numbers[0], month: month) else { return nil }
        }
        return .period(year: numbers[0], month: month, day: day)
    }

    private static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    package var description: String {
        switch self {
        case .period(let year, let month, let day):
            var text = String(format: "%04d", year)
            if let month { text += String(format: "-%02d", month) }
            if let day { text += String(format: "-%02d", day) }
            return text
        case .relative(let amount, let unit):
            return (amount < 0 ? "-" : "+") + String(abs(amount)) + String(unit.rawValue)
        }
    }

    /// The first instant of the period, or the relative time itself.
    package func start(now: Date, calendar: Calendar) -> Date {
        switch self {
        case .period(let year, let month, let day):
            let components = DateComponents(year: year, month: month ?? 1, day: day ?? 1)
            return calendar.date(from: components) ?? now
        case .relative(let amount, let unit):
            return calendar.date(byAdding: unit.component, value: amount, to: now) ?? now
        }
    }

    /// The first instant after the period (an exclusive upper bound), or nil for a relative
    /// time (which is an inclusive instant).
    package func end(now: Date, calendar: Calendar) -> Date? {
        guard case .period(_, let month, let day) = self else { return nil }
        let component: Calendar.Component = day != nil ? .day : month != nil ? .month : .year
        return calendar.date(byAdding: component, value: 1, to: start(now: now, calendar: calendar))
    }

    /// The period as text in the date column's ISO form (relative times become their day),
    /// for comparing tag dates like "1997-05-20" lexicographically.
    package func isoStart(now: Date, calendar: Calendar) -> String {
        if case .period = self { return description }
        return QueryDate.day(of: start(now: now, calendar: calendar), calendar: calendar).description
    }

    /// The first period after this one, as ISO text (an exclusive upper bound).
    package func isoEnd(now: Date, calendar: Calendar) -> String {
        switch self {
        case .period(let year, nil, _):
            return QueryDate.period(year: year + 1, month: nil, day: nil).description
        case .period(let year, let month?, nil):
            return (month == 12
                ? QueryDate.period(year: year + 1, month: 1, day: nil)
                : QueryDate.period(year: year, month: month + 1, day: nil)).description
        case .period, .relative:
            let start = QueryDate.day(of: start(now: now, calendar: calendar), calendar: calendar)
                .start(now: now, calendar: calendar)
            let next = calendar.date(byAdding: .day, value: 1, to: start) ?? start
            return QueryDate.day(of: next, calendar: calendar).description
        }
    }

    private static func day(of date: Date, calendar: Calendar) -> QueryDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return .period(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}
