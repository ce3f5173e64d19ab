/* labataille play: a game turn by turn at a prompt or from a script, saved in a store after every accepted decision. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lb/ai.h"
#include "lb/data.h"
#include "lb/store.h"
#include "play.h"

enum { PLAY_OK, PLAY_REFUSED, PLAY_QUIT, PLAY_ERROR };

#define WORDS_MAX 8
#define OPTIONS_SHOWN 24 /* options listed before each prompt; `unit ID` shows the rest */
#define WHY_MAX 512

typedef struct play {
    lb_game *g;
    lb_store *store;
    long long id;
    FILE *out;          /* the answers: stdout, or nowhere with --json */
    char why[WHY_MAX];  /* why the last command was refused or failed */
    int ai;             /* the side the computer plays (--ai), -1 none */
    lb_ai_settings ai_settings;
} play;

typedef struct verb {
    const char *name;
    int (*run)(play *P, int argc, char **argv);
    const char *usage;
    const char *help;
} verb;

__attribute__((format(printf, 2, 3))) static int refuse(play *P, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(P->why, sizeof P->why, fmt, ap);
    va_end(ap);
    return PLAY_REFUSED;
}

/* ---- what the prompt shows ----------------------------------------------------------------- */

static void print_trace(play *P)
{
    const lb_trace *t = lb_game_trace(P->g);
    for (int i = 0; i < t->count; i++)
        fprintf(P->out, "  [%s %s] %s\n", t->steps[i].rule, t->steps[i].section,
                t->steps[i].text);
}

static void print_score(play *P)
{
    lb_game_score sc;
    lb_game_score_of(P->g, &sc);
    const lb_state *st = lb_game_state(P->g);
    for (int s = 0; s < 2; s++)
        fprintf(P->out, "  %s: %d points (objectives %d, enemy increments %d, surrendered %d, "
                "leaders %d)\n", st->sides[s], sc.points[s], sc.objectives[s], sc.increments[s],
                sc.surrendered[s], sc.leaders[s]);
    if (sc.over && sc.winner < 0)
        fprintf(P->out, "  the battle ends in a draw\n");
    if (sc.over && sc.winner >= 0)
        fprintf(P->out, "  %s wins: a %s victory%s\n", st->sides[sc.winner],
                lb_outcome_name(sc.outcome), sc.conceded >= 0 ? " (the enemy conceded)" : "");
}

static void print_status(play *P)
{
    const lb_state *st = lb_game_state(P->g);
    char summary[LB_STORE_TEXT_MAX];
    lb_game_summary(P->g, summary, sizeof summary);
    int last = st->battle.victory.last_turn;
    fprintf(P->out, "== %s, turn %d", summary, lb_game_turn_number(P->g));
    if (last >= 0)
        fprintf(P->out, " (the last turn starts at %02d:%02d)", last / 60, last % 60);
    fprintf(P->out, "\n");
    const lb_decision *d = lb_game_pending(P->g);
    if (!d) {
        fprintf(P->out, "the battle is over\n");
        print_score(P);
        return;
    }
    fprintf(P->out, "%s decides (%s): %s\n", st->sides[d->side], lb_decision_kind_name(d->kind),
            d->prompt);
    int shown = d->noptions <= OPTIONS_SHOWN ? d->noptions : OPTIONS_SHOWN - 1;
    for (int i = 0; i < shown; i++)
        fprintf(P->out, "  %2d. %s%s  %s\n", i + 1, d->options[i].key,
                d->options[i].param ? ":…" : "", d->options[i].text);
    if (shown < d->noptions)
        fprintf(P->out, "  … %d more: `unit ID` lists a unit's options; %d. is %s\n",
                d->noptions - shown, d->noptions, d->options[d->noptions - 1].key);
}

/* ---- answers ------------------------------------------------------------------------------- */

