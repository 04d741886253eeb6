#include <sqlite3.h>

/// Turns SQLite's statistics of the memory it allocates on or off; valid only before SQLite
/// initializes. `sqlite3_config` takes variable arguments, which Swift cannot pass.
static inline int storesim_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
