/* labataille play, what the prompt shows: the status and its options, the trace, the score, and the commands that only look (show, unit, los, odds, options). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play.h"

int play_refuse(play *P, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(P->why, sizeof P->why, fmt, ap);
    va_end(ap);
    return PLAY_REFUSED;
}

/* The unit a key names: its second field ("move:UNIT:HEX" -> UNIT) into id; 0, or -1 when the
 * key names none (end, auto, a hex). */
static int key_unit(const char *key, char *id, size_t n)
{
    const char *a = strchr(key, ':');
    if (!a)
        return -1;
    size_t len = strcspn(a + 1, ":");
    if (len == 0 || len >= n)
        return -1;
    memcpy(id, a + 1, len);
    id[len] = '\0';
    return 0;
}

/* ---- what the prompt shows ----------------------------------------------------------------- */

void play_print_trace(play *P)
{
    cli_trace_fprint(P->out, lb_game_trace(P->g));
}

/* R-VIC-3: what each thing is worth, and each objective with its points and holder now (the
 * view's, which follows R-VIC-2 through the game). */
static void print_points_and_objectives(play *P)
{
    lb_battle_info v;
    lb_state_battle_info(lb_game_state(P->g), &v);
    fprintf(P->out, "  points (R-VIC-3): %d an enemy increment eliminated, %d an enemy unit surrendered, "
            "%d an enemy leader killed or captured, and the objectives held\n", v.per_increment,
            v.per_surrender, v.per_leader);
    char *text = NULL;
    json_t *view = lb_game_view_json(P->g, LB_ROLE_BOTH, &text) == LB_OK
                       ? json_loads(text, 0, NULL) : NULL;
    free(text);
    json_t *objectives = json_object_get(view, "objectives");
    size_t k;
    json_t *o;
    json_array_foreach(objectives, k, o) {
        json_t *holder = json_object_get(o, "holder");
        fprintf(P->out, "%s %s (%d) %s", k ? "," : "  objectives (R-VIC-2):",
                json_string_value(json_object_get(o, "hex")),
                (int)json_integer_value(json_object_get(o, "points")),
                json_is_string(holder) ? json_string_value(holder) : "held by neither side");
    }
    if (json_array_size(objectives))
        fprintf(P->out, "\n");
    json_decref(view);
}

void play_print_score(play *P)
{
    lb_game_score sc;
    lb_game_score_of(P->g, &sc);
    const lb_state *st = lb_game_state(P->g);
    for (int s = 0; s < 2; s++)
        fprintf(P->out,
                "  %s: %d points (objectives %d, enemy increments %d, surrendered %d, "
                "leaders %d)\n",
                lb_state_side_name(st, s), sc.points[s], sc.objectives[s], sc.increments[s],
                sc.surrendered[s], sc.leaders[s]);
    if (sc.over && sc.winner < 0)
        fprintf(P->out, "  the battle ends in a draw\n");
    if (sc.over && sc.winner >= 0)
        fprintf(P->out, "  %s wins: a %s victory%s\n", lb_state_side_name(st, sc.winner),
                lb_name(LB_NAME_OUTCOME, sc.outcome),
                sc.conceded >= 0 ? " (the enemy conceded)" : "");
    print_points_and_objectives(P);
}

/* The options of unit id in d other than its moves, verb by verb: "face 9, 3; form column:4@0810". */
static void changes_of(const lb_decision *d, const char *id, char *out, size_t n)
{
    size_t used = 0;
    out[0] = '\0';
    char done[8][16];
    int ndone = 0;
    for (int k = 0; k < d->noptions && used < n; k++) {
        const char *key = d->options[k].key;
        char who[LB_SUBJECT_MAX], verb[16];
        size_t vl = strcspn(key, ":");
        if (key_unit(key, who, sizeof who) != 0 || strcmp(who, id) != 0 || vl >= sizeof verb ||
            strncmp(key, "move:", 5) == 0 || strncmp(key, "path:", 5) == 0)
            continue;
        snprintf(verb, sizeof verb, "%.*s", (int)vl, key);
        int seen = 0;
        for (int i = 0; i < ndone && !seen; i++)
            seen = strcmp(done[i], verb) == 0;
        if (seen || ndone == 8)
            continue;
        snprintf(done[ndone++], sizeof done[0], "%s", verb);
        used += (size_t)snprintf(out + used, n - used, "%s%s", used ? "; " : "", verb);
        int first = 1;
        for (int i = k; i < d->noptions && used < n; i++) {
            const char *o = d->options[i].key;
            if (key_unit(o, who, sizeof who) != 0 || strcmp(who, id) != 0 ||
                strncmp(o, verb, vl) != 0 || o[vl] != ':')
                continue;
            const char *rest = strchr(o + vl + 1, ':');
            if (rest)
                used += (size_t)snprintf(out + used, n - used, "%s%s", first ? " " : ", ",
                                         rest + 1);
            first = 0;
        }
    }
}

