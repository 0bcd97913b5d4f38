/// SQL text with its arguments, written as a string literal whose interpolated values are
/// bound as `?` arguments: `"SELECT id FROM track WHERE path_text = \(path)"` puts a `?` in
/// the text and `path` in `arguments`, so user text only ever travels as an argument.
///
/// Trusted SQL text (a column name from a fixed list, an ORDER BY the query compiler
/// built) goes in with `\(sql: text)`; another `SQL` nests with `\(fragment)`, its text and
/// arguments in place.
package struct SQL: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The SQL text, with a `?` for each argument.
    package private(set) var text: String
    /// The values of the text's parameters, in order.
    package private(set) var arguments: [DatabaseValue]

    /// Trusted SQL `text` with the `arguments` of its parameters: for text built elsewhere (a
    /// migration's script, a statement put together from fixed pieces) and for numbered
    /// parameters (`?1`, used more than once), which interpolation does not write.
    package init(sql text: String, arguments: [DatabaseValue] = []) {
        self.text = text
        self.arguments = arguments
    }

    /// SQL text without interpolations: no arguments.
    package init(stringLiteral text: String) {
        self.init(sql: text)
    }

    /// SQL text with a `?` for each interpolated value, the values as arguments.
    package init(stringInterpolation: Interpolation) {
        self.init(sql: stringInterpolation.text, arguments: stringInterpolation.arguments)
    }

    /// Appends `other`'s text and arguments.
    package mutating func append(_ other: SQL) {
        text += other.text
        arguments += other.arguments
    }

    /// `lhs` followed by `rhs`.
    package static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The text, for messages and tests.
    package var description: String { text }

    /// Builds an `SQL` from a string literal and its interpolations.
    package struct Interpolation: StringInterpolationProtocol {
        fileprivate var text: String
        fileprivate var arguments: [DatabaseValue] = []

        /// Room for the literal's text and its interpolations.
        package init(literalCapacity: Int, interpolationCount: Int) {
            text = ""
            text.reserveCapacity(literalCapacity + interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        /// Appends the literal's own text.
        package mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// Appends a `?` bound to `value`.
        package mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
            text += "?"
            arguments.append(value.databaseValue)
        }

        /// Appends a `?` bound to `value`, NULL when nil.
        package mutating func appendInterpolation<Value: DatabaseValueConvertible>(_ value: Value?) {
            text += "?"
            arguments.append(value?.databaseValue ?? .null)
        }

        /// Appends `fragment`'s text and arguments.
        package mutating func appendInterpolation(_ fragment: SQL) {
            text += fragment.text
            arguments += fragment.arguments
        }

        /// Appends trusted SQL text as it is: never text that came from a user.
        package mutating func appendInterpolation(sql trusted: String) {
            text += trusted
        }
    }
}

extension Sequence where Element == SQL {
    /// The fragments one after the other, `separator` (trusted SQL text) between them.
    package func joined(separator: String) -> SQL {
        var result = SQL(sql: "")
        for (offset, fragment) in enumerated() {
            if offset > 0 { result.append(SQL(sql: separator)) }
            result.append(fragment)
        }
        return result
    }
}
