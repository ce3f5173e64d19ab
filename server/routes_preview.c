/* GET /api/g/TOKEN/preview/KIND: read-only rule answers on the game's state now, the same JSON as the command line's --json (api.md). */
#include <stdlib.h>
#include <string.h>

#include "lb/ask.h"
#include "server_int.h"

#define PREVIEW_PATH_MAX 64
#define PREVIEW_FIRERS_MAX 16 /* units firing together in one fire preview */

typedef struct preview {
    game_request *r;
    const lb_state *st;
    lb_http_response *rs;
} preview;

/* The parameters a kind takes: the others are refused, the first `required` must be given. */
static int params(preview *p, const char *const *known, int required)
{
    const char *bad = query_unknown(p->r->q, known);
    if (bad) {
        reply_error(p->rs, 400, "bad-query", bad, "unknown parameter \"%s\"", bad);
        return -1;
    }
    for (int i = 0; i < required; i++)
        if (!query_get(p->r->q, known[i])) {
            reply_error(p->rs, 400, "bad-query", known[i], "the parameter \"%s\" is required",
                        known[i]);
            return -1;
        }
    return 0;
}

/* Parameter name as a hex label or a unit id; -1 with the error answered. */
static int hex_param(preview *p, const char *name, lb_hex *hex, int *unit)
{
    const char *v = query_get(p->r->q, name);
    if (lb_answer_hex_or_unit(p->st, v, hex, unit) == 0)
        return 0;
    int cols, rows;
    lb_map_size(lb_state_map(p->st), &cols, &rows);
    reply_error(p->rs, 400, "bad-query", name, "expected a hex label of the %dx%d map or a unit "
                "id, found \"%.64s\"", cols, rows, v);
    return -1;
}

/* Parameter name as a unit id (a combat unit when combat); -1 with the error answered. */
static int unit_param(preview *p, const char *name, int combat)
{
    const char *v = query_get(p->r->q, name);
    int u = lb_state_unit_index(p->st, v);
    lb_unit_info info;
    if (u >= 0 && lb_state_unit_info(p->st, u, &info) == LB_OK && (!combat || info.combat))
        return u;
    reply_error(p->rs, 400, "bad-query", name, u < 0 ? "no unit \"%.64s\" on the map"
                : "\"%.64s\" is a leader: only combat units do this", v);
    return -1;
}

/* Parameter name as hex labels H1,H2,…; the count, or -1 with the error answered. */
static int path_param(preview *p, const char *name, lb_hex *hexes, int max)
{
    int bad = 0,
        n = lb_map_parse_labels(lb_state_map(p->st), query_get(p->r->q, name), hexes, max, &bad);
    if (n > 0)
        return n;
    int cols, rows;
    lb_map_size(lb_state_map(p->st), &cols, &rows);
    reply_error(p->rs, 400, "bad-query", name,
                "expected hex labels of the %dx%d map separated "
                "by commas, at most %d (entry %d is not one)",
                cols, rows, max, bad + 1);
    return -1;
}

static void nomem(preview *p)
{
    reply_error(p->rs, 500, "server-fault", NULL, "out of memory");
}

/* Replies with the answer to q on the state now, as JSON, or with nomem's error. */
static void ask_reply(preview *p, const lb_question *q)
{
    lb_answer *a;
    char *text;
    if (lb_ask(p->st, q, &a, NULL) != LB_OK || lb_answer_json(a, &text) != LB_OK)
        nomem(p);
    else
        reply_text(p->rs, 200, text);
    lb_answer_free(a);
}

/* los?from=&to= (labataille los) */
static void los(preview *p)
{
    static const char *const known[] = {"from", "to", NULL};
    lb_hex from, to;
    int uf, ut;
    if (params(p, known, 2) || hex_param(p, "from", &from, &uf) || hex_param(p, "to", &to, &ut))
        return;
    lb_question q = {.kind = LB_ASK_LOS, .unit = uf, .from = from, .to = to};
    ask_reply(p, &q);
}

/* visible?from= (labataille visible) */
static void visible(preview *p)
{
    static const char *const known[] = {"from", NULL};
    lb_hex from;
    int unit;
    if (params(p, known, 1) || hex_param(p, "from", &from, &unit))
        return;
    lb_question q = {.kind = LB_ASK_VISIBLE, .unit = unit, .from = from};
    ask_reply(p, &q);
}

/* Parameter name as unit ids U1,U2,… (at most max) after the unit first; how many in all, or -1
 * with the error answered. */
