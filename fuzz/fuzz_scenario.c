/* Fuzz target: the scenario loader, on any bytes, with the embedded chart modules. */
#include <stddef.h>
#include <stdint.h>

#include "lb/data.h"
#include "lb/state.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    for (int strict = 0; strict < 2; strict++) {
        lb_load_opts opts = {.modules = modules, .nmodules = nmodules, .strict = strict};
        lb_errlist errs = {0};
        lb_state *st = NULL;
        int rc = lb_scenario_load("fuzz.json", (const char *)data, size, &opts, &st, &errs);
        /* a refused scenario is never half-loaded; an accepted one has no errors */
        if ((rc == LB_OK) != (st != NULL) || (rc == LB_OK && errs.count))
            __builtin_trap();
        for (int i = 0; i < errs.count; i++) {
            char line[1100];
            lb_err_fmt(&errs.items[i], line, sizeof line);
        }
        lb_state_free(st);
        lb_errlist_release(&errs);
    }
    return 0;
}
