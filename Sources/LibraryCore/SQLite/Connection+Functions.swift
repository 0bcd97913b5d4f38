import CSQLite
import Foundation

extension Connection {
    /// Registers Kanora's SQL functions on this connection: `regexp(pattern, text)`.
    ///
    /// `regexp` is case-insensitive (ICU syntax, via NSRegularExpression), deterministic,
    /// returns NULL when `text` is NULL, and serves `text REGEXP pattern` too.
    func registerFunctions() throws(DatabaseError) {
        let cache = Unmanaged.passRetained(RegexCache()).toOpaque()
        let code = sqlite3_create_function_v2(
            handle, "regexp", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, cache,
            { context, _, arguments in
                guard let context, let arguments, let box = sqlite3_user_data(context) else { return }
                let cache = Unmanaged<RegexCache>.fromOpaque(box).takeUnretainedValue()
                guard let patternValue = arguments[0], let textValue = arguments[1],
                      sqlite3_value_type(patternValue) != SQLITE_NULL, sqlite3_value_type(textValue) != SQLITE_NULL,
                      let patternText = sqlite3_value_text(patternValue), let textText = sqlite3_value_text(textValue) else {
                    sqlite3_result_null(context)
                    return
                }
                let pattern = String(cString: patternText)
                guard let expression = cache.expression(pattern) else {
                    sqlite3_result_error(context, "invalid regular expression: \(pattern)", -1)
                    return
                }
                let text = String(cString: textText)
                let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                sqlite3_result_int(context, found ? 1 : 0)
            },
            nil, nil,
            { box in
                if let box { Unmanaged<RegexCache>.fromOpaque(box).release() }
            })
        guard code == SQLITE_OK else { throw error(code: code, sql: nil) }
    }
}

/// Compiled patterns for one connection (queries reuse one pattern for every row).
///
/// Used only on its connection's thread, like the connection itself.
private final class RegexCache {
    private var expressions: [String: NSRegularExpression] = [:]

    func expression(_ pattern: String) -> NSRegularExpression? {
        if let cached = expressions[pattern] { return cached }
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
            return nil
        }
        if expressions.count >= 32 { expressions.removeAll() }
        expressions[pattern] = expression
        return expression
    }
}
