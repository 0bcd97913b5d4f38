import Foundation
import LibraryCore
import LibraryStorage

/// API keys: created with an optional label, listed without the key, revoked one by one
/// or all at once.
extension LiveUserService {
    public func createAPIKey(forUser name: String, label: String?) async throws -> NewAPIKey {
        let validLabel = try Self.checked { () throws(ValidationError) in try UserRules.validateKeyLabel(label) }
        let key = APIKey.generate()
        defer { credentials.invalidate() }
        let info = try await database.writing { db in
            let user = try existing(name, db)
            return try APIKeyStore.insert(userID: user.id, keyHash: APIKey.hash(key), label: validLabel, now: now(), db)
        }
        return NewAPIKey(key: key, info: info)
    }

    public func apiKeys(forUser name: String) async throws -> [APIKeyInfo] {
        let keys = try await database.reading { db in try APIKeyStore.keys(userID: existing(name, db).id, db) }
        return keys.map { key in
            var key = key
            if let used = keyUses.lastUsed(keyID: key.id), used > key.lastUsedAt ?? .distantPast { key.lastUsedAt = used }
            return key
        }
    }

    public func revokeAPIKey(id: Int64, forUser name: String) async throws -> APIKeyInfo {
        defer { credentials.invalidate() }
        let revoked = try await database.writing { db in
            let user = try existing(name, db)
            guard let key = try APIKeyStore.keys(userID: user.id, db).first(where: { $0.id == id }),
                  try APIKeyStore.delete(id: id, userID: user.id, db)
            else {
                throw LibraryError(.notFound, "\"\(user.name)\" has no API key \(id): list their keys to see the ids.")
            }
            return key
        }
        keyUses.forget([revoked.id])
        return revoked
    }

    public func revokeAPIKeys(forUser name: String) async throws -> Int {
        defer { credentials.invalidate() }
        let revoked = try await database.writing { db in
            let user = try existing(name, db)
            let keys = try APIKeyStore.keys(userID: user.id, db).map(\.id)
            _ = try APIKeyStore.deleteAll(userID: user.id, db)
            return keys
        }
        keyUses.forget(revoked)
        return revoked.count
    }
}
