/* labataille play: a game turn by turn at a prompt or from a script, saved in a store after every accepted decision. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lb/data.h"
#include "lb/core.h"
#include "lb/store.h"
#include "play.h"

#define WORDS_MAX 16

typedef struct verb {
    const char *name;
    int (*run)(play *P, int argc, char **argv);
    const char *usage;
    const char *help;
} verb;

/* What `help VERB` says besides the verb's line, for the verbs that need more. */
static const struct {
    const char *verb;
    const char *text;
} more_help[] = {
    {"undo",
     "R-GAME-14: at one table (hot-seat) undo takes back the last decision, and again and again\n"
     "to any decision; the dice that follow are fresh draws, never the ones taken back (the\n"
     "dice never rewind). Against the computer (--ai) it takes back your last decision with\n"
     "the computer's answers since, but never past a die roll. Nothing is taken back once the\n"
     "battle is over: a concession is final (R-VIC-1)."},
    {"never",
     "R-OCH-13: the side whose cavalry it is is not asked again about its reaction (39) or\n"
     "opportunity (40) charges, from the next question on: the question pending now stays,\n"
     "answer it (pass). Without UNIT: the one cavalry unit the pending question names. It is\n"
     "journalled: undo takes it back, a saved game keeps it."},
};

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
    if (P->traces)
        json_array_append_new(P->traces, json_pack("{s:i,s:o}", "seq", a->seq_after, "trace",
                                                   cli_trace_json(lb_game_trace(P->g))));
    fprintf(P->out, "accepted (journal %d)\n", a->seq_after);
    play_print_trace(P);
    play_print_status(P);
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
        return play_refuse(P, "%s [%s]", a->reason,
                           a->rule ? a->rule : lb_name(LB_NAME_VERDICT, a->verdict));
    return accepted(P, a);
}

/* The option key stands for: itself, or the one option that begins with it and goes on with
 * ':', '@' or '_' (form UNIT line for form:UNIT:line:3@0810+0811, form UNIT road for
 * road_march). NULL with a refusal naming them when several do. */
