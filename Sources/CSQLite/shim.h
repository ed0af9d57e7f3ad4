#ifndef VENUES_CSQLITE_SHIM_H
#define VENUES_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift cannot import:
// binding with it makes SQLite copy the bytes before the call returns.
static inline sqlite3_destructor_type _Nonnull csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's memory statistics:
// with them every allocation takes one process-wide mutex, which two connections writing on two
// threads (an index import) contend for. Only takes effect before SQLite is initialised.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
