/* Data built into the program: the chart modules, the demo, the bundled scenarios and the rulings. */
#ifndef LB_DATA_H
#define LB_DATA_H

#include <stddef.h>
#include "state.h"

/*
 * Built by the program's build (cmake/embed.c) into the lb_data library, apart from the rules
 * library: every data/games/<id>.json module, data/scenarios/demo.json and the scenarios the build
 * bundles (CMakeLists.txt, LB_BUNDLED), as static text the caller passes to lb_scenario_load; and
 * docs/rulings.md, the text `explain` prints rulings from.
 * Nothing here is allocated or freed.
 */

/* A scenario built into the program besides the demo: data/scenarios/<id>.json. */
typedef struct lb_bundled_scenario {
    const char *id;   /* "wagram-russbach-1809" */
    const char *file; /* its name in messages ("data/scenarios/wagram-russbach-1809.json") */
    const char *text;
    size_t len;
} lb_bundled_scenario;

/* The embedded chart modules (static storage); *count gets how many. */
const lb_module *lb_data_modules(int *count);
/* The bundled scenarios (static storage), in the build's order; *count gets how many. */
const lb_bundled_scenario *lb_data_scenarios(int *count);
/* The embedded demo scenario's text; *len its length, *file its name for messages. */
const char *lb_data_demo(size_t *len, const char **file);
/* docs/rulings.md as built into the program (Markdown; each ruling a "- R-AREA-N. " item whose
 * continuation lines are indented); *len its length. */
const char *lb_data_rulings(size_t *len);

#endif
