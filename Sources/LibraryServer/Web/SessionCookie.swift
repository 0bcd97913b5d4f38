import Foundation
import Hummingbird

/// The web app's session cookie: `kanora_session`, HttpOnly (no script reads it),
/// SameSite=Strict (no other site's page sends it), Path=/, and Secure when the request
/// came over TLS (through a trusted proxy saying `X-Forwarded-Proto: https`, or with
/// `--secure-cookies`).
public enum SessionCookie {
    /// The cookie's name.
    public static let name = "kanora_session"
    /// The header a request authenticated by the cookie must carry unless it is a GET or
    /// HEAD: a cross-site form cannot set it, and a cross-site script cannot send it without
    /// a CORS preflight the server never grants. SameSite=Strict already stops both; this
    /// is the second lock.
    public static let header = HTTPFields.Element.Name("X-Kanora-Request")!

    /// The session token in the request's `Cookie` header, if any.
    static func token(in headers: HTTPFields) -> String? {
        for field in headers[values: .cookie] {
            for pair in field.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// `Set-Cookie` for a new session that ends at `expires`.
    static func set(_ token: String, expires: Date, secure: Bool) -> String {
        "\(name)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(max(0, Int(expires.timeIntervalSinceNow)))"
            + (secure ? "; Secure" : "")
    }

    /// `Set-Cookie` that makes the browser forget the session.
    static func clear(secure: Bool) -> String {
        "\(name)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" + (secure ? "; Secure" : "")
    }
}
