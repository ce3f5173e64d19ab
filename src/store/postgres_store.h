/* The PostgreSQL store's entry point (library-internal): the store layer opens it by address. */
#ifndef LB_POSTGRES_STORE_H
#define LB_POSTGRES_STORE_H

#include "lb/store.h"
#include "lbi.h"

/* Connects to the database at uri ("postgresql://…" or "postgres://…", libpq's URI syntax) and
 * creates the store's tables there when its schema has none (store.h). */
LBI int lbi_postgres_store_open(const char *uri, lb_store **out, lb_err *err);

#endif
