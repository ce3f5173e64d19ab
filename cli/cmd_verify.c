/* labataille verify EXPORT: a game's dice checked from its export (R-DICE-5): the secret against its commitment, every roll, the replay; exit 0 verified, 1 not (or not yet), 2 a file that is not an export. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/data.h"
#include "lb/game.h"

static json_t *report_json(const char *file, const lb_verify_report *r)
{
    json_t *list = json_array();
    for (int i = 0; i < r->nmismatches && i < LB_VERIFY_SHOWN; i++) {
        const lb_verify_mismatch *m = &r->mismatches[i];
        json_array_append_new(list, json_pack("{s:i,s:i,s:s,s:s,s:i,s:i}", "entry", m->entry,
                                              "draw", m->draw, "die",
                                              m->kind == LB_DIE_TWO ? "roll" : "die", "purpose",
                                              m->purpose, "expected", m->expected, "found",
                                              m->found));
    }
    json_t *o = json_pack("{s:s,s:s}", "file", file, "mode",
                          r->mode == LB_DICE_SECRET ? "secret" : "seeded");
    if (r->mode == LB_DICE_SEEDED) {
        char seed[24]; /* a seed above 2^63 - 1 (an edited export's) as its decimal string */
        snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
        json_object_set_new(o, "seed", r->seed <= INT64_MAX ? json_integer((json_int_t)r->seed)
                                                            : json_string(seed));
        json_object_set_new(o, "note", json_string("seeded: not for play"));
    } else {
        json_object_set_new(o, "commitment", json_string(r->commitment));
        json_object_set_new(o, "secret", r->secret[0] ? json_string(r->secret) : json_null());
        json_object_set_new(o, "commitment_ok", r->secret[0] ? json_boolean(r->commitment_ok)
                                                             : json_null());
    }
    json_object_update_missing_new(
        o, json_pack("{s:i,s:i,s:i,s:i,s:o,s:b,s:s?,s:b,s:i,s:s,s:s}", "rolls", r->rolls,
                     "checked", r->checked, "imported", r->imported, "mismatch_count",
                     r->nmismatches, "mismatches", list, "replayed", r->replayed, "replay",
                     r->replay[0] ? r->replay : NULL, "over", r->over, "seq", r->seq, "hash",
                     r->hash, "verdict", lb_name(LB_NAME_VERIFY_VERDICT, r->verdict)));
    return o;
}

/* The report as text on stdout; what fails also on stderr, one line each. */
static void report_text(const char *file, const lb_verify_report *r)
{
    if (r->mode == LB_DICE_SEEDED)
        printf("%s: seed %" PRIu64 " (seeded: not for play)\n", file, r->seed);
    else
        printf("%s: secret dice, commitment %s\n", file, r->commitment);
    if (r->commitment_dice[0] && strcmp(r->commitment_dice, r->commitment) != 0)
        printf("the dice member gives another commitment: %s\n", r->commitment_dice);
    if (r->verdict == LB_VERIFY_NOT_YET) {
        printf("the battle is in play: its secret is not revealed yet, so none of its %d rolls "
               "can be verified\nnot yet\n", r->rolls);
        fprintf(stderr, "%s: not yet: the battle is in play, its dice secret is not revealed\n",
                file);
        return;
    }
    if (r->mode == LB_DICE_SECRET && !r->secret[0]) {
        printf("the battle is over, yet the export reveals no secret\n");
        fprintf(stderr, "%s: the battle is over, yet the export reveals no dice secret\n", file);
    } else if (r->mode == LB_DICE_SECRET) {
        printf("secret %s: its SHA-256 %s %s\n", r->secret, r->commitment_found,
               r->commitment_ok ? "is the commitment" : "is NOT the commitment");
        if (strcmp(r->commitment_found, r->commitment) != 0)
            fprintf(stderr, "%s: /settings/dice/commitment: the secret's SHA-256 is %s, not "
                    "this commitment %s\n", file, r->commitment_found, r->commitment);
        if (r->commitment_dice[0] && strcmp(r->commitment_found, r->commitment_dice) != 0)
            fprintf(stderr, "%s: /dice/commitment: the secret's SHA-256 is %s, not this "
                    "commitment %s\n", file, r->commitment_found, r->commitment_dice);
    }
    printf("%d rolls: %d checked", r->rolls, r->checked);
    if (r->imported)
        printf(", %d imported (rolled before this game's secret, in the game it was imported "
               "from: not checked)", r->imported);
    printf("\n");
    for (int i = 0; i < r->nmismatches && i < LB_VERIFY_SHOWN; i++) {
        const lb_verify_mismatch *m = &r->mismatches[i];
        char line[LB_PURPOSE_MAX + 160];
        snprintf(line, sizeof line, "entry %d (/journal/entries/%d, draw %d, %s for %s): "
                 "expected %d, found %d", m->entry, m->entry - 1, m->draw,
                 m->kind == LB_DIE_TWO ? "roll" : "die", m->purpose, m->expected, m->found);
        printf("%s\n", line);
        fprintf(stderr, "%s: %s\n", file, line);
    }
    if (r->nmismatches > LB_VERIFY_SHOWN)
        printf("… and %d more rolls that do not match\n", r->nmismatches - LB_VERIFY_SHOWN);
    if (r->replayed) {
        printf("the journal (%d entries) replays to the state it claims, %s; the battle %s\n",
               r->seq, r->hash, r->over ? "is over" : "goes on");
    } else {
        printf("%s\n", r->replay);
        fprintf(stderr, "%s: %s\n", file, r->replay);
    }
    printf("%s\n", lb_name(LB_NAME_VERIFY_VERDICT, r->verdict));
}

int cmd_verify(const cli_args *args)
{
    if (args->npositional != 1)
        return cli_usage(args, "expected one export file (the JSON of GET /api/g/TOKEN/export "
                         "or play's save FILE)");
    if (cli_option_value(args, "dice", NULL) || cli_option_value(args, "seed", NULL))
        return cli_usage(args, "--dice and --seed: the dice to check are the export's");
    const char *file = args->positional[0];
    char *text = NULL;
    size_t len = 0;
    if (cli_read_file(file, &text, &len) != 0) {
        fprintf(stderr, "%s: %s\n", file, strerror(errno));
        return CLI_USAGE;
    }
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules, .strict = args->strict};
    lb_verify_report r;
    lb_errlist errs = {0};
    int rc = lb_game_verify(file, text ? text : "", len, &opts, &r, &errs);
    free(text);
    if (rc != LB_OK) {
        lb_errlist_sort(&errs);
        cli_print_errors(&errs);
        lb_errlist_release(&errs);
        if (rc == LB_NOMEM || rc == LB_IO)
            return cli_invalid("%s", lb_err_str(rc));
        return CLI_USAGE;
    }
    if (args->json)
        cli_print_json(report_json(file, &r));
    else
        report_text(file, &r);
    return r.verdict == LB_VERIFIED ? CLI_OK : CLI_INVALID;
}
