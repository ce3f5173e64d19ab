/* What the unit tests of the game share: a game of a scenario text or of the embedded demo, its load errors printed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "lb/data.h"
#include "lb/lb.h"

lb_game *fixture_game(const char *name, const char *text, uint64_t seed, lb_undo_policy undo)
{
    int n;
    const lb_module *m = lb_data_modules(&n);
    lb_load_opts o = {.modules = m, .nmodules = n};
    lb_game_settings s;
    lb_game_settings_init(&s);
    s.seed = seed;
    s.undo = undo;
    lb_errlist errs = {0};
    lb_game *g = NULL;
    int rc = lb_game_new(name, text, strlen(text), &o, &s, &g, &errs);
    for (int i = 0; i < errs.count; i++) {
        char buf[1200];
        lb_err_fmt(&errs.items[i], buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
    }
    lb_errlist_release(&errs);
    assert_int_equal(rc, LB_OK);
    return g;
}

lb_game *fixture_demo(uint64_t seed, lb_undo_policy undo)
{
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    return fixture_game(name, text, seed, undo);
}