/* Saves what an answer appended (one transaction) and shows what it did. */
static int accepted(play *P, const lb_game_answer *a)
{
    if (P->store) {
        lb_err err = {0};
        if (lb_store_append_game(P->store, P->id, P->g, a->seq_before, &err) != LB_OK) {
            snprintf(P->why, sizeof P->why, "the game could not be saved: %s", err.msg);
            return PLAY_ERROR;
        }
    }
    fprintf(P->out, "accepted (journal %d)\n", a->seq_after);
    print_trace(P);
    print_status(P);
    fflush(P->out);
    return PLAY_OK;
}

static int verdict(play *P, int rc, const lb_game_answer *a)
{
    if (rc != LB_OK) {
        snprintf(P->why, sizeof P->why, "%s: %s", lb_err_str(rc), lb_game_error(P->g));
        return PLAY_ERROR;
    }
    if (a->verdict != LB_ACCEPTED)
        return refuse(P, "%s [%s]", a->reason, a->rule ? a->rule : lb_verdict_name(a->verdict));
    return accepted(P, a);
}

/* The option key stands for: itself, or the one option that begins with it and goes on with
 * ':' or '@' (form UNIT line for form:UNIT:line:3@0810+0811). NULL with a refusal when several
 * do. */
static const char *complete_key(play *P, const char *key)
{
    const lb_decision *d = lb_game_pending(P->g);
    if (!d || lb_decision_find(d, key) >= 0 || lb_decision_find_param(d, key) >= 0)
        return key;
    size_t n = strlen(key);
    const char *found = NULL;
    int count = 0;
    for (int i = 0; i < d->noptions; i++)
        if (strncmp(d->options[i].key, key, n) == 0 &&
            (d->options[i].key[n] == ':' || d->options[i].key[n] == '@')) {
            found = d->options[i].key;
            count++;
        }
    if (count <= 1)
        return count ? found : key;
    refuse(P, "%d options begin with %s: say which (`unit ID` lists a unit's options)", count,
           key);
    return NULL;
}

static int decide(play *P, const char *typed)
{
    const char *key = complete_key(P, typed);
    if (!key)
        return PLAY_REFUSED;
    lb_game_answer a;
    int rc = lb_game_decide(P->g, LB_ROLE_BOTH, lb_game_seq(P->g), key, &a);
    return verdict(P, rc, &a);
}

/* A hex label, or a unit id standing for its first hex, into label. */
static int hex_arg(play *P, const char *s, char *label)
{
    const lb_state *st = lb_game_state(P->g);
    int u = lb_state_unit_index(st, s);
    lb_hex h;
    if (u >= 0) {
        lb_map_label(&st->map, st->units[u].hexes[0], label);
        return 0;
    }
    if (lb_map_parse_label(&st->map, s, &h) == 0 && lb_map_contains(&st->map, h)) {
        lb_map_label(&st->map, h, label);
        return 0;
    }
    refuse(P, "expected a hex label of the %dx%d map or a unit id, found \"%s\"", st->map.cols,
           st->map.rows, s);
    return -1;
}

static int unit_arg(play *P, const char *s)
{
    int u = lb_state_unit_index(lb_game_state(P->g), s);
    if (u < 0)
        refuse(P, "no unit \"%s\" on the map", s);
    return u;
}

/* ---- commands ------------------------------------------------------------------------------ */

static int do_show(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const lb_state *st = lb_game_state(P->g);
    if (P->out != stdout)
        return PLAY_OK;
    cli_map_print(st, NULL, NULL, NULL);
    fprintf(P->out, "units:\n");
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        char label[LB_HEX_LABEL_MAX];
        fprintf(P->out, "  %s %-16s %-9s %-9s", lb_map_label(&st->map, u->hexes[0], label), u->id,
                st->sides[u->side], lb_arm_name(u->arm));
        if (lb_unit_is_combat(u))
            fprintf(P->out, " %-10s %-10s %2d increments", lb_formation_name(u->formation),
                    lb_morale_state_name(u->state), lb_unit_strength(u));
        fprintf(P->out, "\n");
    }
    print_status(P);
    return PLAY_OK;
}