static const char *complete_key(play *P, const char *key)
{
    const lb_decision *d = lb_game_pending(P->g);
    if (!d || lb_decision_find(d, key) >= 0 || lb_decision_find_param(d, key) >= 0)
        return key;
    size_t n = strlen(key), used = 0;
    const char *found = NULL;
    char which[PLAY_WHY_MAX / 2] = "";
    int count = 0;
    for (int i = 0; i < d->noptions; i++) {
        char next = d->options[i].key[n];
        if (strncmp(d->options[i].key, key, n) != 0 || (next != ':' && next != '@' && next != '_'))
            continue;
        found = d->options[i].key;
        if (count++ < 6 && used < sizeof which)
            used += (size_t)snprintf(which + used, sizeof which - used, "%s%s",
                                     count > 1 ? ", " : "", found);
    }
    if (count <= 1)
        return count ? found : key;
    play_refuse(P, "%d options begin with %s: say which (%s%s)", count, key, which,
                count > 6 ? ", …" : "");
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

/* ---- commands that answer ---------------------------------------------------------------- */

/* fire UNIT… TARGET: one unit, or several that fire together (fire:U1+U2+…:HEX). */
static int do_fire(play *P, int argc, char **argv)
{
    char label[LB_HEX_LABEL_MAX], key[LB_OPTION_KEY_MAX];
    int firers[WORDS_MAX];
    lb_answer *target;
    if (argc < 3)
        return play_refuse(P, "usage: fire UNIT… TARGET (a hex label or a unit id)");
    if (play_fire_ask(P, argv + 1, argc - 2, argv[argc - 1], LB_LOOK_TARGET, firers, label,
                      &target))
        return PLAY_REFUSED;
    lb_answer_free(target);
    size_t used = (size_t)snprintf(key, sizeof key, "fire:");
    for (int i = 1; i < argc - 1 && used < sizeof key; i++)
        used += (size_t)snprintf(key + used, sizeof key - used, "%s%s", i > 1 ? "+" : "",
                                 argv[i]);
    if (used < sizeof key)
        snprintf(key + used, sizeof key - used, ":%s", label);
    return decide(P, key);
}

static int do_charge(play *P, int argc, char **argv)
{
    char key[LB_OPTION_KEY_MAX];
    if (argc != 3)
        return play_refuse(P, "usage: charge CAVALRY H1,H2,… (the hexes it enters, in order)");
    snprintf(key, sizeof key, "charge:%s:%s", argv[1], argv[2]);
    return decide(P, key);
}

/* melee ATTACKER… TARGET (a hex or a unit id). */
static int do_melee(play *P, int argc, char **argv)
{
    char label[LB_HEX_LABEL_MAX], key[LB_OPTION_KEY_MAX];
    if (argc < 3)
        return play_refuse(P, "usage: melee ATTACKER… TARGET");
    if (play_hex_arg(P, argv[argc - 1], label))
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
        return play_refuse(P, "usage: move UNIT HEX, or move UNIT H1,H2,… (the hexes it enters)");
    snprintf(key, sizeof key, "%s:%s:%s", strchr(argv[2], ',') ? "path" : "move", argv[1],
             argv[2]);
    return decide(P, key);
}

/* face UNIT N, form UNIT FORMATION[:N][@H1+H2], prolonge UNIT HEX, attach LEADER UNIT,
 * enter UNIT HEX, detach LEADER, march UNIT: the option VERB:ARG1[:ARG2]. */
static int do_keyed(play *P, int argc, char **argv)
{
    char key[LB_OPTION_KEY_MAX];
    int two = strcmp(argv[0], "detach") != 0 && strcmp(argv[0], "march") != 0;
    if (argc != (two ? 3 : 2))
        return play_refuse(P, "usage: %s %s", argv[0], two ? "UNIT ARGUMENT (help says which)"
                                                            : "UNIT");
    if (two)
        snprintf(key, sizeof key, "%s:%s:%s", argv[0], argv[1], argv[2]);
    else
        snprintf(key, sizeof key, "%s:%s", argv[0], argv[1]);
    return decide(P, key);
}

static int do_choose(play *P, int argc, char **argv)
{
    const lb_decision *d = lb_game_pending(P->g);
    if (!d)
        return play_refuse(P, "nothing to choose: the battle is over");
    if (argc < 2 || argc > 3)
        return play_refuse(P, "usage: choose N [PARAMETER] (or choose KEY)");
    char *end;
    long n = strtol(argv[1], &end, 10);
    const char *key = argv[1];
    /* a number is an option's number, unless it is a key that no option number reads (a hex
     * label with a leading zero, or past the last option) */
    int is_key = lb_decision_find(d, argv[1]) >= 0 && (argv[1][0] == '0' || n > d->noptions);
    if (!*end && end != argv[1] && !is_key) {
        if (n < 1 || n > d->noptions)
            return play_refuse(P, "expected an option from 1 to %d, found %ld", d->noptions, n);
        key = d->options[n - 1].key;
        const char *param = d->options[n - 1].param;
        if (param && argc != 3)
            return play_refuse(P, "option %ld needs its %s: choose %ld %s", n, param, n,
                          strcmp(param, "path") == 0        ? "H1,H2,…"
                          : strcmp(param, "attackers") == 0 ? "U1+U2+…"
                                                            : "U1+U2+…:HEX");
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

/* R-GAME-14: against the computer, back to the person's own last decision (the computer's
 * answers since go with it), never past a die. */
static int do_undo(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    lb_game_answer a;
    int rc = lb_game_undo(P->g, P->ai >= 0 ? 1 - P->ai : LB_ROLE_BOTH, lb_game_seq(P->g), -1, &a);
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

/* The cavalry unit the pending question asks about (a "charge:UNIT" of an opportunity charge's
 * question, a "react:UNIT" of a reaction's) into unit, when it names exactly one: 1; else 0. */
static int asked_now(const lb_decision *d, char *unit, size_t n)
{
    int found = 0;
    for (int i = 0; d && (d->kind == LB_DECIDE_OPPORTUNITY || d->kind == LB_DECIDE_REACTION) &&
                    i < d->noptions; i++) {
        const char *k = d->options[i].key, *id = strncmp(k, "charge:", 7) == 0 ? k + 7
                                                 : strncmp(k, "react:", 6) == 0 ? k + 6 : NULL;
        if (id && !strchr(id, ':') && found++ == 0)
            snprintf(unit, n, "%s", id);
    }
    return found == 1;
}

/* R-OCH-13: never ask again about a cavalry unit (the one asked now when not named). */
static int do_never(play *P, int argc, char **argv)
{
    if (argc > 2)
        return play_refuse(P, "usage: never [UNIT]");
    char unit[LB_SUBJECT_MAX];
    if (argc == 2)
        snprintf(unit, sizeof unit, "%s", argv[1]);
    else if (!asked_now(lb_game_pending(P->g), unit, sizeof unit))
        return play_refuse(P, "never: name the cavalry unit (no question about one unit is "
                              "pending)");
    lb_game_answer a;
    int rc = lb_game_never_ask(P->g, P->ai >= 0 ? 1 - P->ai : LB_ROLE_BOTH, lb_game_seq(P->g),
                               unit, &a);
    return verdict(P, rc, &a);
}

static int do_score(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    play_print_score(P);
    return PLAY_OK;
}

static int do_save(play *P, int argc, char **argv)
{
    if (argc == 2) {
        char *text = NULL;
        if (play_export(P, &text) != LB_OK)
            return play_refuse(P, "out of memory");
        FILE *f = fopen(argv[1], "w");
        int ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
        ok = (f && fclose(f) == 0) && ok;
        free(text);
        if (!ok)
            return play_refuse(P, "cannot write %s: %s", argv[1], strerror(errno));
        fprintf(P->out, "exported to %s (journal %d)\n", argv[1], lb_game_seq(P->g));
        return PLAY_OK;
    }
    if (!P->store)
        return play_refuse(P, "no --db: give a file to export to (save FILE.json)");
    fprintf(P->out, "saved: game %lld in %s, journal %d (every decision is saved as it is "
            "taken)\n", P->id, P->store->where, lb_game_seq(P->g));
    return PLAY_OK;
}

static int do_explain(play *P, int argc, char **argv)
{
    if (argc > 2)
        return play_refuse(P, "usage: explain [R-AREA-N | AREA]");
    if (argc == 1) {
        cli_explain_areas(P->out);
        return PLAY_OK;
    }
    char why[160];
    if (cli_explain(P->out, argv[1], why, sizeof why) != 0)
        return play_refuse(P, "%s", why);
    return PLAY_OK;
}

/* R-GAME-23: what the computer would answer for the pending decision, with its reason (the
 * exact odds it cites), at the quick level on the computer's own dice; the game is unchanged.
 * Off between two people unless both allowed it (--hints). */
static int do_hint(play *P, int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return play_refuse(P, "usage: hint");
    if (P->ai < 0 && !P->hints)
        return play_refuse(P, "hints are off in a game between two people unless both allow "
                              "them (play --hints) (R-GAME-23)");
    const lb_decision *d = lb_game_pending(P->g);
    if (!d)
        return play_refuse(P, "no decision is pending: the battle is over");
    if (d->side == P->ai)
        return play_refuse(P, "the computer is deciding: no hint for its own decision");
    lb_ai_settings s = P->ai_settings;
    s.level = LB_AI_QUICK;
    lb_ai_option o[LB_AI_HINT_OPTIONS];
    int n = 0;
    if (lb_ai_rank(P->g, d->side, &s, o, LB_AI_HINT_OPTIONS, &n) != LB_OK)
        return play_refuse(P, "no hint: the computer found no answer");
    fprintf(P->out, "hint for %s: %s\n  [R-GAME-23 ai] %s\n",
            lb_state_side_name(lb_game_state(P->g), d->side), o[0].key, o[0].reason);
    /* R-AI-16: the best options it valued, best first */
    fprintf(P->out, "  [R-AI-16 ai] its best options, its answer first:\n");
    for (int k = 0; k < n; k++) {
        char value[32] = "not valued";
        if (o[k].valued)
            snprintf(value, sizeof value, "%+.2f points", o[k].value);
        fprintf(P->out, "  %d. %s (%s): %s\n", k + 1, o[k].key, value, o[k].reason);
    }
    /* R-GAME-24: recorded beside the journal, which it leaves as it is */
    if (play_note_hint(P, d->side, lb_game_seq(P->g)) != LB_OK)
        return play_refuse(P, "the hint cannot be recorded in the store");
    fprintf(P->out, "  [R-GAME-24] the hint %s asked at journal %d is recorded\n",
            lb_state_side_name(lb_game_state(P->g), d->side), lb_game_seq(P->g));
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
    {"show", play_show, "show", "the map, the units and the pending decision"},
    {"unit", play_unit, "unit ID",
     "a unit's values, state and options (in Movement: where it may go, on the map)"},
    {"options", play_options, "options [WORD]",
     "every option of the pending decision by number (those whose key holds WORD)"},
    {"los", play_los, "los FROM TO", "line of sight between two hexes or units, with its reasons"},
    {"odds", play_odds, "odds fire|melee UNIT… TARGET, odds charge CAV H1,…",
     "exact outcomes of a fire, a melee or a charge, before choosing"},
    {"move", do_move, "move UNIT HEX | move UNIT H1,H2,…",
     "move a unit to a hex (a cheapest way), or along the hexes given"},
    {"face", do_keyed, "face UNIT N", "turn a unit to face clock hour N (12 north, 2 NE, …)"},
    {"form", do_keyed, "form UNIT FORMATION[:N][@H1+H2]",
     "change formation (facing N after, the hexes it stands in)"},
    {"prolonge", do_keyed, "prolonge BATTERY HEX",
     "an unlimbered battery moves one hex by prolonge"},
    {"attach", do_keyed, "attach LEADER UNIT", "a leader joins a unit in his hex"},
    {"detach", do_keyed, "detach LEADER", "a leader leaves his unit"},
    {"march", do_keyed, "march UNIT", "declare a force march (44)"},
    {"enter", do_keyed, "enter UNIT HEX", "a reinforcement due now enters the map"},
    {"fire", do_fire, "fire UNIT… TARGET",
     "fire at a hex (or a unit's hex), one unit or several together"},
    {"charge", do_charge, "charge CAVALRY H1,H2,…", "charge along a path of hexes"},
    {"melee", do_melee, "melee ATTACKER… TARGET", "assault a hex (or a unit's hex) with units"},
    {"choose", do_choose, "choose N|KEY [PARAMETER]",
     "take option N, or the option with that key (a hex label, `auto`, `stand`, …)"},
    {"end", do_end, "end", "end the segment"},
    {"undo", do_undo, "undo", "take back the last decision (help undo: the policy)"},
    {"concede", do_concede, "concede", "the side to decide gives up the battle"},
    {"never", do_never, "never [UNIT]",
     "never ask again about this cavalry unit's reaction or opportunity charges"},
    {"score", do_score, "score", "the score now, and the result when the battle is over"},
    {"save", do_save, "save [FILE]", "where the game is saved, or export it to FILE as JSON"},
    {"explain", do_explain, "explain [R-AREA-N | AREA]",
     "how the engine reads a rule: the ruling an answer or refusal cites (R-FIRE-7), an area's"},
    {"hint", do_hint, "hint",
     "what the computer would answer now, and why (against the computer, or with --hints)"},
    {"help", do_help, "help [COMMAND]", "this list, or what one command does"},
    {"quit", do_quit, "quit", "leave (a game played with --db stays saved)"},
};
#define NVERBS ((int)(sizeof verbs / sizeof *verbs))

static int do_help(play *P, int argc, char **argv)
{
    if (argc > 2)
        return play_refuse(P, "usage: help [COMMAND]");
    if (argc == 2) {
        for (int i = 0; i < NVERBS; i++) {
            if (strcmp(argv[1], verbs[i].name) != 0)
                continue;
            fprintf(P->out, "%s: %s\n", verbs[i].usage, verbs[i].help);
            for (size_t k = 0; k < sizeof more_help / sizeof *more_help; k++)
                if (strcmp(more_help[k].verb, argv[1]) == 0)
                    fprintf(P->out, "%s\n", more_help[k].text);
            return PLAY_OK;
        }
        return play_refuse(P, "no command \"%s\" (help lists them)", argv[1]);
    }
    fprintf(P->out, "commands (TARGET and hexes are labels such as 0910, column then row, or "
            "unit ids):\n");
    for (int i = 0; i < NVERBS; i++) {
        /* padded by characters, not bytes: the usages hold "…" */
        int width = 0;
        for (const char *c = verbs[i].usage; *c; c++)
            width += ((unsigned char)*c & 0xC0) != 0x80;
        fprintf(P->out, "  %s%*s %s\n", verbs[i].usage, width < 52 ? 52 - width : 0, "",
                verbs[i].help);
    }
    fprintf(P->out,
            "Each segment offers its options; answer with a command or `choose`. "
            "A decision of the rules (a retreat's end, a carré, …) is answered with `choose`.\n");
    return PLAY_OK;
}

/* The computer answers every decision of its side (R-AI-1), each with its reason. */
static int ai_answers(play *P)
{
    const lb_decision *d;
    while (P->ai >= 0 && (d = lb_game_pending(P->g)) != NULL && d->side == P->ai) {
        char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
        lb_game_answer a;
        int rc = lb_ai_play(P->g, P->ai, &P->ai_settings, key, why, &a);
        if (rc != LB_OK) {
            snprintf(P->why, sizeof P->why, "the computer player: %s %s", lb_err_str(rc),
                     lb_game_error(P->g));
            return PLAY_ERROR;
        }
        /* its reason is the first step of the answer's trace, printed with it */
        fprintf(P->out, "%s (computer, %s) %s\n", lb_state_side_name(lb_game_state(P->g), P->ai),
                lb_name(LB_NAME_AI_LEVEL, P->ai_settings.level), key);
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
    const char *names[NVERBS];
    for (int i = 0; i < NVERBS; i++)
        names[i] = verbs[i].name;
    int near = lb_nearest_word(argv[0], names, NVERBS);
    if (near >= 0)
        return play_refuse(P, "unknown command \"%s\" (did you mean %s? help lists them)", argv[0],
                           names[near]);
    return play_refuse(P, "unknown command \"%s\" (help lists them)", argv[0]);
}

/* ---- the session --------------------------------------------------------------------------- */

/* Whether a line may be a command: printable text (lb/printable.h), so that nothing typed or read
 * from a script drives the terminal when it is echoed or quoted in a refusal. 0 when it may; else
 * the column of the first control character (C0 but tab, DEL, C1) or byte that is not UTF-8,
 * with what it is in P->why. */
static int unprintable(play *P, const char *line, size_t len)
{
    lb_unprintable u;
    if (lb_printable_check(line, len, 1, &u))
        return 0;
    if (u.control < 0)
        snprintf(P->why, sizeof P->why, "expected a printable command, found byte 0x%02x, which "
                 "is not UTF-8", u.byte);
    else if (u.control < 0x80)
        snprintf(P->why, sizeof P->why, "expected a printable command, found control character "
                 "0x%02x", u.control);
    else
        snprintf(P->why, sizeof P->why, "expected a printable command, found control character "
                 "U+%04X", u.control);
    return u.column;
}

/* P->why as it may be printed: a refusal may quote what the library or a store said. */
static const char *why_printable(const play *P, char *buf, size_t n)
{
    return lb_printable(P->why, strlen(P->why), buf, n);
}

static int run_script(play *P, const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f)
        return cli_invalid("cannot read the script %s: %s", path, strerror(errno));
    char *line = NULL, name[LB_ERR_FILE_MAX], echo[PLAY_WHY_MAX], why[PLAY_WHY_MAX];
    lb_printable(path, strlen(path), name, sizeof name);
    size_t cap = 0;
    ssize_t got;
    int lineno = 0, rc = PLAY_OK;
    while (rc == PLAY_OK && (got = getline(&line, &cap, f)) >= 0) {
        lineno++;
        /* the line without its end: "\n", or "\r\n" as written on Windows */
        size_t len = (size_t)got;
        len -= len && line[len - 1] == '\n';
        len -= len && line[len - 1] == '\r';
        int col = unprintable(P, line, len);
        if (col) {
            /* a NUL, ESC [ 2 J, a byte that is not UTF-8: echoed escaped, never run */
            fprintf(P->out, "> %s\n", lb_printable(line, len, echo, sizeof echo));
            fflush(P->out);
            fprintf(stderr, "%s:%d:%d: %s\n", name, lineno, col, P->why);
            rc = PLAY_REFUSED;
            break;
        }
        line[len] = '\0';
        fprintf(P->out, "> %s\n", line);
        rc = run_line(P, line);
        fflush(P->out); /* the answers so far before the refusal, in order on a terminal */
        if (rc == PLAY_REFUSED || rc == PLAY_ERROR)
            fprintf(stderr, "%s:%d: %s: %s\n", name, lineno,
                    rc == PLAY_REFUSED ? "refused" : "error", why_printable(P, why, sizeof why));
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
    char why[PLAY_WHY_MAX];
    while (rc != PLAY_QUIT && rc != PLAY_ERROR) {
        char prompt[LB_STORE_TEXT_MAX + 8];
        lb_game_summary(P->g, prompt, sizeof prompt);
        strcat(prompt, " > ");
        char *line = play_prompt_read(prompt);
        if (!line)
            break;
        int col = unprintable(P, line, strlen(line));
        rc = col ? PLAY_REFUSED : run_line(P, line);
        free(line);
        if (rc == PLAY_REFUSED && col)
            fprintf(stdout, "refused: %s (column %d)\n", why_printable(P, why, sizeof why), col);
        else if (rc == PLAY_REFUSED)
            fprintf(stdout, "refused: %s\n", why_printable(P, why, sizeof why));
    }
    play_prompt_close();
    if (rc == PLAY_ERROR)
        fprintf(stderr, "labataille play: %s\n", why_printable(P, why, sizeof why));
    return rc == PLAY_ERROR ? rc : PLAY_OK;
}

/* R-DICE-3: the game's dice in a few words for the banner, into buf (n bytes). */
static const char *dice_words(const lb_game *g, char *buf, size_t n)
{
    const lb_game_settings *s = lb_game_settings_of(g);
    if (s->dice == LB_DICE_SEEDED)
        snprintf(buf, n, "seed %" PRIu64 " (seeded: not for play)", s->seed);
    else
        snprintf(buf, n, "secret dice, commitment %s", s->commitment);
    return buf;
}

/* R-OCH-9: --never-ask U1,U2,… into the settings' units never asked about. CLI_OK or a usage
 * error. */
static int never_ask(const cli_args *args, lb_game_settings *set)
{
    const char *never = cli_option_value(args, "never-ask", NULL);
    for (; never && *never && set->nnever_ask < LB_NEVER_ASK_MAX; set->nnever_ask++) {
        size_t n = strcspn(never, ",");
        if (n == 0 || n >= LB_SUBJECT_MAX)
            return cli_usage(args, "--never-ask: expected unit ids U1,U2,… of 1 to %d "
                             "characters", LB_SUBJECT_MAX - 1);
        snprintf(set->never_ask[set->nnever_ask], LB_SUBJECT_MAX, "%.*s", (int)n, never);
        never += n + (never[n] == ',');
    }
    return CLI_OK;
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
        char dice[LB_DICE_HEX_MAX + 64];
        fprintf(P->out, "game %lld in %s, journal %d, %s\n", P->id, P->store->where,
                lb_game_seq(P->g), dice_words(P->g, dice, sizeof dice));
        return CLI_OK;
    }
    /* R-DICE-3: secret dice, unless --seed asks for seeded ones (tests, scripted games) */
    lb_dice seed_dice;
    lb_game_settings set;
    lb_game_settings_init(&set);
    int rc = CLI_OK;
    if (cli_option_value(args, "seed", NULL))
        rc = cli_dice(args, &seed_dice, &set.seed);
    else if (lb_game_settings_secret(&set) != LB_OK)
        return cli_invalid("no random bytes from the system for the dice's secret");
    if (rc != CLI_OK)
        return rc;
    if (cli_option_value(args, "ai", NULL))
        set.undo = LB_UNDO_COMPUTER;
    int ask = 0; /* R-OCH-4: both sides are asked their opportunity charges */
    cli_option_value(args, "ask-charges", &ask);
    set.charge_questions[0] = set.charge_questions[1] = (unsigned char)(ask != 0);
    if ((rc = never_ask(args, &set)) != CLI_OK)
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
        int cap = 0;
        len = 0;
        for (size_t got = 1; got;) {
            char *more = len < INT_MAX - 65536 ? lb_grow(text, &cap, (int)len + 65536, 1) : NULL;
            if (!more) {
                free(text);
                fclose(f);
                return cli_invalid("out of memory");
            }
            text = more;
            got = fread(text + len, 1, (size_t)cap - len, f);
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
    char dice[LB_DICE_HEX_MAX + 64];
    fprintf(P->out, "%s, %s\n", lb_state_title(lb_game_state(P->g)),
            dice_words(P->g, dice, sizeof dice));
    P->is_new = 1;
    return CLI_OK;
}

/* A new game is saved once its players are known (the computer's side with it). */
static int save_new(play *P)
{
    lb_err err = {0};
    if (!P->is_new || !P->store)
        return CLI_OK;
    if (lb_store_save_game(P->store, P->g, &P->id, &err) != LB_OK)
        return cli_invalid("%s", err.msg);
    fprintf(P->out, "game %lld in %s\n", P->id, P->store->where);
    return CLI_OK;
}

/* A saved game that the computer played goes on against it: the side whose player is named
 * "computer:LEVEL" in the settings (set by --ai when the game was made). */
static int computer_of_saved(play *P)
{
    const lb_game_settings *s = lb_game_settings_of(P->g);
    static const char prefix[] = "computer:";
    for (int side = 0; side < 2; side++) {
        if (strncmp(s->players[side], prefix, sizeof prefix - 1) != 0)
            continue;
        int level = lb_name_parse(LB_NAME_AI_LEVEL, s->players[side] + sizeof prefix - 1);
        if (level < 0)
            continue;
        P->ai = side;
        P->ai_settings.level = (lb_ai_level)level;
        fprintf(P->out, "the computer plays %s (%s), as when the game was made\n",
                lb_state_side_name(lb_game_state(P->g), side),
                lb_name(LB_NAME_AI_LEVEL, P->ai_settings.level));
        return 1;
    }
    return 0;
}

/* --ai SIDE [--level quick|full] [--budget MS]: the computer plays SIDE, its look-ahead dice
 * from the game's seed or, with secret dice, its own seed (R-AI-3); no undo past a die then
 * (R-GAME-14). */
static int ai_options(const cli_args *args, play *P)
{
    const char *side = cli_option_value(args, "ai", NULL);
    const char *level = cli_option_value(args, "level", NULL);
    const char *budget = cli_option_value(args, "budget", NULL);
    lb_ai_settings_init(&P->ai_settings);
    P->ai_settings.seed = lb_game_ai_seed(P->g);
    cli_option_value(args, "hints", &P->hints);
    if (!side && (level || budget))
        return cli_usage(args, "--level and --budget go with --ai SIDE");
    if (!side) {
        if (computer_of_saved(P) && lb_game_settings_of(P->g)->undo == LB_UNDO_HOTSEAT)
            lb_game_set_undo_policy(P->g, LB_UNDO_COMPUTER);
        return CLI_OK;
    }
    const lb_state *st = lb_game_state(P->g);
    if ((P->ai = lb_state_side(st, side)) < 0)
        return cli_usage(args, "--ai: expected %s or %s, found \"%s\"", lb_state_side_name(st, 0),
                         lb_state_side_name(st, 1), side);
    if (lb_game_settings_of(P->g)->undo == LB_UNDO_HOTSEAT)
        lb_game_set_undo_policy(P->g, LB_UNDO_COMPUTER);
    if (level &&
        (int)(P->ai_settings.level = (lb_ai_level)lb_name_parse(LB_NAME_AI_LEVEL, level)) < 0)
        return cli_usage(args, "--level: expected quick, full or baseline, found \"%s\"", level);
    char *end;
    long ms = budget ? strtol(budget, &end, 10) : 1000;
    if (budget && (*end || ms < 1 || ms > 600000))
        return cli_usage(args, "--budget: expected milliseconds from 1 to 600000, found \"%s\"",
                         budget);
    P->ai_settings.budget_ms = (int)ms;
    char who[LB_GAME_NAME_MAX];
    snprintf(who, sizeof who, "computer:%s", lb_name(LB_NAME_AI_LEVEL, P->ai_settings.level));
    lb_game_set_player(P->g, P->ai, who);
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
    if (args->json && !(P.traces = json_array())) {
        fclose(P.out);
        return cli_invalid("out of memory");
    }
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules, .strict = args->strict};
    int rc = open_game(args, &P, &opts);
    if (rc == CLI_OK)
        rc = ai_options(args, &P);
    if (rc == CLI_OK)
        rc = save_new(&P);
    if (rc == CLI_OK) {
        play_print_status(&P);
        if (ai_answers(&P) != PLAY_OK) {
            char why[PLAY_WHY_MAX];
            fprintf(stderr, "labataille play: %s\n", why_printable(&P, why, sizeof why));
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
                json_object_set(v, "traces", P.traces);
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
    json_decref(P.traces);
    json_decref(P.hints_asked);
    lb_game_free(P.g);
    lb_store_close(P.store);
    return rc;
}