/* The Movement segment's action decision, unit by unit: what each may do, or why it may not
 * move, in one line. */
static void print_movement(play *P, const lb_decision *d)
{
    const lb_state *st = lb_game_state(P->g);
    for (int i = 0; i < lb_state_unit_count(st); i++) {
        lb_unit_info info = cli_unit(st, i);
        const lb_unit_info *u = &info;
        if (u->side != d->side)
            continue;
        int moves = 0, path = 0;
        char changes[400], id[LB_SUBJECT_MAX];
        for (int k = 0; k < d->noptions; k++) {
            const char *key = d->options[k].key;
            if (key_unit(key, id, sizeof id) != 0 || strcmp(id, u->id) != 0)
                continue;
            moves += strncmp(key, "move:", 5) == 0;
            path |= strncmp(key, "path:", 5) == 0;
        }
        changes_of(d, u->id, changes, sizeof changes);
        lb_question q = {.kind = LB_ASK_MOVE, .unit = i, .look = LB_LOOK_LINE,
                         .look_moves = moves, .look_path = path};
        lb_answer *a;
        if (lb_ask(st, &q, &a, NULL) != LB_OK)
            continue;
        fprintf(P->out, "  %-18s ", u->id);
        lb_answer_text(a, P->out);
        if (changes[0])
            fprintf(P->out, "; %s", changes);
        fprintf(P->out, "\n");
        lb_answer_free(a);
    }
    for (int k = 0; k < d->noptions; k++) {
        char id[LB_SUBJECT_MAX];
        if (key_unit(d->options[k].key, id, sizeof id) != 0 ||
            strncmp(d->options[k].key, "enter:", 6) == 0)
            fprintf(P->out, "  %2d. %s  %s\n", k + 1, d->options[k].key, d->options[k].text);
    }
    fprintf(P->out, "  `unit ID` shows where a unit may go and what else it may do; `options` "
            "lists every option by number\n");
}

void play_print_status(play *P)
{
    const lb_state *st = lb_game_state(P->g);
    char summary[LB_STORE_TEXT_MAX];
    lb_game_summary(P->g, summary, sizeof summary);
    lb_battle_info battle;
    lb_state_battle_info(st, &battle);
    int last = battle.last_turn;
    fprintf(P->out, "== %s, turn %d", summary, lb_game_turn_number(P->g));
    if (last >= 0)
        fprintf(P->out, " (the last turn starts at %02d:%02d)", last / 60, last % 60);
    fprintf(P->out, "\n");
    const lb_decision *d = lb_game_pending(P->g);
    if (!d) {
        fprintf(P->out, "the battle is over\n");
        play_print_score(P);
        return;
    }
    fprintf(P->out, "%s decides (%s): %s\n", lb_state_side_name(st, d->side),
            lb_name(LB_NAME_DECISION_KIND, d->kind), d->prompt);
    if (d->kind == LB_DECIDE_ACTION && lb_state_turn(st).segment == LB_SEG_MOVEMENT &&
        d->noptions > PLAY_OPTIONS_SHOWN) {
        print_movement(P, d);
        return;
    }
    int shown = d->noptions <= PLAY_OPTIONS_SHOWN ? d->noptions : PLAY_OPTIONS_SHOWN - 1;
    for (int i = 0; i < shown; i++)
        fprintf(P->out, "  %2d. %s%s  %s\n", i + 1, d->options[i].key,
                d->options[i].param ? ":…" : "", d->options[i].text);
    if (shown < d->noptions)
        fprintf(P->out, "  … %d more: `options` lists them all; %d. is %s\n",
                d->noptions - shown, d->noptions, d->options[d->noptions - 1].key);
    /* keys that are small numbers (movement points to spend) read as option numbers */
    for (int i = 0; i < d->noptions; i++) {
        char *end;
        long k = strtol(d->options[i].key, &end, 10);
        if (!*end && end != d->options[i].key && k >= 1 && k <= d->noptions &&
            k != i + 1) {
            fprintf(P->out, "  (`choose N` takes option N: `choose %d` is %s)\n", i + 1,
                    d->options[i].key);
            break;
        }
    }
}