static int do_unit(play *P, int argc, char **argv)
{
    if (argc != 2)
        return refuse(P, "usage: unit ID");
    int i = unit_arg(P, argv[1]);
    if (i < 0)
        return PLAY_REFUSED;
    const lb_state *st = lb_game_state(P->g);
    const lb_unit *u = &st->units[i];
    fprintf(P->out, "%s%s%s%s: %s %s of %s\n  hexes", u->id, u->name ? " (" : "",
            u->name ? u->name : "", u->name ? ")" : "", u->nation ? u->nation : "",
            lb_arm_name(u->arm), st->sides[u->side]);
    for (int k = 0; k < u->nhexes; k++) {
        char label[LB_HEX_LABEL_MAX];
        fprintf(P->out, " %s", lb_map_label(&st->map, u->hexes[k], label));
    }
    if (lb_unit_is_combat(u))
        fprintf(P->out, ", facing %d\n  %s, %s, %s; %d of %d increments; fire %d, melee %d, "
                "movement %d, morale %d\n", u->facing, lb_formation_name(u->formation),
                lb_morale_state_name(u->state), lb_readiness_name(u->readiness),
                lb_unit_strength(u), u->increments, u->fire, u->melee, u->movement, u->morale);
    else
        fprintf(P->out, "\n");
    for (int k = 0; k < u->nbonus; k++)
        fprintf(P->out, "  bonus %s %+d\n", u->bonus[k].key, u->bonus[k].value);
    const lb_decision *d = lb_game_pending(P->g);
    for (int k = 0; d && k < d->noptions; k++)
        if (strstr(d->options[k].key, u->id))
            fprintf(P->out, "  option %d: %s  %s\n", k + 1, d->options[k].key, d->options[k].text);
    return PLAY_OK;
}

static int do_los(play *P, int argc, char **argv)
{
    if (argc != 3)
        return refuse(P, "usage: los FROM TO (hex labels or unit ids)");
    const lb_state *st = lb_game_state(P->g);
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    if (hex_arg(P, argv[1], a) || hex_arg(P, argv[2], b))
        return PLAY_REFUSED;
    lb_hex from, to;
    lb_map_parse_label(&st->map, a, &from);
    lb_map_parse_label(&st->map, b, &to);
    int u = lb_state_unit_index(st, argv[1]);
    int top = u >= 0 ? u : lb_state_top_combat(st, from);
    lb_trace t;
    lb_trace_init(&t);
    lb_los_result r;
    if (lb_los_check(st, from, to, top >= 0 ? st->units[top].side : -1, &r, &t) != LB_OK) {
        lb_trace_release(&t);
        return refuse(P, "out of memory");
    }
    fprintf(P->out, "%s %s %s\n", a, r.visible ? "sees" : "does not see", b);
    for (int i = 0; i < t.count; i++)
        fprintf(P->out, "  [%s %s] %s\n", t.steps[i].rule, t.steps[i].section, t.steps[i].text);
    lb_los_result_release(&r);
    lb_trace_release(&t);
    return PLAY_OK;
}

static int odds_fire(play *P, const char *unit, const char *target)
{
    const lb_state *st = lb_game_state(P->g);
    char label[LB_HEX_LABEL_MAX];
    int u = unit_arg(P, unit);
    if (u < 0 || hex_arg(P, target, label))
        return PLAY_REFUSED;
    lb_hex h;
    lb_map_parse_label(&st->map, label, &h);
    lb_fire_chance *o = calloc(1, sizeof *o);
    lb_trace t;
    lb_trace_init(&t);
    int rc = o ? lb_fire_odds(st, u, h, o, &t) : LB_NOMEM;
    if (rc == LB_OK && !o->allowed)
        fprintf(P->out, "%s may not fire at %s: %s [%s]\n", unit, label, o->reason, o->rule);
    if (rc == LB_OK && o->allowed) {
        char pb[32];
        fprintf(P->out, "%s fires at %s: %s; fire defence %d; odds %s\n", unit, label,
                o->fire.breakdown, o->defence.value, o->column ? o->column->label : "none");
        for (int l = 0; l <= o->max_loss; l++)
            if (o->p_loss[l].num)
                fprintf(P->out, "  %d lost: %s (%.1f%%)\n", l,
                        lb_frac_fmt(o->p_loss[l], pb, sizeof pb),
                        100 * lb_frac_double(o->p_loss[l]));
    }
    for (int i = 0; i < t.count; i++)
        fprintf(P->out, "  [%s %s] %s\n", t.steps[i].rule, t.steps[i].section, t.steps[i].text);
    lb_trace_release(&t);
    free(o);
    return rc == LB_OK ? PLAY_OK : refuse(P, "%s", lb_err_str(rc));
}

