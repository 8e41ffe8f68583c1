#include <sqlite3.h>

/// Turns off SQLite's memory statistics before the first connection opens: Debian's library is
/// built without lookaside, so every one of the thousands of small allocations a schema parse
/// makes took a global mutex to count itself (sqlite3_config is variadic, which Swift cannot call).
/// Returns SQLITE_MISUSE, harmlessly, once SQLite is initialised.
static inline int lector_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
