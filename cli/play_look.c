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

/* Half movement points as text: "3", "2.5". */
static const char *mp_text(int halves, char *buf, size_t n)
{
    snprintf(buf, n, "%d%s", halves / 2, halves % 2 ? ".5" : "");
    return buf;
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
    const lb_victory *v = &lb_state_battle(lb_game_state(P->g))->victory;
    fprintf(P->out, "  points (R-VIC-3): %d an enemy increment eliminated, %d an enemy unit surrendered, "
            "%d an enemy leader killed or captured, and the objectives held\n", v->per_increment,
            v->per_surrender, v->per_leader);
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
        const lb_unit *u = lb_state_unit(st, i);
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
        lb_move_choices ch;
        if (lb_move_options(st, u->id, &ch, NULL) != LB_OK)
            continue;
        char left[16], all[16], why[LB_MOVE_REASON_MAX];
        fprintf(P->out, "  %-18s %s of %s MP left", u->id,
                mp_text(ch.allowance - ch.spent, left, sizeof left),
                mp_text(ch.allowance, all, sizeof all));
        if (moves)
            fprintf(P->out, "; moves to %d hex%s%s", moves, moves == 1 ? "" : "es",
                    path ? " (or a path)" : "");
        else if (!ch.may_step)
            fprintf(P->out, "; may not move: %s", cli_said(&ch.why, why, sizeof why));
        if (changes[0])
            fprintf(P->out, "; %s", changes);
        fprintf(P->out, "\n");
        lb_move_choices_release(&ch);
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
    int last = lb_state_battle(st)->victory.last_turn;
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
        lb_map_label(lb_state_map(st), lb_state_unit(st, u)->hexes[0], label);
        return 0;
    }
    if (lb_map_parse_label(lb_state_map(st), s, &h) == 0 && lb_map_contains(lb_state_map(st), h)) {
        lb_map_label(lb_state_map(st), h, label);
        return 0;
    }
    play_refuse(P, "expected a hex label of the %dx%d map or a unit id, found \"%s\"",
                lb_state_map(st)->cols, lb_state_map(st)->rows, s);
    return -1;
}

int play_unit_arg(play *P, const char *s)
{
    int u = lb_state_unit_index(lb_game_state(P->g), s);
    if (u < 0)
        play_refuse(P, "no unit \"%s\" on the map", s);
    return u;
}

int play_fire_args(play *P, char **names, int n, const char *target, lb_fire_request *rq,
                   int *firers, char *label)
{
    const lb_state *st = lb_game_state(P->g);
    for (int i = 0; i < n; i++)
        if ((firers[i] = play_unit_arg(P, names[i])) < 0)
            return -1;
    *rq = (lb_fire_request){lb_game_fire_kind(P->g), {0, 0}, firers, n};
    int tunit = lb_state_unit_index(st, target), count = 0;
    if (tunit < 0) {
        if (play_hex_arg(P, target, label))
            return -1;
        lb_map_parse_label(lb_state_map(st), label, &rq->target);
        return 0;
    }
    int rc = lb_fire_target_hex(st, rq, tunit, &rq->target, &count, NULL);
    if (rc == LB_USAGE) {
        const lb_unit *u = lb_state_unit(st, tunit);
        char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 1)] = "";
        for (int k = 0; k < u->nhexes; k++) {
            strcat(hexes, k ? " " : "");
            strcat(hexes, lb_map_label(lb_state_map(st), u->hexes[k], label));
        }
        play_refuse(P, "%s stands in %s, and the fire may be made at %s of them: give the hex "
                    "(R-FIRE-22)", target, hexes, count ? "several" : "none");
        return -1;
    }
    if (rc != LB_OK) {
        play_refuse(P, "%s", lb_err_str(rc));
        return -1;
    }
    lb_map_label(lb_state_map(st), rq->target, label);
    return 0;
}

/* ---- commands ------------------------------------------------------------------------------ */

/* The hexes of u as "0810+0811". */
static const char *hexes_text(const lb_state *st, const lb_unit *u, char *buf, size_t n)
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
        const lb_unit *u = lb_state_unit(st, i);
        char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 1)];
        fprintf(P->out, "  %-14s %-18s %-9s %-9s", hexes_text(st, u, hexes, sizeof hexes), u->id,
                lb_state_side_name(st, u->side), lb_name(LB_NAME_ARM, u->arm));
        if (lb_unit_is_combat(u))
            fprintf(P->out, " %-10s %2d  %-10s %2d increments%s%s",
                    lb_name(LB_NAME_FORMATION, u->formation), u->facing,
                    lb_name(LB_NAME_MORALE_STATE, u->state), lb_unit_strength(u),
                    u->arm == LB_ARM_CAVALRY ? ", " : "",
                    u->arm == LB_ARM_CAVALRY ? lb_name(LB_NAME_READINESS, u->readiness) : "");
        fprintf(P->out, "\n");
    }
    play_print_status(P);
    return PLAY_OK;
}

