/* Fuzz target: a file given to `labataille verify` (R-DICE-5): refused with a placed error, or a report whose counts add up and whose verdict is one of the three. */
#include <stddef.h>
#include <stdint.h>

#include "lb/data.h"
#include "lb/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_errlist errs = {0};
    lb_verify_report r;
    int rc = lb_game_verify("export.json", (const char *)data, size, &opts, &r, &errs);
    if (rc != LB_OK && errs.count == 0 && rc != LB_NOMEM && rc != LB_IO)
        __builtin_trap(); /* a refusal always says why */
    lb_errlist_release(&errs);
    if (rc != LB_OK)
        return 0;
    if (r.checked + r.imported > r.rolls || r.nmismatches > r.checked ||
        (r.verdict == LB_VERIFIED && (r.nmismatches || !r.replayed)))
        __builtin_trap();
    return 0;
}
