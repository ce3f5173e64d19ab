/* The SQLite store's entry point (library-internal): the store layer opens it by address. */
#ifndef LB_SQLITE_STORE_H
#define LB_SQLITE_STORE_H

#include "lb/store.h"
#include "lbi.h"

/* Opens or creates the store file at path (store.h). */
LBI int lbi_sqlite_store_open(const char *path, lb_store **out, lb_err *err);

#endif
