import Foundation
import LibraryCore

/// The `.kanoraignore` rules in force for a folder, in gitignore style.
///
/// A `.kanoraignore` applies to its folder and everything below it. Each line is a
/// pattern: `#` starts a comment, `!` re-includes what an earlier pattern excluded, a
/// trailing `/` matches folders only, a pattern containing another `/` is anchored to the
/// ignore file's folder (otherwise it matches a name at any depth), and `*`, `?`, `[abc]`
/// and `**` (any number of folders) work as in git. The last matching pattern wins.
struct IgnoreRules {
    static let fileName = ".kanoraignore"

    struct Rule {
        /// The folder whose ignore file holds the rule, as text with a trailing slash.
        var base: String
        var pattern: [Character]
        var negated: Bool
        var directoriesOnly: Bool
        var anchored: Bool
    }

    private(set) var rules: [Rule] = []

    /// These rules plus those of `folder`'s own ignore file, if it has one.
    func adding(folder: RawPath) -> IgnoreRules {
        guard let data = Self.contents(of: folder.appending(Array(Self.fileName.utf8))) else { return self }
        var copy = self
        let base = folder.folderPrefix
        for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = String(rawLine)
            while line.hasSuffix(" ") && !line.hasSuffix("\\ ") { line.removeLast() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            var negated = false
            if line.hasPrefix("!") { negated = true; line.removeFirst() }
            if line.hasPrefix("\\") { line.removeFirst() }
            var directoriesOnly = false
            if line.hasSuffix("/") { directoriesOnly = true; line.removeLast() }
            let anchored = line.contains("/")
            if line.hasPrefix("/") { line.removeFirst() }
            guard !line.isEmpty else { continue }
            copy.rules.append(Rule(
                base: base, pattern: Array(line.precomposedStringWithCanonicalMapping), negated: negated,
                directoriesOnly: directoriesOnly, anchored: anchored))
        }
        return copy
    }

    /// Whether `path` (a file, or a folder when `isDirectory`) is excluded.
    func excludes(_ path: RawPath, isDirectory: Bool) -> Bool {
        guard !rules.isEmpty else { return false }
        let text = path.text
        var excluded = false
        for rule in rules where text.hasPrefix(rule.base) {
            if rule.directoriesOnly && !isDirectory { continue }
            let relative = String(text.dropFirst(rule.base.count))
            let subject = rule.anchored ? relative : String(relative.split(separator: "/").last ?? "")
            if Self.glob(rule.pattern[...], Array(subject)[...]) { excluded = !rule.negated }
        }
        return excluded
    }

    /// Glob matching: `*` and `?` stop at "/", `**` crosses folders, `[...]` is a class.
    static func glob(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            if pattern.dropFirst().first == "*" {
                var rest = pattern.dropFirst(2)
                if rest.first == "/" { rest = rest.dropFirst() }
                var index = text.startIndex
                while true {
                    if glob(rest, text[index...]) { return true }
                    guard index < text.endIndex else { return false }
                    index = text.index(after: index)
                }
            }
            var index = text.startIndex
            while true {
                if glob(pattern.dropFirst(), text[index...]) { return true }
                guard index < text.endIndex, text[index] != "/" else { return false }
                index = text.index(after: index)
            }
        case "?":
            guard let head = text.first, head != "/" else { return false }
            return glob(pattern.dropFirst(), text.dropFirst())
        case "[":
            guard let close = pattern.dropFirst().firstIndex(of: "]"), let head = text.first else {
                return text.first == "[" && glob(pattern.dropFirst(), text.dropFirst())
            }
            var members = pattern[(pattern.startIndex + 1)..<close]
            let inverted = members.first == "!" || members.first == "^"
            if inverted { members = members.dropFirst() }
            var matched = false
            var index = members.startIndex
            while index < members.endIndex {
                let low = members[index]
                let dash = members.index(after: index)
                if dash < members.endIndex, members[dash] == "-", members.index(after: dash) < members.endIndex {
                    let high = members[members.index(after: dash)]
                    if low <= head && head <= high { matched = true }
                    index = members.index(dash, offsetBy: 2)
                } else {
                    if low == head { matched = true }
                    index = dash
                }
            }
            return matched != inverted && glob(pattern[(close + 1)...], text.dropFirst())
        default:
            guard let head = text.first, head == first else { return false }
            return glob(pattern.dropFirst(), text.dropFirst())
        }
    }

    private static func contents(of path: RawPath) -> Data? {
        path.withCString { FileManager.default.contents(atPath: String(cString: $0)) }
    }
}

/// Gitignore-style glob matching, exposed for tests and tools.
public enum IgnoreGlob {
    /// Whether `text` (a path relative to the ignore file) matches `pattern`.
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        IgnoreRules.glob(Array(pattern)[...], Array(text)[...])
    }
}