static int odds_charge(play *P, const char *unit, const char *path)
{
    const lb_state *st = lb_game_state(P->g);
    lb_charge_req req;
    memset(&req, 0, sizeof req);
    req.cavalry = unit;
    if (unit_arg(P, unit) < 0)
        return PLAY_REFUSED;
    int bad = 0;
    req.npath = lb_map_parse_labels(&st->map, path, req.path, LB_CHARGE_PATH_MAX, &bad);
    if (req.npath <= 0)
        return refuse(P, "the path's entry %d is not a hex of the map", bad + 1);
    lb_charge_outcomes o;
    int rc = lb_charge_odds(st, &req, &o);
    if (rc != LB_OK)
        return refuse(P, "%s: %s", lb_err_str(rc), o.error);
    fprintf(P->out, "%s charges along %s (automatic choices, R-CHG-25): %d outcome%s\n", unit,
            path, o.n, o.n == 1 ? "" : "s");
    for (int i = 0; i < o.n; i++) {
        char pb[48];
        fprintf(P->out, "  %-8s %5.1f%%  %s\n", lb_frac_fmt(o.outcomes[i].p, pb, sizeof pb),
                100 * lb_frac_double(o.outcomes[i].p), o.outcomes[i].summary);
    }
    lb_charge_outcomes_release(&o);
    return PLAY_OK;
}

static int do_odds(play *P, int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "fire") == 0)
        return odds_fire(P, argv[2], argv[3]);
    if (argc == 4 && strcmp(argv[1], "charge") == 0)
        return odds_charge(P, argv[2], argv[3]);
    return refuse(P, "usage: odds fire UNIT TARGET | odds charge CAVALRY H1,H2,…");
}

static int do_fire(play *P, int argc, char **argv)
{
    char label[LB_HEX_LABEL_MAX], key[LB_OPTION_KEY_MAX];
    if (argc != 3)
        return refuse(P, "usage: fire UNIT TARGET (a hex label or a unit id)");
    if (hex_arg(P, argv[2], label))
        return PLAY_REFUSED;
    snprintf(key, sizeof key, "fire:%s:%s", argv[1], label);
    return decide(P, key);
}

static int do_charge(play *P, int argc, char **argv)
{
    char key[LB_OPTION_KEY_MAX];
    if (argc != 3)
        return refuse(P, "usage: charge CAVALRY H1,H2,… (the hexes it enters, in order)");
    snprintf(key, sizeof key, "charge:%s:%s", argv[1], argv[2]);
    return decide(P, key);
}

/* melee ATTACKER… TARGET (a hex or a unit id). */
static int do_melee(play *P, int argc, char **argv)
{
    char label[LB_HEX_LABEL_MAX], key[LB_OPTION_KEY_MAX];
    if (argc < 3)
        return refuse(P, "usage: melee ATTACKER… TARGET");
    if (hex_arg(P, argv[argc - 1], label))
        return PLAY_REFUSED;
    size_t used = (size_t)snprintf(key, sizeof key, "melee:%s:", label);
    for (int i = 1; i < argc - 1 && used < sizeof key; i++)
        used += (size_t)snprintf(key + used, sizeof key - used, "%s%s", i > 1 ? "+" : "",
                                 argv[i]);
    return decide(P, key);
}

