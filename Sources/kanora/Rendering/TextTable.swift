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
        cells.forEachLine(maxWidth: maxWidth) { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    /// Writes the table's lines, header first, into `out`.
    func write(maxWidth: Int?, to out: inout OutputBuffer) {
        cells.write(maxWidth: maxWidth, to: &out)
    }

    /// The rows as `TableCells`, which measure and lay them out.
    private var cells: TableCells {
        var cells = TableCells(columns: columns)
        for row in rows {
            for index in columns.indices { cells.append(row[index]) }
        }
        return cells
    }

    /// Narrows the widest flexible column (never below 8) one column at a time until
    /// `widths` and the separators fit `maxWidth`.
    static func shrink(_ widths: inout [Int], columns: [Column], toFit maxWidth: Int) {
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

    /// Columns the UTF-8 text `bytes` takes (`of` the same text, without making a String).
    static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        measure(utf8: bytes).width
    }

    /// Columns the UTF-8 text `bytes` takes, and whether it is valid UTF-8 (when not, each
    /// invalid sequence counts as the U+FFFD that replaces it).
    static func measure(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, valid: Bool) {
        if isPrintableASCII(bytes) { return (bytes.count, true) }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var total = 0
        var valid = true
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): total += width(scalar)
            case .emptyInput: return (total, valid)
            case .error:
                total += width(Unicode.Scalar(0xFFFD)!)
                valid = false
            }
        }
    }

    /// Whether every byte is printable ASCII (0x20-0x7E), one column each; eight bytes at a
    /// time where it can.
    private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // With no byte's high bit set, no sum below carries into the next byte: a byte
            // plus 0x60 reaches 0x80 when it is at least 0x20, plus 1 when it is 0x7F.
            let high: UInt64 = 0x8080_8080_8080_8080
            if word & high != 0 || (word &+ 0x6060_6060_6060_6060) & high != high
                || (word &+ 0x0101_0101_0101_0101) & high != 0 { return false }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte > 0x7E { return false }
            index += 1
        }
        return true
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
        // Blocks with no marks, format or control characters, common in names, answered
        // without the property lookup: Greek and Cyrillic (but the Cyrillic combining marks
        // U+0483-0489), kana (but the combining sound marks U+3099-309A), CJK ideographs
        // and Hangul syllables.
        switch scalar.value {
        case 0x370..<0x483, 0x48A..<0x530: return 1
        case 0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return 2
        default: break
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
