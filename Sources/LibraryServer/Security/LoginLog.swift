import Logging

/// One warning per failed login, with the address and the user name (never the secret), so
/// an administrator can see guessing in the log (`journalctl -u kanora`) and act on it.
enum LoginLog {
    /// Logs a failed login of `kind` ("password", "token", "API key") from `client`.
    static func failure(_ kind: String, account: String?, client: String, logger: Logger) {
        let who = account.map { " as \"\(printable($0))\"" } ?? ""
        logger.warning("Failed login\(who) from \(client) (\(kind))")
    }

    /// At most 64 characters with control characters escaped: a user name is the client's
    /// text, and must not forge log lines.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(64) {
            if scalar.properties.generalCategory == .control || scalar == "\"" || scalar == "\\" {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