/* move UNIT HEX (a cheapest way there) or move UNIT H1,H2,… (that path). */
static int do_move(play *P, int argc, char **argv)
{
    char key[LB_OPTION_KEY_MAX];
    if (argc != 3)
        return refuse(P, "usage: move UNIT HEX, or move UNIT H1,H2,… (the hexes it enters)");
    snprintf(key, sizeof key, "%s:%s:%s", strchr(argv[2], ',') ? "path" : "move", argv[1],
             argv[2]);
    return decide(P, key);
}

/* face UNIT N, form UNIT FORMATION[:N][@H1+H2]. */
static int do_change(play *P, int argc, char **argv)
{
    char key[LB_OPTION_KEY_MAX];
    if (argc != 3)
        return refuse(P, "usage: face UNIT N (a clock hour), or form UNIT FORMATION[:N][@H1+H2]");
    snprintf(key, sizeof key, "%s:%s:%s", argv[0], argv[1], argv[2]);
    return decide(P, key);
}

static int do_choose(play *P, int argc, char **argv)
{
    const lb_decision *d = lb_game_pending(P->g);
    if (!d)
        return refuse(P, "nothing to choose: the battle is over");
    if (argc < 2 || argc > 3)
        return refuse(P, "usage: choose N [PARAMETER] (or choose KEY)");
    char *end;
    long n = strtol(argv[1], &end, 10);
    const char *key = argv[1];
    if (!*end && end != argv[1]) {
        if (n < 1 || n > d->noptions)
            return refuse(P, "expected an option from 1 to %d, found %ld", d->noptions, n);
        key = d->options[n - 1].key;
        if (d->options[n - 1].param && argc != 3)
            return refuse(P, "option %ld needs its %s: choose %ld %s", n, d->options[n - 1].param,
                          n, "H1,H2,…");
    }
    char full[LB_OPTION_KEY_MAX];
    if (argc == 3)
        snprintf(full, sizeof full, "%s:%s", key, argv[2]);
    else
        snprintf(full, sizeof full, "%s", key);
    return decide(P, full);
}

static int do_end(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return decide(P, "end");
}

static int do_undo(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    lb_game_answer a;
    int rc = lb_game_undo(P->g, LB_ROLE_BOTH, lb_game_seq(P->g), -1, &a);
    /* against the computer, back to the person's own last decision */
    while (rc == LB_OK && a.verdict == LB_ACCEPTED && P->ai >= 0 && lb_game_pending(P->g) &&
           lb_game_pending(P->g)->side == P->ai && lb_game_effective(P->g)->count > 0) {
        int before = a.seq_before;
        rc = lb_game_undo(P->g, LB_ROLE_BOTH, lb_game_seq(P->g), -1, &a);
        a.seq_before = before;
    }
    play_prompt_game(P->g);
    return verdict(P, rc, &a);
}

static int do_concede(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    lb_game_answer a;
    int rc = lb_game_concede(P->g, LB_ROLE_BOTH, lb_game_seq(P->g), &a);
    return verdict(P, rc, &a);
}

static int do_score(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    print_score(P);
    return PLAY_OK;
}

static int do_save(play *P, int argc, char **argv)
{
    if (argc == 2) {
        char *text = NULL;
        if (lb_game_export(P->g, &text) != LB_OK)
            return refuse(P, "out of memory");
        FILE *f = fopen(argv[1], "w");
        int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
        ok = (f && fclose(f) == 0) && ok;
        free(text);
        if (!ok)
            return refuse(P, "cannot write %s: %s", argv[1], strerror(errno));
        fprintf(P->out, "exported to %s (journal %d)\n", argv[1], lb_game_seq(P->g));
        return PLAY_OK;
    }
    if (!P->store)
        return refuse(P, "no --db: give a file to export to (save FILE.json)");
    fprintf(P->out, "saved: game %lld in %s, journal %d (every decision is saved as it is "
            "taken)\n", P->id, P->store->where, lb_game_seq(P->g));
    return PLAY_OK;
}

static int do_help(play *P, int argc, char **argv);

