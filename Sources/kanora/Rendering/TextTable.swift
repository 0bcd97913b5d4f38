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
        let cells = [columns.map(\.title)] + rows
        var widths = columns.indices.map { index in cells.map { DisplayWidth.of($0[index]) }.max() ?? 0 }
        if let maxWidth {
            shrink(&widths, toFit: maxWidth)
        }
        return cells.map { row in
            columns.indices.map { index in
                let text = DisplayWidth.truncate(row[index], to: widths[index])
                let padding = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(text)))
                return columns[index].rightAligned ? padding + text : text + padding
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
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

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
