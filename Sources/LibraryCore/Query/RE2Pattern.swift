import CRE2

/// A regular expression compiled by RE2: case-insensitive, UTF-8, found anywhere in a text,
/// in time linear in the text whatever the pattern (no backtracking, hence no
/// backreferences or lookaround). What `field::regex` query terms and SQL's `regexp` run.
///
/// Immutable once compiled; matching does not change it.
package final class RE2Pattern: @unchecked Sendable {
    /// The most memory one pattern may use for its program and match caches (RE2's
    /// max_mem): a pattern whose program does not fit (`\pL{1000}`) is refused, not compiled.
    package static let maximumMemory: Int64 = 1 << 20

    /// Why RE2 refused a pattern, in RE2's words (`missing ): (abc`).
    package struct Refusal: Error, Equatable {
        package let reason: String
    }

    private let handle: OpaquePointer

    /// Compiles `pattern`.
    ///
    /// - Throws: `Refusal` when RE2 does not accept the pattern or it is too large.
    package init(_ pattern: String) throws(Refusal) {
        var pattern = pattern
        var error: UnsafeMutablePointer<CChar>?
        let compiled = pattern.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cre2_compile($0.baseAddress, $0.count, Self.maximumMemory, &error) }
        }
        guard let compiled else {
            let reason = error.map { String(cString: $0) } ?? "RE2 failed"
            cre2_error_free(error)
            throw Refusal(reason: reason)
        }
        handle = compiled
    }

    deinit {
        cre2_pattern_free(handle)
    }

    /// Whether the pattern matches somewhere in `count` bytes of UTF-8 at `text`; nil when
    /// RE2 failed.
    package func matches(utf8 text: UnsafePointer<CChar>?, count: Int) -> Bool? {
        switch cre2_search(handle, text, count) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    /// Whether the pattern matches somewhere in `text`; nil when RE2 failed.
    package func matches(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { matches(utf8: $0.baseAddress, count: $0.count) }
        }
    }
}
