// The system SQLite (Debian: libsqlite3-dev) for PagingSQLite on Linux; Apple platforms use
// the SDK's SQLite3 module instead.
#include <sqlite3.h>