/* The hexes where the unit may end its move, by cost, those where it must stop marked *. */
static void ends_text(play *P, const lb_state *st, const lb_move_choices *ch, int maxcost)
{
    char a[16];
    for (int cost = 1; cost <= maxcost; cost++) {
        int any = 0;
        for (int i = 1; i < ch->nreach; i++) {
            if (ch->reach[i].cost != cost || !ch->reach[i].end)
                continue;
            char label[LB_HEX_LABEL_MAX];
            if (!any)
                fprintf(P->out, "    %4s MP:", mp_text(cost, a, sizeof a));
            fprintf(P->out, " %s%s", lb_map_label(lb_state_map(st), ch->reach[i].hex, label),
                    ch->reach[i].stop ? "*" : "");
            any = 1;
        }
        if (any)
            fprintf(P->out, "\n");
    }
}

/* The hexes the unit may pass but not end in. */
static void passes_text(play *P, const lb_state *st, const lb_move_choices *ch)
{
    fprintf(P->out, "  may pass but not end in:");
    for (int i = 1; i < ch->nreach; i++) {
        char label[LB_HEX_LABEL_MAX];
        if (!ch->reach[i].end)
            fprintf(P->out, " %s", lb_map_label(lb_state_map(st), ch->reach[i].hex, label));
    }
    fprintf(P->out, "\n");
}

/* The map, the unit's hexes and those it may reach marked. */
static void reach_map(const lb_state *st, const lb_unit *u, const lb_move_choices *ch)
{
    int cells = lb_state_map(st)->cols * lb_state_map(st)->rows;
    unsigned char *marks = calloc((size_t)cells + 1, 1);
    if (!marks)
        return;
    for (int i = 1; i < ch->nreach; i++)
        marks[lb_map_cell(lb_state_map(st), ch->reach[i].hex)] =
            (unsigned char)(!ch->reach[i].end ? 4 : ch->reach[i].stop ? 3 : 2);
    for (int k = 0; k < u->nhexes; k++)
        marks[lb_map_cell(lb_state_map(st), u->hexes[k])] = 1;
    cli_map_print(st, marks, " @+*o", "@ the unit, + may end, * must stop there, o pass only");
    free(marks);
}

/* Where unit id may move in this Movement segment: its allowance, the hexes where it may end by
 * cost (those where it must stop marked *), those it may only pass, or why it may not move; on
 * the map too. */
static void unit_moves(play *P, const lb_unit *u)
{
    const lb_state *st = lb_game_state(P->g);
    lb_move_choices ch;
    char a[16], b[16], why[LB_MOVE_REASON_MAX];
    if (lb_move_options(st, u->id, &ch, NULL) != LB_OK)
        return;
    fprintf(P->out, "  movement: %s of %s MP left", mp_text(ch.allowance - ch.spent, a, sizeof a),
            mp_text(ch.allowance, b, sizeof b));
    if (!ch.may_step)
        fprintf(P->out, "; it may not move: %s [%s]", cli_said(&ch.why, why, sizeof why),
                ch.rule ? ch.rule : "");
    fprintf(P->out, "\n");
    int maxcost = 0, ends = 0, passes = 0;
    for (int i = 1; i < ch.nreach && ch.may_step; i++) {
        maxcost = ch.reach[i].cost > maxcost ? ch.reach[i].cost : maxcost;
        ends += ch.reach[i].end;
        passes += !ch.reach[i].end;
    }
    if (ends) {
        fprintf(P->out, "  may end its move in %d hex%s (`move %s HEX`; * it must stop there, "
                "in an enemy zone):\n", ends, ends == 1 ? "" : "es", u->id);
        ends_text(P, st, &ch, maxcost);
    }
    if (passes)
        passes_text(P, st, &ch);
    if (ends && P->out == stdout)
        reach_map(st, u, &ch);
    lb_move_choices_release(&ch);
}

