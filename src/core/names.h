/* Names of enum values (private): the one reader of the name tables behind every lb_*_parse. */
#ifndef LB_NAMES_H
#define LB_NAMES_H

#include "lbi.h"

/* The index of s in names (n of them), or -1 when it is none of them or s is NULL. */
LBI int lbi_name_index(const char *s, const char *const *names, int n);

#endif
