import CSQLite
import LibraryCore

extension Connection {
    /// Registers Kanora's SQL functions on this connection: `regexp(pattern, text)` and
    /// `kanora_fold(text)`.
    ///
    /// `regexp` is RE2 (`RE2Pattern`): case-insensitive, UTF-8, a match anywhere in the
    /// text, in linear time. It is deterministic, returns NULL when `text` is NULL, fails the
    /// statement with RE2's reason for a pattern RE2 refuses, and serves `text REGEXP
    /// pattern` too.
    func registerFunctions() throws(DatabaseError) {
        let cache = Unmanaged.passRetained(RegexCache()).toOpaque()
        let code = sqlite3_create_function_v2(
            handle, "regexp", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, cache,
            { context, _, arguments in
                guard let context, let arguments, let box = sqlite3_user_data(context) else { return }
                guard let patternValue = arguments[0], let textValue = arguments[1],
                      sqlite3_value_type(patternValue) != SQLITE_NULL, sqlite3_value_type(textValue) != SQLITE_NULL else {
                    sqlite3_result_null(context)
                    return
                }
                let expression: RE2Pattern
                if let auxiliary = sqlite3_get_auxdata(context, 0) {
                    // The same pattern as for the previous row of this statement.
                    expression = Unmanaged<RE2Pattern>.fromOpaque(auxiliary).takeUnretainedValue()
                } else {
                    let pattern = sqlite3_value_text(patternValue).map { String(cString: $0) } ?? ""
                    let cache = Unmanaged<RegexCache>.fromOpaque(box).takeUnretainedValue()
                    do throws(RE2Pattern.Refusal) {
                        expression = try cache.expression(pattern)
                    } catch {
                        sqlite3_result_error(context, "invalid regular expression \"\(pattern)\": \(error.reason)", -1)
                        return
                    }
                    sqlite3_set_auxdata(context, 0, Unmanaged.passRetained(expression).toOpaque()) { retained in
                        if let retained { Unmanaged<RE2Pattern>.fromOpaque(retained).release() }
                    }
                }
                let text = sqlite3_value_text(textValue)
                let count = Int(sqlite3_value_bytes(textValue))
                let found = text.flatMap { text in
                    text.withMemoryRebound(to: CChar.self, capacity: count) { expression.matches(utf8: $0, count: count) }
                }
                guard let found else {
                    sqlite3_result_error(context, "the regular expression engine failed", -1)
                    return
                }
                sqlite3_result_int(context, found ? 1 : 0)
            },
            nil, nil,
            { box in
                if let box { Unmanaged<RegexCache>.fromOpaque(box).release() }
            })
        guard code == SQLITE_OK else { throw error(code: code, sql: nil) }
        try registerFold()
    }

    /// `kanora_fold(text)`: `TextFold.fold`, the folding of the `*_fold` columns, for the
    /// triggers that keep `artist_search` in step with artist names. NULL stays NULL.
    private func registerFold() throws(DatabaseError) {
        let code = sqlite3_create_function_v2(
            handle, "kanora_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil,
            { context, _, arguments in
                guard let context, let value = arguments?[0], sqlite3_value_type(value) != SQLITE_NULL,
                      let text = sqlite3_value_text(value) else {
                    context.map { sqlite3_result_null($0) }
                    return
                }
                let count = Int(sqlite3_value_bytes(value))
                let folded = TextFold.fold(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
                sqlite3_result_text(context, folded, Int32(folded.utf8.count), csqlite_transient())
            },
            nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code: code, sql: nil) }
    }
}

/// Compiled patterns for one connection, so a pattern used again by later queries is not
/// compiled again. At most `capacity` patterns (each at most `RE2Pattern.maximumMemory`).
///
/// Used only on its connection's thread, like the connection itself.
private final class RegexCache {
    private static let capacity = 16
    private var expressions: [String: RE2Pattern] = [:]

    func expression(_ pattern: String) throws(RE2Pattern.Refusal) -> RE2Pattern {
        if let cached = expressions[pattern] { return cached }
        let expression = try RE2Pattern(pattern)
        if expressions.count >= Self.capacity { expressions.removeAll() }
        expressions[pattern] = expression
        return expression
    }
}
