/* Private to the library: the error functions its files share, not offered by the API. */
#ifndef LB_ERR_INT_H
#define LB_ERR_INT_H

#include "lb/core.h"
#include "lbi.h"

/* Symbolic name of a code ("LB_INVALID"). */
LBI const char *lb_err_name(int code);

#endif
