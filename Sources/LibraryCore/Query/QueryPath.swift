import Foundation

/// Turns a typed `path:` value into the form the `path_text` column stores.
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