static int do_quit(play *P, int argc, char **argv)
{
    (void)P;
    (void)argc;
    (void)argv;
    return PLAY_QUIT;
}

static const verb verbs[] = {
    {"show", do_show, "show", "the map, the units and the pending decision"},
    {"unit", do_unit, "unit ID", "a unit's values, state and options"},
    {"los", do_los, "los FROM TO", "line of sight between two hexes or units, with its reasons"},
    {"odds", do_odds, "odds fire UNIT TARGET | odds charge CAVALRY H1,H2,…",
     "exact outcomes of a fire or a charge, before choosing"},
    {"move", do_move, "move UNIT HEX | move UNIT H1,H2,…",
     "move a unit to a hex (a cheapest way), or along the hexes given"},
    {"face", do_change, "face UNIT N", "turn a unit to face clock hour N"},
    {"form", do_change, "form UNIT FORMATION[:N][@H1+H2]",
     "change formation (facing N after, the hexes it stands in)"},
    {"fire", do_fire, "fire UNIT TARGET", "fire at a hex (or a unit's hex)"},
    {"charge", do_charge, "charge CAVALRY H1,H2,…", "charge along a path of hexes"},
    {"melee", do_melee, "melee ATTACKER… TARGET", "assault a hex (or a unit's hex) with units"},
    {"choose", do_choose, "choose N [PARAMETER]", "take option N (or its key) of the decision"},
    {"end", do_end, "end", "end the segment"},
    {"undo", do_undo, "undo", "take back the last decision (dice are never re-rolled)"},
    {"concede", do_concede, "concede", "the side to decide gives up the battle"},
    {"score", do_score, "score", "the score now, and the result when the battle is over"},
    {"save", do_save, "save [FILE]", "where the game is saved, or export it to FILE as JSON"},
    {"help", do_help, "help", "this list"},
    {"quit", do_quit, "quit", "leave (a game played with --db stays saved)"},
};
#define NVERBS ((int)(sizeof verbs / sizeof *verbs))

static int do_help(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(P->out, "commands (TARGET and hexes are labels such as 0910, or unit ids):\n");
    for (int i = 0; i < NVERBS; i++)
        fprintf(P->out, "  %-50s %s\n", verbs[i].usage, verbs[i].help);
    return PLAY_OK;
}

/* The computer answers every decision of its side (R-AI-1), each with its reason. */
static int ai_answers(play *P)
{
    const lb_decision *d;
    while (P->ai >= 0 && (d = lb_game_pending(P->g)) != NULL && d->side == P->ai) {
        char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
        int rc = lb_ai_choose(P->g, P->ai, &P->ai_settings, key, why);
        if (rc != LB_OK) {
            snprintf(P->why, sizeof P->why, "the computer player: %s", lb_err_str(rc));
            return PLAY_ERROR;
        }
        fprintf(P->out, "%s (computer, %s) %s\n  [R-AI-1 ai] %s\n",
                lb_game_state(P->g)->sides[P->ai], lb_ai_level_name(P->ai_settings.level), key,
                why);
        lb_game_answer a;
        rc = lb_game_decide(P->g, P->ai, lb_game_seq(P->g), key, &a);
        if ((rc = verdict(P, rc, &a)) != PLAY_OK)
            return rc == PLAY_REFUSED ? PLAY_ERROR : rc;
    }
    return PLAY_OK;
}

/* One line: PLAY_OK, PLAY_REFUSED (P->why), PLAY_QUIT or PLAY_ERROR. */
static int run_line(play *P, char *line)
{
    char *argv[WORDS_MAX];
    int argc = 0;
    for (char *w = strtok(line, " \t\r\n"); w && argc < WORDS_MAX; w = strtok(NULL, " \t\r\n"))
        argv[argc++] = w;
    if (argc == 0 || argv[0][0] == '#')
        return PLAY_OK;
    for (int i = 0; i < NVERBS; i++)
        if (strcmp(argv[0], verbs[i].name) == 0) {
            int rc = verbs[i].run(P, argc, argv);
            return rc == PLAY_OK ? ai_answers(P) : rc;
        }
    return refuse(P, "unknown command \"%s\" (help lists them)", argv[0]);
}

