/* Fuzz target: a charge journal as JSON, parsed, then replayed on the demo's charge of fr-8chs (R-CHG-26). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lb/data.h"
#include "lb/lb.h"
#include "answer_int.h"
#include "charge_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lb_journal j;
    lb_err err;
    if (lb_journal_from_json((const char *)data, size, &j, &err) != LB_OK)
        return 0;
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_state *st = NULL;
    if (lb_scenario_load(name, text, len, &opts, &st, &errs) != LB_OK)
        __builtin_trap();
    lb_charge_req req = {.cavalry = "fr-8chs", .npath = 4};
    const char *path[] = {"0802", "0903", "1003", "1104"};
    for (int i = 0; i < 4; i++)
        lb_map_parse_label(lb_state_map(st), path[i], &req.path[i]);
    lb_charge *ch;
    if (lb_charge_new(st, &req, &ch, NULL) != LB_OK)
        __builtin_trap();
    lb_dice none = {.scripted = 1}; /* every roll must come from the journal */
    if (lb_charge_load_journal(ch, &j) == LB_OK && lb_charge_resolve(ch, &none) == LB_OK &&
        lb_charge_status_of(ch) == LB_CHARGE_DONE) {
        /* a journal that replays to the end rebuilds a state that applies cleanly */
        if (lb_charge_apply(ch, st, NULL) != LB_OK)
            __builtin_trap();
    }
    lb_charge_free(ch);
    lb_state_free(st);
    lb_errlist_release(&errs);
    lb_journal_release(&j);
    return 0;
}
