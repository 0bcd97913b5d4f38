/// The response format a client asks for with `f` (XML unless told otherwise).
public enum SubsonicFormat: Sendable, Equatable {
    case xml
    case json
    /// JSON wrapped in a call to the named JavaScript function (`f=jsonp&callback=NAME`).
    case jsonp(callback: String)

    /// The format named by `f` and `callback`; unknown formats fall back to XML, as
    /// Subsonic does.
    ///
    /// - Throws: error 10 for `jsonp` without a valid callback name (the error is then
    ///   rendered as JSON).
    static func from(_ parameters: SubsonicParameters) throws(SubsonicError) -> SubsonicFormat {
        switch parameters.string("f")?.lowercased() {
        case "json": return .json
        case "jsonp":
            guard let callback = parameters.string("callback") else { throw .missingParameter("callback") }
            guard isValidCallback(callback) else {
                throw .invalidParameter("callback", "must be a JavaScript name (letters, digits, _, $ and dots)")
            }
            return .jsonp(callback: callback)
        default: return .xml
        }
    }

    /// A JavaScript identifier path such as `cb` or `jQuery.cb_1`, at most 128 characters, so
    /// a callback can never inject script.
    static func isValidCallback(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 128 else { return false }
        var atStart = true
        for byte in name.utf8 {
            let letter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 || byte == 36
            let digit = byte >= 48 && byte <= 57
            if byte == 46 {
                if atStart { return false }
                atStart = true
            } else if letter || (digit && !atStart) {
                atStart = false
            } else {
                return false
            }
        }
        return !atStart
    }

    /// The Content-Type of a response in this format.
    var contentType: String {
        switch self {
        case .xml: "text/xml; charset=utf-8"
        case .json: "application/json; charset=utf-8"
        case .jsonp: "application/javascript; charset=utf-8"
        }
    }
}