/* ---- arguments ----------------------------------------------------------------------------- */

int play_hex_arg(play *P, const char *s, char *label)
{
    const lb_state *st = lb_game_state(P->g);
    int u = lb_state_unit_index(st, s);
    lb_hex h;
    if (u >= 0) {
        lb_map_label(lb_state_map(st), cli_unit(st, u).hexes[0], label);
        return 0;
    }
    if (lb_map_parse_label(lb_state_map(st), s, &h) == 0 && lb_map_contains(lb_state_map(st), h)) {
        lb_map_label(lb_state_map(st), h, label);
        return 0;
    }
    play_refuse(P, "expected a hex label of the %s map or a unit id, found \"%s\"",
                cli_map_size(st, (char[CLI_MAP_SIZE_MAX]){0}), s);
    return -1;
}

int play_unit_arg(play *P, const char *s)
{
    int u = lb_state_unit_index(lb_game_state(P->g), s);
    if (u < 0)
        play_refuse(P, "no unit \"%s\" on the map", s);
    return u;
}

int play_fire_ask(play *P, char **names, int n, const char *target, int look, int *firers,
                  char *label, lb_answer **out)
{
    const lb_state *st = lb_game_state(P->g);
    *out = NULL;
    for (int i = 0; i < n; i++)
        if ((firers[i] = play_unit_arg(P, names[i])) < 0)
            return -1;
    lb_question q = {.kind = LB_ASK_FIRE, .units = firers, .nunits = n,
                     .to_unit = lb_state_unit_index(st, target),
                     .fire_kind = -1, .look = look};
    if (q.to_unit < 0) {
        if (play_hex_arg(P, target, label))
            return -1;
        lb_map_parse_label(lb_state_map(st), label, &q.to);
    }
    lb_err err = {0};
    if (lb_game_ask(P->g, &q, out, &err) != LB_OK) {
        play_refuse(P, "%s", err.msg);
        return -1;
    }
    lb_hex hex;
    lb_answer_hex(*out, &hex);
    lb_map_label(lb_state_map(st), hex, label);
    return 0;
}

/* ---- commands ------------------------------------------------------------------------------ */

/* The hexes of u as "0810+0811". */
static const char *hexes_text(const lb_state *st, const lb_unit_info *u, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k < u->nhexes && used < n; k++) {
        char label[LB_HEX_LABEL_MAX];
        used += (size_t)snprintf(buf + used, n - used, "%s%s", k ? "+" : "",
                                 lb_map_label(lb_state_map(st), u->hexes[k], label));
    }
    return buf;
}

int play_show(play *P, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const lb_state *st = lb_game_state(P->g);
    if (P->out != stdout)
        return PLAY_OK;
    cli_map_print(st, NULL, NULL, NULL);
    fprintf(P->out, "units (hexes, facing as a clock hour):\n");
    for (int i = 0; i < lb_state_unit_count(st); i++) {
        lb_unit_info info = cli_unit(st, i);
        const lb_unit_info *u = &info;
        char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 1)];
        fprintf(P->out, "  %-14s %-18s %-9s %-9s", hexes_text(st, u, hexes, sizeof hexes), u->id,
                lb_state_side_name(st, u->side), lb_name(LB_NAME_ARM, u->arm));
        if (u->combat)
            fprintf(P->out, " %-10s %2d  %-10s %2d increments%s%s",
                    lb_name(LB_NAME_FORMATION, u->formation), u->facing,
                    lb_name(LB_NAME_MORALE_STATE, u->state), u->strength,
                    u->arm == LB_ARM_CAVALRY ? ", " : "",
                    u->arm == LB_ARM_CAVALRY ? lb_name(LB_NAME_READINESS, u->readiness) : "");
        fprintf(P->out, "\n");
    }
    play_print_status(P);
    return PLAY_OK;
}