int play_unit(play *P, int argc, char **argv)
{
    if (argc != 2)
        return play_refuse(P, "usage: unit ID");
    int i = play_unit_arg(P, argv[1]);
    if (i < 0)
        return PLAY_REFUSED;
    const lb_state *st = lb_game_state(P->g);
    const lb_unit *u = lb_state_unit(st, i);
    char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 1)];
    fprintf(P->out, "%s%s%s%s: %s %s of %s\n  hexes %s", u->id, u->name ? " (" : "",
            u->name ? u->name : "", u->name ? ")" : "", u->nation ? u->nation : "",
            lb_name(LB_NAME_ARM, u->arm), lb_state_side_name(st, u->side),
            hexes_text(st, u, hexes, sizeof hexes));
    if (lb_unit_is_combat(u))
        fprintf(P->out, ", facing %d\n  %s, %s, %s; %d of %d increments; fire %d, melee %d, "
                "movement %d, morale %d\n", u->facing, lb_name(LB_NAME_FORMATION, u->formation),
                lb_name(LB_NAME_MORALE_STATE, u->state), lb_name(LB_NAME_READINESS, u->readiness),
                lb_unit_strength(u), u->increments, u->fire, u->melee, u->movement, u->morale);
    else
        fprintf(P->out, "\n");
    for (int k = 0; k < u->nbonus; k++)
        fprintf(P->out, "  bonus %s %+d\n", u->bonus[k].key, u->bonus[k].value);
    const lb_decision *d = lb_game_pending(P->g);
    int moving = d && d->kind == LB_DECIDE_ACTION && lb_state_turn(st).segment == LB_SEG_MOVEMENT &&
                 u->side == lb_state_turn(st).phasing;
    if (moving)
        unit_moves(P, u);
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
    lb_hex from, to;
    lb_map_parse_label(lb_state_map(st), a, &from);
    lb_map_parse_label(lb_state_map(st), b, &to);
    int u = lb_state_unit_index(st, argv[1]);
    int top = u >= 0 ? u : lb_state_top_combat(st, from);
    lb_trace t;
    lb_trace_init(&t);
    lb_los_result r;
    if (lb_los_check(st, from, to, top >= 0 ? lb_state_unit(st, top)->side : -1, &r, &t) != LB_OK) {
        lb_trace_release(&t);
        return play_refuse(P, "out of memory");
    }
    fprintf(P->out, "%s %s %s\n", a, r.visible ? "sees" : "does not see", b);
    cli_trace_fprint(P->out, &t);
    lb_los_result_release(&r);
    lb_trace_release(&t);
    return PLAY_OK;
}

/* odds fire U1 U2 … TARGET */
static int odds_fire(play *P, char **names, int n, const char *target)
{
    const lb_state *st = lb_game_state(P->g);
    char label[LB_HEX_LABEL_MAX];
    int firers[16];
    lb_fire_request rq;
    if (n > 16)
        return play_refuse(P, "at most 16 firers");
    if (play_fire_args(P, names, n, target, &rq, firers, label))
        return PLAY_REFUSED;
    lb_fire_chance o;
    lb_trace t;
    lb_trace_init(&t);
    int rc = lb_fire_odds(st, &rq, &o, &t);
    const char *kind = lb_name(LB_NAME_FIRE_KIND, rq.kind);
    char who[PLAY_WHY_MAX] = "";
    size_t used = 0;
    for (int i = 0; i < n && used < sizeof who; i++)
        used += (size_t)snprintf(who + used, sizeof who - used, "%s%s",
                                 i == 0 ? "" : i == n - 1 ? " and " : ", ", names[i]);
    char said[LB_FIRE_REASON_MAX];
    if (rc == LB_OK && !o.allowed) {
        lb_said_fmt(&o.why, said, sizeof said);
        fprintf(P->out, "%s may not fire at %s (%s fire): %s [%s]\n", who, label, kind, said,
                o.rule);
    }
    if (rc == LB_OK && o.allowed) {
        char pb[32];
        lb_fire_group_breakdown(&o.fire, said, sizeof said);
        fprintf(P->out, "%s fire%s at %s (%s fire): %s; fire defence %d; odds %s\n", who,
                n > 1 ? "" : "s", label, kind, said, o.defence.value,
                o.column ? o.column->label : "none");
        /* R-FIRE-13: what the units lose; the hex's loss when they take less of it */
        for (int l = 0; l <= o.max_taken; l++)
            if (o.p_taken[l].num)
                fprintf(P->out, "  %d lost: %s (%.1f%%)\n", l,
                        lb_frac_fmt(o.p_taken[l], pb, sizeof pb),
                        100 * lb_frac_double(o.p_taken[l]));
        for (int l = 0; l <= o.max_loss; l++)
            if (o.p_loss[l].num && o.taken[l] != l)
                fprintf(P->out, "  (the fire table's %d lost: %s (%.1f%%), of which the units "
                        "take %d, R-FIRE-13)\n", l, lb_frac_fmt(o.p_loss[l], pb, sizeof pb),
                        100 * lb_frac_double(o.p_loss[l]), o.taken[l]);
    }
    cli_trace_fprint(P->out, &t);
    lb_trace_release(&t);
    lb_fire_chance_release(&o);
    return rc == LB_OK ? PLAY_OK : play_refuse(P, "%s", lb_err_str(rc));
}

