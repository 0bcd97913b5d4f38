import LibraryCore
import LibraryServices
import Logging

/// Checks a request's Subsonic credentials: `apiKey` (OpenSubsonic), `u` + `t` + `s`
/// (token), `u` + `p` (plain, or `enc:` and hex). Failures count against the client's
/// address in the `LoginThrottle`.
struct SubsonicAuthenticator: Sendable {
    let users: any UserService
    let throttle: LoginThrottle

    /// The authenticated user.
    ///
    /// - Throws: error 10 for missing credentials or a salt shorter than
    ///   `UserRules.saltMinLength`, 40 for wrong ones or a locked-out
    ///   address, 43 for an API key with a user name, 44 for an unknown API key.
    func authenticate(_ parameters: SubsonicParameters, client: String, logger: Logger) async throws(SubsonicError) -> User {
        let credentials = try Credentials(parameters)
        if let seconds = throttle.lockedSeconds(for: client) {
            throw SubsonicError(code: 40, "Too many failed logins from this address: wait \(seconds) seconds and try again")
        }
        if let account = credentials.account, let seconds = throttle.lockedSeconds(forAccount: account, from: client) {
            throw SubsonicError(code: 40, "Too many failed logins to this account: wait \(seconds) seconds, or log in from a device that logged in before")
        }
        let user: User?
        do {
            switch credentials {
            case .apiKey(let key): user = try await users.authenticate(apiKey: key)
            case .token(let name, let token, let salt): user = try await users.authenticate(name: name, token: token, salt: salt)
            case .password(let name, let password): user = try await users.authenticate(name: name, password: password)
            }
        } catch let error as LibraryError where error.code == .notFound {
            user = nil
        } catch {
            logger.error("Authentication failed in the user service: \(error.localizedDescription)")
            throw .generic("The server could not check the credentials")
        }
        guard let user else {
            throttle.recordFailure(for: client, account: credentials.account)
            LoginLog.failure(credentials.kind, account: credentials.account, client: client, logger: logger)
            if case .apiKey = credentials { throw .invalidAPIKey }
            throw .wrongCredentials
        }
        throttle.recordSuccess(for: client, account: user.name)
        return user
    }
}

/// The credentials a request carries.
enum Credentials: Equatable {
    case apiKey(String)
    case token(name: String, token: String, salt: String)
    case password(name: String, password: String)

    /// The account a password or token login names (an API key names none).
    var account: String? {
        switch self {
        case .apiKey: nil
        case .token(let name, _, _), .password(let name, _): name
        }
    }

    /// What kind of credential it is, for the log (never the credential itself).
    var kind: String {
        switch self {
        case .apiKey: "API key"
        case .token: "token"
        case .password: "password"
        }
    }

    init(_ parameters: SubsonicParameters) throws(SubsonicError) {
        if let key = parameters.string("apiKey") {
            guard parameters.string("u") == nil else { throw .conflictingCredentials }
            self = .apiKey(key)
            return
        }
        let name = try parameters.required("u")
        if let token = parameters.string("t") {
            let salt = try parameters.required("s")
            // A short salt repeats, so a token seen once could be replayed: refused before any check.
            guard salt.count >= UserRules.saltMinLength else {
                throw .invalidParameter("s", "(the salt) has \(salt.count) character\(salt.count == 1 ? "" : "s"): use a new random salt of at least \(UserRules.saltMinLength) for each request")
            }
            self = .token(name: name, token: token.lowercased(), salt: salt)
        } else if let password = parameters.string("p") {
            self = .password(name: name, password: try Self.decodePassword(password))
        } else {
            throw .missingParameter("p")
        }
    }

    /// `enc:` followed by the password's UTF-8 bytes in hex, or the password itself.
    static func decodePassword(_ text: String) throws(SubsonicError) -> String {
        guard text.hasPrefix("enc:") else { return text }
        let hex = Array(text.utf8.dropFirst(4))
        guard hex.count.isMultiple(of: 2) else { throw .invalidParameter("p", "is not valid enc: hex") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.count / 2)
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let high = SubsonicParameters.hexValue(hex[index]), let low = SubsonicParameters.hexValue(hex[index + 1]) else {
                throw .invalidParameter("p", "is not valid enc: hex")
            }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
