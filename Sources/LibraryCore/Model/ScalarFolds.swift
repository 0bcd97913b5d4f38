/// `TextFold` one scalar at a time, for the scripts most tags are written in.
///
/// Folding a string is Foundation's compatibility decomposition, then per-scalar work,
/// then canonical composition. For scalars whose fold does not depend on their neighbours,
/// the fold of a string is the concatenation of its scalars' folds, which a table gives
/// without Foundation. The table is built once from `TextFold.slowFold` itself, so both
/// paths agree by construction; a scalar whose fold could interact with a neighbour (a
/// mark that is kept, a result that could compose) has no entry, and text containing one
/// takes the slow path.
enum ScalarFolds {
    /// The fold of `text`, or nil when some scalar needs the slow path.
    static func fold(_ text: String) -> String? {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                result.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value | 0x20)) : scalar)
            } else if let index = tableIndex(value) {
                guard let folded = table[index] else { return nil }
                result.append(contentsOf: folded.unicodeScalars)
            } else if isUnchanged(value) {
                result.append(scalar)
            } else {
                return nil
            }
        }
        return String(result)
    }

    /// The blocks the table covers: Latin-1 Supplement to Cyrillic Supplement, and Latin
    /// Extended Additional with Greek Extended.
    private static let blocks: [Range<UInt32>] = [0x80..<0x530, 0x1E00..<0x2000]

    private static func tableIndex(_ value: UInt32) -> Int? {
        var base = 0
        for block in blocks {
            if block.contains(value) { return base + Int(value - block.lowerBound) }
            base += block.count
        }
        return nil
    }

    /// Scalars that fold to themselves: Hangul syllables (decomposed to jamo and composed
    /// back), CJK unified ideographs, and hiragana and katakana letters (a voiced kana's
    /// voicing mark is kept, so it composes back too).
    static func isUnchanged(_ value: UInt32) -> Bool {
        (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0x3041...0x3096).contains(value) || (0x30A1...0x30FA).contains(value)
    }

    /// Each covered scalar's fold, nil where the slow path is needed.
    static let table: [String?] = blocks.flatMap { $0 }.map { value in
        guard let scalar = Unicode.Scalar(value), isContextFree(scalar) else { return nil }
        let folded = TextFold.slowFold(String(Character(scalar)))
        return folded.unicodeScalars.allSatisfy(isInert) ? folded : nil
    }

    /// A scalar that is folded alone: a starter, or a nonspacing mark (which folding drops).
    /// Spacing and enclosing marks are kept and could combine with what precedes them.
    private static func isContextFree(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark: return true
        case .spacingMark, .enclosingMark: return false
        default: return scalar.properties.canonicalCombiningClass == .notReordered
        }
    }

    /// A scalar of a fold that no neighbour can compose with: a starter outside the Hangul
    /// jamo blocks, with no decomposition that composition could undo.
    private static func isInert(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let jamo = (0x1100...0x11FF).contains(value) || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value)
        return !jamo && scalar.properties.canonicalCombiningClass == .notReordered
            && scalar.properties.generalCategory != .spacingMark && scalar.properties.generalCategory != .enclosingMark
    }
}
