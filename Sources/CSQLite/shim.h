// Debian's libsqlite3 is built with the pre-update hook, but sqlite3.h declares its API only
// to builds that define this (the change log of `RowChangeLog` uses it).
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro cast Swift cannot import: bind strings and blobs with this.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Turns off SQLite's memory statistics, which take a global mutex on every allocation.
/// sqlite3_config is variadic, so Swift needs this wrapper; call it before any connection.
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

/// Leaves the log as it is when this connection is the last to close, instead of copying
/// all of it into the database and deleting it. sqlite3_db_config is variadic, so Swift
/// needs this wrapper.
static inline int csqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
