import LibraryCore

extension Schema {
    /// Web sign-in sessions and each user's language.
    ///
    /// A session is stored as the SHA-256 of its token (the token itself only ever lives in
    /// the browser's cookie), with its user and its expiry. Sessions count as credentials:
    /// adding or ending one bumps `credential_generation`, so a server keeping them in memory
    /// sees another process's change. A changed password ends the user's sessions (it was
    /// probably changed because it leaked). `user.language` is the language the web app
    /// speaks to the user (NULL: follow the browser's `Accept-Language`).
    static let sessionsAndLanguages = Migration("v13-sessions-and-languages", sql: """
        ALTER TABLE user ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND \(UserRules.languageMaxLength));

        CREATE TABLE session (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            token_hash BLOB NOT NULL UNIQUE CHECK (length(token_hash) = 32),
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL CHECK (expires_at > created_at)
        );
        CREATE INDEX session_by_user ON session(user_id);
        CREATE INDEX session_by_expiry ON session(expires_at);

        CREATE TRIGGER session_added_changes_credentials AFTER INSERT ON session
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        CREATE TRIGGER session_removed_changes_credentials AFTER DELETE ON session
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        CREATE TRIGGER user_language_changes_credentials AFTER UPDATE OF language ON user
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        CREATE TRIGGER user_password_ends_sessions AFTER UPDATE OF password_sealed ON user
        BEGIN DELETE FROM session WHERE user_id = NEW.id; END;
        """)
}