static int units_param(preview *p, const char *name, int first, int *units, int max)
{
    char list[LB_SERVER_QUERY_MAX + 1];
    const char *v = query_get(p->r->q, name);
    int n = 0;
    units[n++] = first;
    snprintf(list, sizeof list, "%s", v ? v : "");
    char *save = NULL;
    for (char *id = strtok_r(list, ",", &save); id; id = strtok_r(NULL, ",", &save)) {
        if (n == max) {
            reply_error(p->rs, 400, "bad-query", name, "at most %d units fire together", max);
            return -1;
        }
        if ((units[n++] = lb_state_unit_index(p->st, id)) < 0) {
            reply_error(p->rs, 400, "bad-query", name, "no unit \"%.64s\" on the map", id);
            return -1;
        }
    }
    return n;
}

/* fire?unit=&target=[&with=U2,U3,…][&kind=] (labataille fire UNIT TARGET --with … --kind K, the
 * odds): the kind the game would make now unless kind names one (R-FIRE-19); a unit as the
 * target stands for the one of its hexes the fire may be made at (R-FIRE-22) */
static void fire(preview *p)
{
    static const char *const known[] = {"unit", "target", "with", "kind", NULL};
    lb_hex target;
    int unit, tunit, firers[PREVIEW_FIRERS_MAX], n;
    if (params(p, known, 2) || (unit = unit_param(p, "unit", 0)) < 0 ||
        hex_param(p, "target", &target, &tunit) ||
        (n = units_param(p, "with", unit, firers, PREVIEW_FIRERS_MAX)) < 0)
        return;
    const char *kind_text = query_get(p->r->q, "kind");
    int kind = kind_text ? lb_name_parse(LB_NAME_FIRE_KIND, kind_text) : -1;
    if (kind_text && kind < 0) {
        reply_error(p->rs, 400, "bad-query", "kind",
                    "expected offensive, defensive or opportunity");
        return;
    }
    lb_question q = {.kind = LB_ASK_FIRE, .units = firers, .nunits = n, .to = target,
                     .to_unit = tunit, .fire_kind = kind}; /* -1: the game's (R-FIRE-19) */
    lb_answer *a;
    lb_err err;
    char *text;
    int rc = lb_game_ask(p->r->sl->g, &q, &a, &err);
    if (rc == LB_OK && lb_answer_json(a, &text) == LB_OK)
        reply_text(p->rs, 200, text);
    else if (rc == LB_USAGE) /* R-FIRE-22: the player names the hex */
        reply_error(p->rs, 400, "bad-query", "target", "%s", err.msg);
    else if (rc == LB_OK || rc == LB_NOMEM)
        nomem(p);
    else
        reply_error(p->rs, 422, "rules-refused", NULL, "%s", lb_err_str(rc));
    lb_answer_free(a);
}

/* move?unit=[&path=] (labataille move: every hex in reach, and a path checked step by step) */
static void move(preview *p)
{
    static const char *const known[] = {"unit", "path", NULL};
    int unit;
    if (params(p, known, 1) || (unit = unit_param(p, "unit", 0)) < 0)
        return;
    lb_move_action plan[PREVIEW_PATH_MAX];
    int n = 0;
    if (query_get(p->r->q, "path")) {
        lb_unit_info info;
        lb_state_unit_info(p->st, unit, &info);
        lb_hex hexes[PREVIEW_PATH_MAX], at = info.hexes[0];
        if ((n = path_param(p, "path", hexes, PREVIEW_PATH_MAX)) < 0)
            return;
        for (int i = 0; i < n; i++) {
            /* a hex not next to the one before is the rules' to refuse (R-MOV-1) */
            plan[i] = (lb_move_action){.kind = LB_ACT_STEP, .dir = lb_hex_dir_to(at, hexes[i])};
            at = hexes[i];
        }
    }
    lb_question q = {.kind = LB_ASK_MOVE, .unit = unit, .actions = plan, .nactions = n};
    ask_reply(p, &q);
}

/* retreat?unit=&kind= (labataille retreat) */
static void retreat(preview *p)
{
    static const char *const known[] = {"unit", "kind", NULL};
    int unit;
    if (params(p, known, 2) || (unit = unit_param(p, "unit", 1)) < 0)
        return;
    int kind = lb_name_parse(LB_NAME_RETREAT_KIND, query_get(p->r->q, "kind"));
    if (kind < 0) {
        reply_error(p->rs, 400, "bad-query", "kind", "expected disorder, rout or flight");
        return;
    }
    lb_question q = {.kind = LB_ASK_RETREAT, .unit = unit, .retreat_kind = kind};
    ask_reply(p, &q);
}