/* Where the unit may move in this Movement segment (its allowance, the hexes where it may end by
 * cost, those it may only pass, or why it may not move), on the map too at a terminal. */
static void unit_moves(play *P, int i)
{
    lb_question q = {.kind = LB_ASK_MOVE, .unit = i,
                     .look = P->out == stdout ? LB_LOOK_UNIT_MAP : LB_LOOK_UNIT};
    lb_answer *a;
    if (lb_ask(lb_game_state(P->g), &q, &a, NULL) != LB_OK)
        return;
    lb_answer_text(a, P->out);
    lb_answer_free(a);
}

int play_unit(play *P, int argc, char **argv)
{
    if (argc != 2)
        return play_refuse(P, "usage: unit ID");
    int i = play_unit_arg(P, argv[1]);
    if (i < 0)
        return PLAY_REFUSED;
    const lb_state *st = lb_game_state(P->g);
    lb_unit_info info = cli_unit(st, i);
        const lb_unit_info *u = &info;
    char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 1)];
    fprintf(P->out, "%s%s%s%s: %s %s of %s\n  hexes %s", u->id, u->name ? " (" : "",
            u->name ? u->name : "", u->name ? ")" : "", u->nation ? u->nation : "",
            lb_name(LB_NAME_ARM, u->arm), lb_state_side_name(st, u->side),
            hexes_text(st, u, hexes, sizeof hexes));
    if (u->combat)
        fprintf(P->out, ", facing %d\n  %s, %s, %s; %d of %d increments; fire %d, melee %d, "
                "movement %d, morale %d\n", u->facing, lb_name(LB_NAME_FORMATION, u->formation),
                lb_name(LB_NAME_MORALE_STATE, u->state), lb_name(LB_NAME_READINESS, u->readiness),
                u->strength, u->increments, u->fire, u->melee, u->movement, u->morale);
    else
        fprintf(P->out, "\n");
    for (int k = 0; k < u->nbonus; k++)
        fprintf(P->out, "  bonus %s %+d\n", u->bonus[k].key, u->bonus[k].value);
    const lb_decision *d = lb_game_pending(P->g);
    int moving = d && d->kind == LB_DECIDE_ACTION && lb_state_turn(st).segment == LB_SEG_MOVEMENT &&
                 u->side == lb_state_turn(st).phasing;
    if (moving)
        unit_moves(P, i);
    for (int k = 0; d && k < d->noptions; k++) {
        char id[LB_SUBJECT_MAX];
        if (key_unit(d->options[k].key, id, sizeof id) != 0 || strcmp(id, u->id) != 0 ||
            (moving && strncmp(d->options[k].key, "move:", 5) == 0))
            continue;
        fprintf(P->out, "  option %d: %s%s  %s\n", k + 1, d->options[k].key,
                d->options[k].param ? ":…" : "", d->options[k].text);
    }
    return PLAY_OK;
}

int play_los(play *P, int argc, char **argv)
{
    if (argc != 3)
        return play_refuse(P, "usage: los FROM TO (hex labels or unit ids)");
    const lb_state *st = lb_game_state(P->g);
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    if (play_hex_arg(P, argv[1], a) || play_hex_arg(P, argv[2], b))
        return PLAY_REFUSED;
    lb_question q = {.kind = LB_ASK_LOS, .unit = lb_state_unit_index(st, argv[1]),
                     .look = LB_LOOK_WORDS};
    lb_map_parse_label(lb_state_map(st), a, &q.from);
    lb_map_parse_label(lb_state_map(st), b, &q.to);
    lb_answer *ans;
    if (lb_ask(st, &q, &ans, NULL) != LB_OK)
        return play_refuse(P, "out of memory");
    lb_answer_text(ans, P->out);
    lb_answer_free(ans);
    return PLAY_OK;
}

/* odds fire U1 U2 … TARGET */
static int odds_fire(play *P, char **names, int n, const char *target)
{
    char label[LB_HEX_LABEL_MAX];
    int firers[16];
    lb_answer *a;
    if (n > 16)
        return play_refuse(P, "at most 16 firers");
    if (play_fire_ask(P, names, n, target, LB_LOOK_WORDS, firers, label, &a))
        return PLAY_REFUSED;
    lb_answer_text(a, P->out);
    lb_answer_free(a);
    return PLAY_OK;
}