/* ---- the session --------------------------------------------------------------------------- */

static int run_script(play *P, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f)
        return cli_invalid("cannot read the script %s: %s", path, strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, rc = PLAY_OK;
    while (rc == PLAY_OK && getline(&line, &cap, f) >= 0) {
        lineno++;
        fprintf(P->out, "> %s%s", line, strchr(line, '\n') ? "" : "\n");
        rc = run_line(P, line);
        if (rc == PLAY_REFUSED || rc == PLAY_ERROR)
            fprintf(stderr, "%s:%d: %s: %s\n", path, lineno,
                    rc == PLAY_REFUSED ? "refused" : "error", P->why);
    }
    free(line);
    if (f != stdin)
        fclose(f);
    return rc == PLAY_QUIT ? PLAY_OK : rc;
}

static int run_prompt(play *P)
{
    const char *names[NVERBS];
    for (int i = 0; i < NVERBS; i++)
        names[i] = verbs[i].name;
    play_prompt_open(P->g, names, NVERBS);
    int rc = PLAY_OK;
    while (rc != PLAY_QUIT && rc != PLAY_ERROR) {
        char prompt[LB_STORE_TEXT_MAX + 8];
        lb_game_summary(P->g, prompt, sizeof prompt);
        strcat(prompt, " > ");
        char *line = play_prompt_read(prompt);
        if (!line)
            break;
        rc = run_line(P, line);
        free(line);
        if (rc == PLAY_REFUSED)
            fprintf(stdout, "refused: %s\n", P->why);
    }
    play_prompt_close();
    if (rc == PLAY_ERROR)
        fprintf(stderr, "labataille play: %s\n", P->why);
    return rc == PLAY_ERROR ? rc : PLAY_OK;
}

/* The game: reopened from the store, or new (saved there when a store is given). */
static int open_game(const cli_args *args, play *P, const lb_load_opts *opts)
{
    const char *db = cli_option_value(args, "db", NULL);
    const char *gid = cli_option_value(args, "game", NULL);
    lb_err err = {0};
    if (gid && !db)
        return cli_usage(args, "--game needs --db FILE");
    if (db && lb_store_open(db, &P->store, &err) != LB_OK)
        return cli_invalid("%s", err.msg);
    if (gid) {
        char *end;
        P->id = strtoll(gid, &end, 10);
        if (!*gid || *end)
            return cli_usage(args, "--game: expected a game number, found \"%s\"", gid);
        if (args->npositional)
            return cli_usage(args, "--game reopens a saved game: give no scenario");
        if (lb_store_open_game(P->store, P->id, opts, &P->g, &err) != LB_OK)
            return cli_invalid("%s", err.msg);
        fprintf(P->out, "game %lld in %s, journal %d\n", P->id, db, lb_game_seq(P->g));
        return CLI_OK;
    }
    lb_dice seed_dice;
    lb_game_settings set;
    lb_game_settings_init(&set);
    int rc = cli_dice(args, &seed_dice, &set.seed);
    if (rc != CLI_OK)
        return rc;
    const char *file = args->npositional ? args->positional[0] : NULL;
    size_t len;
    const char *name;
    char *text = NULL;
    const char *demo = lb_data_demo(&len, &name);
    if (file) {
        FILE *f = fopen(file, "rb");
        if (!f)
            return cli_invalid("%s: %s", file, strerror(errno));
        size_t cap = 0;
        len = 0;
        for (size_t got = 1; got;) {
            if (len == cap) {
                char *more = realloc(text, cap = cap ? 2 * cap : 65536);
                if (!more) {
                    free(text);
                    fclose(f);
                    return cli_invalid("out of memory");
                }
                text = more;
            }
            got = fread(text + len, 1, cap - len, f);
            len += got;
        }
        fclose(f);
        name = file;
    }
    lb_errlist errs = {0};
    rc = lb_game_new(name, text ? text : demo, len, opts, &set, &P->g, &errs);
    free(text);
    if (rc != LB_OK) {
        cli_print_errors(&errs);
        lb_errlist_release(&errs);
        return CLI_INVALID;
    }
    fprintf(P->out, "%s, seed %" PRIu64 "\n", lb_game_state(P->g)->title, set.seed);
    if (P->store) {
        if (lb_store_save_game(P->store, P->g, &P->id, &err) != LB_OK)
            return cli_invalid("%s", err.msg);
        fprintf(P->out, "game %lld in %s\n", P->id, db);
    }
    return CLI_OK;
}