/* Why the charge of req may not be made: the charge rules' refusal, or "". */
static void charge_refused(const lb_state *st, const lb_charge_req *req, char *why, size_t n)
{
    lb_charge *ch = NULL;
    lb_err err = {0};
    why[0] = '\0';
    if (lb_charge_new(st, req, &ch, &err) != LB_OK) {
        snprintf(why, n, "%s", err.msg);
        return;
    }
    lb_dice dice;
    lb_dice_init_seed(&dice, 1); /* a refusal comes before any roll */
    if (lb_charge_resolve(ch, &dice) == LB_OK && lb_charge_status_of(ch) == LB_CHARGE_REFUSED) {
        const lb_charge_result *r = lb_charge_result_of(ch);
        char reason[LB_CHARGE_TEXT_MAX];
        lb_said_fmt(&r->why, reason, sizeof reason);
        snprintf(why, n, "%s [%s]", reason, r->rule);
    }
    lb_charge_free(ch);
}

static int odds_charge(play *P, const char *unit, const char *path)
{
    const lb_state *st = lb_game_state(P->g);
    lb_charge_req req;
    memset(&req, 0, sizeof req);
    req.cavalry = unit;
    if (play_unit_arg(P, unit) < 0)
        return PLAY_REFUSED;
    int bad = 0;
    req.npath = lb_map_parse_labels(lb_state_map(st), path, req.path, LB_CHARGE_PATH_MAX, &bad);
    if (req.npath <= 0)
        return play_refuse(P, "the path's entry %d is not a hex of the map", bad + 1);
    lb_charge_outcomes o;
    int rc = lb_charge_odds(st, &req, &o);
    if (rc != LB_OK)
        return play_refuse(P, "%s: %s", lb_err_str(rc), o.error.msg);
    char why[PLAY_WHY_MAX];
    charge_refused(st, &req, why, sizeof why);
    if (why[0]) {
        fprintf(P->out, "%s may not charge along %s: %s\n", unit, path, why);
        lb_charge_outcomes_release(&o);
        return PLAY_OK;
    }
    fprintf(P->out, "%s charges along %s (automatic choices, R-CHG-25): %d outcome%s\n", unit,
            path, o.n, o.n == 1 ? "" : "s");
    for (int i = 0; i < o.n; i++) {
        char pb[48];
        fprintf(P->out, "  %-8s %5.1f%%  %s\n", lb_frac_fmt(o.outcomes[i].p, pb, sizeof pb),
                100 * lb_frac_double(o.outcomes[i].p), o.outcomes[i].summary);
    }
    if (!o.exact) {
        char stopped[LB_CHARGE_TEXT_MAX];
        lb_said_fmt(&o.stopped, stopped, sizeof stopped);
        fprintf(P->out, "  not exact: %s\n", stopped);
    }
    lb_charge_outcomes_release(&o);
    return PLAY_OK;
}

/* odds melee A1 A2 … TARGET: the assault as the game would declare it now (R-GAME-18). */
static int odds_melee(play *P, char **names, int n, const char *target)
{
    const lb_state *st = lb_game_state(P->g);
    char label[LB_HEX_LABEL_MAX];
    lb_hex at;
    if (play_hex_arg(P, target, label) || lb_map_parse_label(lb_state_map(st), label, &at) != LB_OK)
        return PLAY_REFUSED;
    lb_action assault;
    lb_action_init(&assault, LB_VERB_MELEE);
    lb_action_add_hex(&assault, at);
    for (int i = 0; i < n; i++) {
        if (play_unit_arg(P, names[i]) < 0)
            return PLAY_REFUSED;
        if (lb_action_add_unit(&assault, names[i]) != LB_OK)
            return play_refuse(P, "too many attackers: at most %d", LB_ACTION_UNITS_MAX);
    }
    lb_melee_chance *c = malloc(sizeof *c);
    if (!c)
        return play_refuse(P, "out of memory");
    int rc = lb_game_melee_odds(P->g, &assault, c, NULL);
    if (rc == LB_OK)
        lb_melee_chance_print(P->out, st, c);
    free(c);
    return rc == LB_OK ? PLAY_OK : play_refuse(P, "%s", lb_err_str(rc));
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
