import Foundation
import LibraryCore

/// A `UserService` whose every method throws `.unimplemented`.
public struct UnimplementedUserService: UserService {
    public init() {}
    public func users() async throws -> [User] { throw unimplemented("UserService.users") }
    public func user(named name: String) async throws -> User { throw unimplemented("UserService.user(named:)") }
    public func addUser(named name: String, password: String, isAdmin: Bool) async throws -> User { throw unimplemented("UserService.addUser") }
    public func removeUser(named name: String) async throws -> User { throw unimplemented("UserService.removeUser") }
    public func setPassword(_ password: String, forUser name: String, keepingKeys: Bool) async throws -> Int { throw unimplemented("UserService.setPassword") }
    public func createAPIKey(forUser name: String, label: String?) async throws -> NewAPIKey { throw unimplemented("UserService.createAPIKey") }
    public func apiKeys(forUser name: String) async throws -> [APIKeyInfo] { throw unimplemented("UserService.apiKeys") }
    public func revokeAPIKey(id: Int64, forUser name: String) async throws -> APIKeyInfo { throw unimplemented("UserService.revokeAPIKey") }
    public func revokeAPIKeys(forUser name: String) async throws -> Int { throw unimplemented("UserService.revokeAPIKeys") }
    public func authenticate(name: String, password: String) async throws -> User? { throw unimplemented("UserService.authenticate(password:)") }
    public func authenticate(name: String, token: String, salt: String) async throws -> User? { throw unimplemented("UserService.authenticate(token:)") }
    public func authenticate(apiKey: String) async throws -> User? { throw unimplemented("UserService.authenticate(apiKey:)") }
    public func startSession(forUser id: Int64, lifetime: TimeInterval) async throws -> NewSession { throw unimplemented("UserService.startSession") }
    public func authenticate(sessionToken: String) async throws -> User? { throw unimplemented("UserService.authenticate(sessionToken:)") }
    public func endSession(token: String) async throws { throw unimplemented("UserService.endSession") }
    public func setLanguage(_ language: String?, forUser id: Int64) async throws -> User { throw unimplemented("UserService.setLanguage") }
}

/// An `AnnotationService` whose every method throws `.unimplemented`.
public struct UnimplementedAnnotationService: AnnotationService {
    public init() {}
    public func star(_ items: [AnnotatedItem], user: Int64) async throws { throw unimplemented("AnnotationService.star") }
    public func unstar(_ items: [AnnotatedItem], user: Int64) async throws { throw unimplemented("AnnotationService.unstar") }
    public func setRating(_ rating: Int?, for item: AnnotatedItem, user: Int64) async throws { throw unimplemented("AnnotationService.setRating") }
    public func scrobble(trackID: Int64, at date: Date, user: Int64) async throws { throw unimplemented("AnnotationService.scrobble") }
    public func annotations(for items: [AnnotatedItem], user: Int64) async throws -> [AnnotatedItem: Annotation] { throw unimplemented("AnnotationService.annotations") }
    public func playQueue(user: Int64) async throws -> PlayQueue? { throw unimplemented("AnnotationService.playQueue") }
    public func savePlayQueue(_ queue: PlayQueue, user: Int64) async throws { throw unimplemented("AnnotationService.savePlayQueue") }
}
