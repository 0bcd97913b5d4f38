import LibraryCore

/// Kanora's schema: its migrations in order. Append new ones; never edit a shipped one.
package enum Schema {
    /// Every migration, oldest first.
    package static let migrations: [Migration] = [initial, trackSearch, queryIndexes, statisticsIndexes, batchedSearchIndexing, moveCandidateIndexes, movedFileIndex, trackDamage, usersAndAnnotations, recordingIndexes, credentialGeneration, folderCoverImages, sessionsAndLanguages, listIndexes, albumTotalsIndex, artistSearch, defaultTrackOrderIndex, presentIDsIndex, scanIndexes, searchPrefix, searchAutomerge, searchSegments, albumSearch, redundantYearIndex, genrePairIndex]

    /// `PRAGMA application_id` of a Kanora database ("KNRA").
    package static let applicationID: Int32 = 0x4B4E_5241

    /// The schema version this build writes (`PRAGMA user_version`).
    package static var version: Int { migrations.count }

    /// The migrator for this schema.
    package static var migrator: Migrator { Migrator(migrations) }

    static let initial = Migration("v1-initial-schema", sql: """
        CREATE TABLE user (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
            created_at INTEGER NOT NULL
        );
        INSERT INTO user (id, name, created_at) VALUES (1, 'local', CAST(strftime('%s', 'now') AS INTEGER));

        CREATE TABLE library (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (\(LibraryRules.name.checkSQL(column: "name"))),
            name_key TEXT NOT NULL UNIQUE,
            root BLOB NOT NULL UNIQUE,
            root_text TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            scan_generation INTEGER NOT NULL DEFAULT 0,
            last_scan_started_at INTEGER,
            last_scan_finished_at INTEGER,
            completed_generation INTEGER NOT NULL DEFAULT 0
        );

        CREATE TABLE folder (
            id INTEGER PRIMARY KEY,
            library_id INTEGER NOT NULL REFERENCES library(id) ON DELETE CASCADE,
            path BLOB NOT NULL,
            path_text TEXT NOT NULL,
            mtime_ns INTEGER NOT NULL DEFAULT 0,
            fingerprint INTEGER,
            last_seen_scan INTEGER NOT NULL DEFAULT 0,
            UNIQUE (library_id, path_text)
        );

        CREATE TABLE artist (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            sort_name TEXT,
            mb_artist_id TEXT
        );

        CREATE TABLE album (
            id INTEGER PRIMARY KEY,
            group_key TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            title_sort TEXT,
            album_artist TEXT NOT NULL,
            album_artist_sort TEXT,
            artist_id INTEGER REFERENCES artist(id) ON DELETE SET NULL,
            compilation INTEGER NOT NULL DEFAULT 0 CHECK (compilation IN (0, 1)),
            mb_album_id TEXT,
            mb_release_group_id TEXT
        );
        CREATE INDEX album_by_artist ON album(artist_id);

        CREATE TABLE track (
            id INTEGER PRIMARY KEY,
            library_id INTEGER NOT NULL REFERENCES library(id) ON DELETE CASCADE,
            folder_id INTEGER NOT NULL REFERENCES folder(id),
            path BLOB NOT NULL,
            path_text TEXT NOT NULL,
            file_size INTEGER NOT NULL CHECK (file_size >= 0),
            mtime_ns INTEGER NOT NULL,
            ctime_ns INTEGER NOT NULL,
            inode INTEGER,
            fingerprint TEXT,
            format TEXT NOT NULL,
            duration_ms INTEGER NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
            bitrate INTEGER CHECK (bitrate IS NULL OR bitrate >= 0),
            sample_rate INTEGER,
            channels INTEGER,
            bit_depth INTEGER,
            title TEXT NOT NULL,
            title_sort TEXT,
            artist TEXT,
            artists TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(artists)),
            artist_sort TEXT,
            album_artist TEXT,
            album_artists TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(album_artists)),
            album_artist_sort TEXT,
            album TEXT,
            album_sort TEXT,
            album_id INTEGER REFERENCES album(id) ON DELETE SET NULL,
            track_number INTEGER,
            track_total INTEGER,
            disc_number INTEGER,
            disc_total INTEGER,
            date TEXT,
            year INTEGER,
            original_date TEXT,
            original_year INTEGER,
            genre TEXT,
            genres TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(genres)),
            composer TEXT,
            comment TEXT,
            compilation INTEGER NOT NULL DEFAULT 0 CHECK (compilation IN (0, 1)),
            bpm REAL,
            mb_recording_id TEXT,
            mb_track_id TEXT,
            mb_album_id TEXT,
            mb_release_group_id TEXT,
            mb_artist_id TEXT,
            mb_album_artist_id TEXT,
            rg_track_gain REAL,
            rg_track_peak REAL,
            rg_album_gain REAL,
            rg_album_peak REAL,
            has_cover INTEGER NOT NULL DEFAULT 0 CHECK (has_cover IN (0, 1)),
            other_tags TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(other_tags)),
            title_fold TEXT NOT NULL DEFAULT '',
            artist_fold TEXT NOT NULL DEFAULT '',
            album_artist_fold TEXT NOT NULL DEFAULT '',
            album_fold TEXT NOT NULL DEFAULT '',
            genre_fold TEXT NOT NULL DEFAULT '',
            composer_fold TEXT NOT NULL DEFAULT '',
            comment_fold TEXT NOT NULL DEFAULT '',
            added_at INTEGER NOT NULL,
            added_scan INTEGER NOT NULL DEFAULT 0,
            updated_at INTEGER NOT NULL,
            missing_since INTEGER,
            UNIQUE (library_id, path_text)
        );
        CREATE INDEX track_by_folder ON track(folder_id);
        CREATE INDEX track_by_album ON track(album_id);
        CREATE INDEX track_by_fingerprint ON track(library_id, fingerprint);
        CREATE INDEX track_missing_by_fingerprint ON track(library_id, fingerprint) WHERE missing_since IS NOT NULL;
        CREATE INDEX track_by_added_scan ON track(library_id, added_scan);
        CREATE INDEX track_missing ON track(missing_since) WHERE missing_since IS NOT NULL;

        -- Key columns first: SQLite 3.40's integrity_check wrongly reports NULLs in a NOT NULL
        -- column declared before the key columns of a WITHOUT ROWID table.
        CREATE TABLE track_artist (
            track_id INTEGER NOT NULL REFERENCES track(id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('artist', 'albumartist')),
            position INTEGER NOT NULL CHECK (position >= 0),
            artist_id INTEGER NOT NULL REFERENCES artist(id) ON DELETE CASCADE,
            PRIMARY KEY (track_id, role, position)
        ) WITHOUT ROWID;
        CREATE INDEX track_artist_by_artist ON track_artist(artist_id);

        CREATE TABLE scan_failure (
            library_id INTEGER NOT NULL REFERENCES library(id) ON DELETE CASCADE,
            path BLOB NOT NULL,
            path_text TEXT NOT NULL,
            file_size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            kind TEXT NOT NULL,
            reason TEXT NOT NULL,
            failed_at INTEGER NOT NULL,
            scan_generation INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (library_id, path_text)
        );

        CREATE TABLE playlist (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (\(PlaylistRules.name.checkSQL(column: "name"))),
            name_key TEXT NOT NULL,
            description TEXT CHECK (\(PlaylistRules.descriptionCheckSQL(column: "description"))),
            smart_query TEXT,
            smart_sort TEXT,
            smart_limit INTEGER CHECK (smart_limit IS NULL OR smart_limit > 0),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            UNIQUE (user_id, name_key)
        );

        CREATE TABLE playlist_item (
            id INTEGER PRIMARY KEY,
            playlist_id INTEGER NOT NULL REFERENCES playlist(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            track_id INTEGER NOT NULL REFERENCES track(id) ON DELETE CASCADE,
            added_at INTEGER NOT NULL
        );
        CREATE INDEX playlist_item_by_position ON playlist_item(playlist_id, position);
        CREATE INDEX playlist_item_by_track ON playlist_item(track_id);
        """)

    /// Full-text search over the folded text columns (external content: the index stores
    /// only tokens; triggers keep it in step with `track`). The default rank is bm25 with
    /// titles weighted highest.
    static let trackSearch = Migration("v2-track-search", sql: """
        CREATE VIRTUAL TABLE track_search USING fts5(
            title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold,
            content = 'track', content_rowid = 'id',
            tokenize = "unicode61 remove_diacritics 2"
        );
        INSERT INTO track_search (track_search, rank) VALUES ('rank', 'bm25(10.0, 5.0, 4.0, 4.0, 2.0, 1.0)');
        INSERT INTO track_search (track_search) VALUES ('rebuild');

        CREATE TRIGGER track_search_after_insert AFTER INSERT ON track BEGIN
            INSERT INTO track_search (rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES (new.id, new.title_fold, new.artist_fold, new.album_fold, new.album_artist_fold, new.composer_fold, new.genre_fold);
        END;

        CREATE TRIGGER track_search_after_delete AFTER DELETE ON track BEGIN
            INSERT INTO track_search (track_search, rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES ('delete', old.id, old.title_fold, old.artist_fold, old.album_fold, old.album_artist_fold, old.composer_fold, old.genre_fold);
        END;

        CREATE TRIGGER track_search_after_update
        AFTER UPDATE OF title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold ON track BEGIN
            INSERT INTO track_search (track_search, rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES ('delete', old.id, old.title_fold, old.artist_fold, old.album_fold, old.album_artist_fold, old.composer_fold, old.genre_fold);
            INSERT INTO track_search (rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES (new.id, new.title_fold, new.artist_fold, new.album_fold, new.album_artist_fold, new.composer_fold, new.genre_fold);
        END;
        """)

    /// Indexes for common listing queries: year ranges (`year:1990..1999`) and recent
    /// additions (`added:-7d..`) read a slice of the table instead of scanning all of it.
    static let queryIndexes = Migration("v3-query-indexes", sql: """
        CREATE INDEX track_by_year ON track(year);
        CREATE INDEX track_by_added ON track(added_at);
        """)

    /// Lets `kanora stats` answer from small covering indexes instead of reading every
    /// (wide) track row: totals, formats, and which albums have present tracks.
    static let statisticsIndexes = Migration("v4-statistics-indexes", sql: """
        CREATE INDEX track_by_format ON track(format, missing_since);
        CREATE INDEX track_totals ON track(duration_ms, file_size, missing_since);
        CREATE INDEX track_by_album_present ON track(album_id, missing_since);
        """)

    /// New tracks enter the search index in bulk, one statement per scan batch
    /// (`TrackStore.indexForSearch`), instead of through a per-row trigger: any statement
    /// that writes FTS5 inside a trigger makes FTS5 flush its pending terms to disk as a new
    /// segment at the next statement, so indexing row by row cost more than writing the rows.
    /// Updates reindex a track only when one of its searched columns really changed.
    static let batchedSearchIndexing = Migration("v5-batched-search-indexing", sql: """
        DROP TRIGGER track_search_after_insert;
        DROP TRIGGER track_search_after_update;
        CREATE TRIGGER track_search_after_update
        AFTER UPDATE OF title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold ON track
        WHEN old.title_fold IS NOT new.title_fold OR old.artist_fold IS NOT new.artist_fold
          OR old.album_fold IS NOT new.album_fold OR old.album_artist_fold IS NOT new.album_artist_fold
          OR old.composer_fold IS NOT new.composer_fold OR old.genre_fold IS NOT new.genre_fold
        BEGIN
            INSERT INTO track_search (track_search, rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES ('delete', old.id, old.title_fold, old.artist_fold, old.album_fold, old.album_artist_fold, old.composer_fold, old.genre_fold);
            INSERT INTO track_search (rowid, title_fold, artist_fold, album_fold, album_artist_fold, composer_fold, genre_fold)
            VALUES (new.id, new.title_fold, new.artist_fold, new.album_fold, new.album_artist_fold, new.composer_fold, new.genre_fold);
        END;
        """)

    /// Move candidates are found by index, not by comparing every pair that shares a
    /// fingerprint: many files can carry the same audio (one recording on several albums,
    /// generated libraries built from a few clips), and each missing track is looked up by
    /// fingerprint plus title, or plus artist and album. Both indexes hold only missing
    /// tracks, so a scan that adds tracks pays nothing for them. The index over every
    /// track's fingerprint served nothing else, and `track_by_album_present` (album id
    /// first) serves every lookup `track_by_album` did.
    static let moveCandidateIndexes = Migration("v6-move-candidate-indexes", sql: """
        DROP INDEX track_by_fingerprint;
        DROP INDEX track_by_album;
        DROP INDEX track_missing_by_fingerprint;
        CREATE INDEX track_missing_by_title ON track(library_id, fingerprint, title_fold) WHERE missing_since IS NOT NULL;
        CREATE INDEX track_missing_by_album ON track(library_id, fingerprint, artist_fold, album_fold)
            WHERE missing_since IS NOT NULL;
        """)

    /// A file renamed or moved within one file system keeps its inode, size and mtime, so
    /// a new file that matches a missing track on all three is that track's file, moved,
    /// and need not be opened at all. The index holds only missing tracks.
    static let movedFileIndex = Migration("v7-moved-file-index", sql: """
        CREATE INDEX track_missing_by_inode ON track(library_id, inode) WHERE missing_since IS NOT NULL;
        """)

    /// Damage is recorded on the track instead of refusing the file: `damage` holds a short
    /// problem text ("last frame cut short"), NULL for a whole file; the partial index holds
    /// only damaged tracks, so `damaged:true` and `kanora doctor` find them without a scan
    /// and whole files pay nothing for it. Files refused before as damaged or as not audio
    /// must be read again by the next normal scan (no `--full`), since the reader now
    /// indexes the first and names the format of the second: their failures are forgotten
    /// and every folder's fingerprint is cleared, so each folder is listed once more
    /// (unchanged tracks are still not opened).
    static let trackDamage = Migration("v8-track-damage", sql: """
        ALTER TABLE track ADD COLUMN damage TEXT;
        CREATE INDEX track_damaged ON track(library_id) WHERE damage IS NOT NULL;
        DELETE FROM scan_failure WHERE kind IN ('corrupt', 'notAudio');
        UPDATE folder SET fingerprint = NULL;
        """)

    /// Users come alive for the server. A user's Subsonic password must be known to check
    /// token logins (md5(password + salt)), so it is kept sealed (AES-GCM, nonce + ciphertext
    /// + tag) with a key held in a 0600 file beside the database, never in clear; the local
    /// user (id 1) has none and cannot log in over HTTP. API keys are kept as SHA-256 hashes.
    /// Stars, ratings, play counts and the play queue belong to a user and point at stable
    /// track, album and artist ids, so they survive rescans and moves; `kanora prune` (the
    /// only deletion of tracks) takes them with the tracks. Key columns come first in the
    /// WITHOUT ROWID tables (SQLite 3.40's integrity_check misreads them otherwise).
    static let usersAndAnnotations = Migration("v9-users-and-annotations", sql: """
        ALTER TABLE user ADD COLUMN password_sealed BLOB;
        ALTER TABLE user ADD COLUMN is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1));
        UPDATE user SET is_admin = 1 WHERE id = 1;

        CREATE TABLE api_key (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            key_hash BLOB NOT NULL UNIQUE,
            created_at INTEGER NOT NULL,
            last_used_at INTEGER
        );
        CREATE INDEX api_key_by_user ON api_key(user_id);

        CREATE TABLE track_annotation (
            user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            track_id INTEGER NOT NULL REFERENCES track(id) ON DELETE CASCADE,
            starred_at INTEGER,
            rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
            play_count INTEGER NOT NULL DEFAULT 0 CHECK (play_count >= 0),
            last_played_at INTEGER,
            PRIMARY KEY (user_id, track_id)
        ) WITHOUT ROWID;
        CREATE INDEX track_annotation_by_track ON track_annotation(track_id);

        CREATE TABLE album_annotation (
            user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            album_id INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE,
            starred_at INTEGER,
            rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
            play_count INTEGER NOT NULL DEFAULT 0 CHECK (play_count >= 0),
            last_played_at INTEGER,
            PRIMARY KEY (user_id, album_id)
        ) WITHOUT ROWID;
        CREATE INDEX album_annotation_by_album ON album_annotation(album_id);

        CREATE TABLE artist_annotation (
            user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            artist_id INTEGER NOT NULL REFERENCES artist(id) ON DELETE CASCADE,
            starred_at INTEGER,
            rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
            PRIMARY KEY (user_id, artist_id)
        ) WITHOUT ROWID;
        CREATE INDEX artist_annotation_by_artist ON artist_annotation(artist_id);

        CREATE TABLE play_queue (
            user_id INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
            track_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(track_ids)),
            current_track_id INTEGER,
            position_ms INTEGER NOT NULL DEFAULT 0 CHECK (position_ms >= 0),
            changed_at INTEGER NOT NULL,
            changed_by TEXT
        );
        """)

    /// Upgrades (a file replaced by another rip of the same recording, in another format)
    /// and moves between libraries are looked up among missing tracks by the recording's
    /// tags (folded title and track number) and MusicBrainz ids, across every library. Like
    /// the move indexes they hold only missing tracks, so cold and unchanged scans pay
    /// nothing for them.
    static let recordingIndexes = Migration("v10-recording-indexes", sql: """
        CREATE INDEX track_missing_by_recording ON track(title_fold, track_number) WHERE missing_since IS NOT NULL;
        CREATE INDEX track_missing_by_mb_recording ON track(mb_recording_id) WHERE missing_since IS NOT NULL;
        CREATE INDEX track_missing_by_mb_track ON track(mb_track_id) WHERE missing_since IS NOT NULL;
        """)

    /// Whether a folder holds a cover image file (cover.jpg, folder.png...), so listings can
    /// advertise a cover only for albums and songs that have one (an embedded picture is
    /// `track.has_cover`). Every folder is listed once more by the next scan (fingerprints
    /// cleared; unchanged files are still not opened), which records the real value; until
    /// then folders count as having an image, so covers stay advertised as they were.
    static let folderCoverImages = Migration("v12-folder-cover-images", sql: """
        ALTER TABLE folder ADD COLUMN has_cover_image INTEGER NOT NULL DEFAULT 0 CHECK (has_cover_image IN (0, 1));
        UPDATE folder SET has_cover_image = 1, fingerprint = NULL;
        """)
}