/* --ai SIDE [--level quick|full] [--budget MS]: the computer plays SIDE, its dice from the
 * game's seed (R-AI-3). */
static int ai_options(const cli_args *args, play *P)
{
    const char *side = cli_option_value(args, "ai", NULL);
    const char *level = cli_option_value(args, "level", NULL);
    const char *budget = cli_option_value(args, "budget", NULL);
    lb_ai_settings_init(&P->ai_settings);
    P->ai_settings.seed = lb_game_settings_of(P->g)->seed;
    if (!side)
        return level || budget ? cli_usage(args, "--level and --budget go with --ai SIDE") : CLI_OK;
    const lb_state *st = lb_game_state(P->g);
    if ((P->ai = lb_state_side(st, side)) < 0)
        return cli_usage(args, "--ai: expected %s or %s, found \"%s\"", st->sides[0],
                         st->sides[1], side);
    if (level && (int)(P->ai_settings.level = (lb_ai_level)lb_ai_level_parse(level)) < 0)
        return cli_usage(args, "--level: expected quick or full, found \"%s\"", level);
    char *end;
    long ms = budget ? strtol(budget, &end, 10) : 1000;
    if (budget && (*end || ms < 1 || ms > 600000))
        return cli_usage(args, "--budget: expected milliseconds from 1 to 600000, found \"%s\"",
                         budget);
    P->ai_settings.budget_ms = (int)ms;
    return CLI_OK;
}

int cmd_play(const cli_args *args)
{
    if (args->npositional > 1)
        return cli_usage(args, "expected at most one scenario file");
    if (cli_option_value(args, "dice", NULL))
        return cli_usage(args, "--dice: a game rolls its own dice from --seed");
    play P = {.out = stdout, .ai = -1};
    if (args->json && !(P.out = fopen("/dev/null", "w")))
        return cli_invalid("cannot open /dev/null");
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules, .strict = args->strict};
    int rc = open_game(args, &P, &opts);
    if (rc == CLI_OK)
        rc = ai_options(args, &P);
    if (rc == CLI_OK) {
        print_status(&P);
        if (ai_answers(&P) != PLAY_OK) {
            fprintf(stderr, "labataille play: %s\n", P.why);
            rc = CLI_INVALID;
        }
    }
    if (rc == CLI_OK) {
        const char *script = cli_option_value(args, "script", NULL);
        int prc = script                    ? run_script(&P, script)
                  : isatty(STDIN_FILENO)    ? run_prompt(&P)
                                            : run_script(&P, "-");
        rc = prc == PLAY_OK ? CLI_OK : CLI_INVALID;
        if (args->json) {
            char *view = NULL, *journal = NULL;
            if (lb_game_view_json(P.g, LB_ROLE_BOTH, &view) == LB_OK &&
                lb_journal_to_json(lb_game_journal(P.g), &journal) == LB_OK) {
                json_t *v = json_loads(view, 0, NULL);
                json_object_set_new(v, "journal", json_loads(journal, 0, NULL));
                if (P.store)
                    json_object_set_new(v, "game", json_integer(P.id));
                cli_print_json(v);
            }
            free(view);
            free(journal);
        }
    }
    if (P.out != stdout)
        fclose(P.out);
    lb_game_free(P.g);
    lb_store_close(P.store);
    return rc;
}
