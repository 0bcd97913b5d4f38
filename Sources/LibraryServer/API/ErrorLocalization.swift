import Foundation
import KanoraAPI
import LibraryCore
import LibraryServices

/// The `/api/v1` error envelope's message in the request's language: the details the web
/// app shows (sign-in failed, locked out, forbidden, not found, an invalid playlist name,
/// the query parser's error) map to catalog keys with their values; any other error says
/// its kind (`error.kind.*`). English keeps the services' own sentences, which are written
/// in English and say more (the CLI and API clients read them too).
enum ErrorLocalization {
    /// The message of `error` for `localizer`.
    static func message(_ error: LibraryError, localizer: any Localizer) -> String {
        if localizer.language == Localization.fallbackLanguage { return error.message }
        return (detail(error) ?? .key("error.kind.\(error.code.rawValue)")).resolved(by: localizer)
    }

    /// The catalog key (and values) for a detail the web app shows; nil for any other.
    static func detail(_ error: LibraryError) -> LocalizableString? {
        let message = error.message
        switch error.code {
        case .unauthorized:
            if let seconds = integer(in: message, after: "wait ", before: " second") {
                return .key("error.lockedOut", count: seconds)
            }
            if message.contains("password") { return .key("error.signInFailed") }
            return .key("error.signInNeeded")
        case .forbidden:
            return message.contains("administrator") ? .key("error.forbidden.admin") : .key("error.forbidden.owner")
        case .notFound:
            for kind in ["album", "artist", "song", "track", "playlist", "folder"] {
                if let id = integer(in: message, after: "No \(kind) with id ", before: ":") ?? integer(in: message, after: "No \(kind) with id ", before: ".") {
                    return .key("error.notFound.\(kind == "song" ? "track" : kind)", ["id": .text(String(id))])
                }
            }
            return nil
        case .invalidInput:
            return playlistName(message) ?? query(message)
        case .conflict:
            if message.hasPrefix("A playlist named "), let name = quoted(message) { return .key("error.playlistName.taken", ["name": .text(name)]) }
            return nil
        default:
            return nil
        }
    }

    /// A query the parser refused: its term.
    static func queryProblem(_ error: QueryError) -> LocalizableString {
        .key("error.query", ["term": .text(error.term)])
    }

    /// `PlaylistRules`' refusals (`NameRule`'s messages for the subject "playlist name").
    private static func playlistName(_ message: String) -> LocalizableString? {
        let subject = "The \(PlaylistRules.name.subject) "
        guard message.hasPrefix(subject) else { return nil }
        if message.hasPrefix(subject + "is empty") { return .key("error.playlistName.empty") }
        if message.hasPrefix(subject + "contains a control") { return .key("error.playlistName.control") }
        if let length = integer(in: message, after: subject + "is ", before: " characters") {
            return .key("error.playlistName.long", ["length": .number(length), "maximum": .number(PlaylistRules.name.maxLength)])
        }
        return nil
    }

    /// The parser's shape, `<problem> in "<term>": <advice>`.
    private static func query(_ message: String) -> LocalizableString? {
        guard let start = message.range(of: " in \""), let end = message.range(of: "\": ", options: .backwards),
              start.upperBound <= end.lowerBound else { return nil }
        return .key("error.query", ["term": .text(String(message[start.upperBound..<end.lowerBound]))])
    }

    private static func integer(in text: String, after prefix: String, before suffix: String) -> Int? {
        guard let start = text.range(of: prefix), let end = text.range(of: suffix, range: start.upperBound..<text.endIndex) else { return nil }
        return Int(text[start.upperBound..<end.lowerBound])
    }

    private static func quoted(_ text: String) -> String? {
        guard let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\"") else { return nil }
        return String(text[text.index(after: open)..<close])
    }
}
