import Foundation

/// Paths in the form the `path_text` column stores: what a typed `path:` value and an M3U
/// entry are matched against.
package enum QueryPath {
    /// Absolute (relative values resolve against `currentDirectory`, `~` against home),
    /// without `.`, `..`, repeated or trailing slashes, NFC.
    package static func resolve(_ value: String, currentDirectory: String) -> String {
        var path = value
        if path == "~" || path.hasPrefix("~/") {
            path = FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
        } else if !path.hasPrefix("/") {
            path = currentDirectory + "/" + path
        }
        return normalized(path)
    }

    /// `path` (read as absolute) without `.`, `..`, repeated or trailing slashes, NFC.
    package static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return ("/" + components.joined(separator: "/")).precomposedStringWithCanonicalMapping
    }
}
