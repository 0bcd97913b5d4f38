/// An aligned text table: columns padded to the widest cell, counting wide (CJK, emoji)
/// characters as two columns; when a width is given, the flexible columns shrink to fit.
struct TextTable {
    struct Column {
        var title: String
        var rightAligned = false
        /// Whether this column may be shortened (with "…") to fit the terminal.
        var flexible = false
    }

    var columns: [Column]
    var rows: [[String]] = []

    /// The table's lines, header first.
    func render(maxWidth: Int?) -> [String] {
        var lines: [String] = []
        forEachLine(maxWidth: maxWidth) { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    /// Writes the table's lines, header first, into `out`.
    func write(maxWidth: Int?, to out: inout OutputBuffer) {
        forEachLine(maxWidth: maxWidth) { line in
            out.append(bytes: line)
            out.endLine()
        }
    }

    /// Calls `body` with each line's UTF-8 bytes (header first), measuring every cell once.
    private func forEachLine(maxWidth: Int?, _ body: ([UInt8]) -> Void) {
        let count = columns.count
        let titles = columns.map(\.title)
        // Every cell's display width, header first, row after row.
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity((rows.count + 1) * count)
        for title in titles { cellWidths.append(DisplayWidth.of(title)) }
        for row in rows {
            for index in 0..<count { cellWidths.append(DisplayWidth.of(row[index])) }
        }
        var widths = Array(repeating: 0, count: count)
        for (position, width) in cellWidths.enumerated() where width > widths[position % count] {
            widths[position % count] = width
        }
        if let maxWidth {
            shrink(&widths, toFit: maxWidth)
        }
        var line: [UInt8] = []
        func emit(_ cells: [String], firstWidth: Int) {
            line.removeAll(keepingCapacity: true)
            for index in 0..<count {
                if index > 0 { line.append(contentsOf: "  ".utf8) }
                var text = cells[index]
                var width = cellWidths[firstWidth + index]
                if width > widths[index] {
                    text = DisplayWidth.truncate(text, to: widths[index])
                    width = DisplayWidth.of(text)
                }
                let padding = repeatElement(UInt8(ascii: " "), count: max(0, widths[index] - width))
                if columns[index].rightAligned {
                    line.append(contentsOf: padding)
                    line.append(contentsOf: text.utf8)
                } else {
                    line.append(contentsOf: text.utf8)
                    line.append(contentsOf: padding)
                }
            }
            while line.last == UInt8(ascii: " ") { line.removeLast() }
            body(line)
        }
        emit(titles, firstWidth: 0)
        for (number, row) in rows.enumerated() {
            emit(row, firstWidth: (number + 1) * count)
        }
    }

    private func shrink(_ widths: inout [Int], toFit maxWidth: Int) {
        let separators = 2 * (columns.count - 1)
        var excess = widths.reduce(0, +) + separators - maxWidth
        while excess > 0 {
            let flexible = columns.indices.filter { columns[$0].flexible && widths[$0] > 8 }
            guard let widest = flexible.max(by: { widths[$0] < widths[$1] }) else { return }
            widths[widest] -= 1
            excess -= 1
        }
    }
}

/// Terminal column widths of text.
enum DisplayWidth {
    /// Columns `text` takes: 2 for wide characters, 0 for combining marks.
    static func of(_ text: String) -> Int {
        // Printable ASCII is one column a byte; tables are mostly that, and the Unicode
        // property lookups below dominate rendering time on large listings.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + width($1) }
    }

    /// `text` cut to at most `columns`, ending in "…" when cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(String(character))
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    static func width(_ scalar: Unicode.Scalar) -> Int {
        // Latin-1 and Latin Extended (most accented names) hold no marks: only the control
        // characters and the soft hyphen (a format character) take no column there.
        if scalar.value < 0x300 {
            return scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value == 0xAD ? 0 : 1
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        case .control: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
