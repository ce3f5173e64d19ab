/* Data built into the program: the game chart modules of data/games/ and the demo scenario. */
#ifndef LB_DATA_H
#define LB_DATA_H

#include <stddef.h>
#include "scenario.h"

/*
 * Built by the program's build (cmake/embed.c) into the lb_data library, apart from the rules
 * library: every data/games/<id>.json module and data/scenarios/demo.json, as static text the
 * caller passes to lb_scenario_load. Nothing here is allocated or freed.
 */

/* The embedded chart modules (static storage); *count gets how many. */
const lb_module *lb_data_modules(int *count);
/* The embedded demo scenario's text; *len its length, *file its name for messages. */
const char *lb_data_demo(size_t *len, const char **file);

#endif