/* charge?unit=&path=[&target=&response=] (labataille charge --auto --odds: the decisions not
 * given take their automatic choice, R-CHG-25; the run shown is one draw of seed 1) */
static void charge(preview *p)
{
    static const char *const known[] = {"unit", "path", "target", "response", NULL};
    lb_hex path[LB_ASK_CHARGE_PATH_MAX];
    lb_question q = {.kind = LB_ASK_CHARGE, .path = path, .odds = 2, .seed = 1};
    if (params(p, known, 2) || (q.unit = unit_param(p, "unit", 1)) < 0 ||
        (q.npath = path_param(p, "path", path, LB_ASK_CHARGE_PATH_MAX)) < 0)
        return;
    const char *target = query_get(p->r->q, "target");
    q.response = query_get(p->r->q, "response");
    q.to_unit = target ? lb_state_unit_index(p->st, target) : -1;
    if (target && q.to_unit < 0) {
        reply_error(p->rs, 400, "bad-query", "target", "no unit \"%.64s\" on the map", target);
        return;
    }
    if (q.response && strcmp(q.response, "stand") != 0 && strcmp(q.response, "carre") != 0) {
        reply_error(p->rs, 400, "bad-query", "response", "expected stand or carre");
        return;
    }
    lb_dice dice;
    lb_dice_init_seed(&dice, 1);
    q.dice = &dice;
    lb_answer *a;
    lb_err err;
    char *text = NULL;
    int rc = lb_ask(p->st, &q, &a, &err);
    if (rc == LB_OK)
        rc = lb_answer_json(a, &text);
    if (rc == LB_OK)
        reply_text(p->rs, 200, text);
    else if (rc == LB_NOMEM)
        nomem(p);
    else
        reply_error(p->rs, 422, "rules-refused", NULL, "%s", err.msg);
    lb_answer_free(a);
}

/* melee?attackers=U1,U2,…&target= (labataille melee: values, pre-melee checks, exact odds), the
 * attackers with what this turn left them, as the game would assault (R-MEL-2, R-MEL-25) */
static void melee(preview *p)
{
    static const char *const known[] = {"attackers", "target", NULL};
    lb_hex target;
    int tunit;
    if (params(p, known, 2) || hex_param(p, "target", &target, &tunit))
        return;
    char list[LB_SERVER_QUERY_MAX + 1];
    int attackers[LB_MELEE_ATTACKERS_MAX], n = 0;
    snprintf(list, sizeof list, "%s", query_get(p->r->q, "attackers"));
    for (char *id = strtok(list, ","); id; id = strtok(NULL, ",")) {
        if (n == LB_MELEE_ATTACKERS_MAX) {
            reply_error(p->rs, 400, "bad-query", "attackers", "at most %d attackers",
                        LB_MELEE_ATTACKERS_MAX);
            return;
        }
        if ((attackers[n++] = lb_state_unit_index(p->st, id)) < 0) {
            reply_error(p->rs, 400, "bad-query", "attackers", "no unit \"%.64s\" on the map", id);
            return;
        }
    }
    if (!n) {
        reply_error(p->rs, 400, "bad-query", "attackers", "expected unit ids separated by commas");
        return;
    }
    /* the attackers with what this turn left them (R-MEL-2, R-MEL-25) */
    lb_question q = {.kind = LB_ASK_MELEE, .units = attackers, .nunits = n, .to = target};
    lb_answer *a;
    lb_err err;
    char *text;
    int rc = lb_game_ask(p->r->sl->g, &q, &a, &err);
    if (rc == LB_OK && lb_answer_json(a, &text) == LB_OK)
        reply_text(p->rs, 200, text);
    else if (rc == LB_INVALID)
        reply_error(p->rs, 422, "rules-refused", NULL, "%s (R-MEL-23)", err.msg);
    else
        nomem(p);
    lb_answer_free(a);
}

void route_preview(game_request *r, const char *kind, lb_http_response *rs)
{
    static const struct {
        const char *name;
        void (*run)(preview *p);
    } kinds[] = {{"los", los},   {"visible", visible}, {"fire", fire},
                 {"move", move}, {"retreat", retreat}, {"charge", charge},
                 {"melee", melee}};
    preview p = {r, lb_game_state(r->sl->g), rs};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (strcmp(kind, kinds[i].name) == 0) {
            kinds[i].run(&p);
            return;
        }
    reply_error(rs, 404, "not-found", NULL, "no preview \"%.64s\" (los, visible, fire, move, "
                "retreat, charge, melee)", kind);
}