static int odds_charge(play *P, const char *unit, const char *path)
{
    const lb_state *st = lb_game_state(P->g);
    lb_hex hexes[LB_ASK_CHARGE_PATH_MAX];
    lb_question q = {.kind = LB_ASK_CHARGE, .unit = play_unit_arg(P, unit), .path = hexes,
                     .look = LB_LOOK_WORDS, .look_path_text = path};
    if (q.unit < 0)
        return PLAY_REFUSED;
    int bad = 0;
    q.npath = lb_map_parse_labels(lb_state_map(st), path, hexes, LB_ASK_CHARGE_PATH_MAX, &bad);
    if (q.npath <= 0)
        return play_refuse(P, "the path's entry %d is not a hex of the map", bad + 1);
    lb_answer *a;
    lb_err err = {0};
    if (lb_ask(st, &q, &a, &err) != LB_OK)
        return play_refuse(P, "%s", err.msg);
    lb_answer_text(a, P->out);
    lb_answer_free(a);
    return PLAY_OK;
}

/* odds melee A1 A2 … TARGET: the assault as the game would declare it now (R-GAME-18). */
static int odds_melee(play *P, char **names, int n, const char *target)
{
    const lb_state *st = lb_game_state(P->g);
    char label[LB_HEX_LABEL_MAX];
    int *attackers = calloc((size_t)n, sizeof *attackers);
    lb_question q = {.kind = LB_ASK_MELEE, .units = attackers, .nunits = n,
                     .look = LB_LOOK_WORDS};
    int rc = attackers ? LB_OK : LB_NOMEM;
    if (rc == LB_OK && (play_hex_arg(P, target, label) ||
                        lb_map_parse_label(lb_state_map(st), label, &q.to) != LB_OK))
        rc = LB_USAGE;
    for (int i = 0; rc == LB_OK && i < n; i++)
        if ((attackers[i] = play_unit_arg(P, names[i])) < 0)
            rc = LB_USAGE;
    lb_answer *a = NULL;
    lb_err err = {0};
    if (rc == LB_OK && (rc = lb_game_ask(P->g, &q, &a, &err)) == LB_OK)
        lb_answer_text(a, P->out);
    else if (rc != LB_USAGE || err.msg[0])
        play_refuse(P, "%s", err.msg[0] ? err.msg : lb_err_str(rc));
    lb_answer_free(a);
    free(attackers);
    return rc == LB_OK ? PLAY_OK : PLAY_REFUSED;
}

int play_odds(play *P, int argc, char **argv)
{
    if (argc >= 4 && strcmp(argv[1], "fire") == 0)
        return odds_fire(P, argv + 2, argc - 3, argv[argc - 1]);
    if (argc == 4 && strcmp(argv[1], "charge") == 0)
        return odds_charge(P, argv[2], argv[3]);
    if (argc >= 4 && strcmp(argv[1], "melee") == 0)
        return odds_melee(P, argv + 2, argc - 3, argv[argc - 1]);
    return play_refuse(P, "usage: odds fire UNIT… TARGET | odds charge CAVALRY H1,H2,… | "
                       "odds melee ATTACKER… TARGET");
}

int play_options(play *P, int argc, char **argv)
{
    const lb_decision *d = lb_game_pending(P->g);
    if (argc > 2)
        return play_refuse(P, "usage: options [WORD] (the options whose key holds WORD)");
    if (!d)
        return play_refuse(P, "no decision is pending: the battle is over");
    int shown = 0;
    for (int i = 0; i < d->noptions; i++) {
        if (argc == 2 && !strstr(d->options[i].key, argv[1]))
            continue;
        fprintf(P->out, "  %2d. %s%s  %s\n", i + 1, d->options[i].key,
                d->options[i].param ? ":…" : "", d->options[i].text);
        shown++;
    }
    if (!shown)
        fprintf(P->out, "no option of the %s decision holds \"%s\"\n",
                lb_name(LB_NAME_DECISION_KIND, d->kind), argv[1]);
    return PLAY_OK;
}
