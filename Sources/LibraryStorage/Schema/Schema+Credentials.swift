import LibraryCore

extension Schema {
    /// API keys get an optional label (their creation and last-use times were there from
    /// v9). `credential_generation` counts every change to what a login checks (users,
    /// their names, roles and passwords, and API keys, but not a key's last-use time), so a
    /// server keeping credentials in memory sees another process's change with one read of
    /// one row instead of re-reading the users and keys on every request.
    static let credentialGeneration = Migration("v11-api-key-labels-and-credential-generation", sql: """
        ALTER TABLE api_key ADD COLUMN label TEXT CHECK (label IS NULL OR (\(UserRules.keyLabel.checkSQL(column: "label"))));

        CREATE TABLE credential_generation (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            generation INTEGER NOT NULL
        );
        INSERT INTO credential_generation (id, generation) VALUES (1, 0);

        CREATE TRIGGER user_added_changes_credentials AFTER INSERT ON user
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        CREATE TRIGGER user_removed_changes_credentials AFTER DELETE ON user
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        CREATE TRIGGER user_edited_changes_credentials AFTER UPDATE OF name, is_admin, password_sealed ON user
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        CREATE TRIGGER api_key_added_changes_credentials AFTER INSERT ON api_key
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        CREATE TRIGGER api_key_removed_changes_credentials AFTER DELETE ON api_key
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        CREATE TRIGGER api_key_edited_changes_credentials AFTER UPDATE OF user_id, key_hash ON api_key
        BEGIN UPDATE credential_generation SET generation = generation + 1; END;
        """)
}
