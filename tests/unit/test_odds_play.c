/* Property test: the exact odds of a melee and of a charge are the distribution of what play does, over seeded random positions (R-MEL-23, R-CHG-25, R-DICE-4). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/lb.h"
#include "hex_int.h"
#include "melee_int.h"
#include "charge_int.h"

/*
 * For each position: the odds name every way the action can end with its exact probability;
 * then the action is played on seeded dice, every choice taking its automatic option (the odds'
 * own assumption). Every played end must be one the odds name with a probability above 0, and
 * each end's count must lie within 4 standard deviations of plays × p (the binomial's:
 * sqrt(plays p (1 - p))). Odds wrong by a few points fail: at 20,000 plays 4 standard
 * deviations of p = 1/2 are 1.4 points, at 2,000 plays 4.5.
 *
 * `make test` (under the sanitizers) plays 2,000 times each of 4 positions of each kind;
 * `make soak-odds` 20,000 times each of 50 (LB_ODDS_POSITIONS, LB_ODDS_PLAYS).
 */
#define PLAYS_DEFAULT 2000
#define POSITIONS_DEFAULT 4
#define ENDS_MAX 4096

/* A small deterministic generator for the positions (the dice are the library's own). */
typedef struct pick {
    uint64_t s;
} pick;

static unsigned pick_below(pick *p, unsigned n)
{
    p->s ^= p->s << 13;
    p->s ^= p->s >> 7;
    p->s ^= p->s << 17;
    return (unsigned)(p->s % n);
}

static const char *pick_of(pick *p, const char *const *list, unsigned n)
{
    return list[pick_below(p, n)];
}

/* The ends seen in play, by name, with their counts. */
typedef struct tally {
    char *name[ENDS_MAX];
    int count[ENDS_MAX];
    int n;
} tally;

static void tally_add(tally *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->name[i], name) == 0) {
            t->count[i]++;
            return;
        }
    assert_true(t->n < ENDS_MAX);
    t->name[t->n] = strdup(name);
    assert_non_null(t->name[t->n]);
    t->count[t->n++] = 1;
}

static void tally_free(tally *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->name[i]);
    free(t);
}

static int tally_of(const tally *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->name[i], name) == 0)
            return t->count[i];
    return 0;
}

/* Every played end is named by the odds (p > 0), and every end's count is within 4 sd; the ends
 * the odds expect fewer than RARE times are counted together (their counts and their
 * probabilities summed), where the normal approximation of the binomial holds. On a difference,
 * says which on stderr with the position's scenario and fails. */
#define RARE 25
static void agree(const char *position, const char *scenario, const tally *played,
                  const char *const *ends, const lb_frac *p, int nends, int plays)
{
    int wrong = 0;
    for (int i = 0; i < played->n; i++) {
        int named = 0;
        for (int k = 0; k < nends; k++)
            named |= strcmp(ends[k], played->name[i]) == 0 && p[k].num > 0;
        if (!named)
            wrong += fprintf(stderr, "%s: played end \"%s\" (%d times) is not in the odds\n",
                             position, played->name[i], played->count[i]) > 0;
    }
    double rare_q = 0;
    int rare_seen = 0;
    for (int k = 0; k <= nends; k++) {
        double q = k < nends ? (double)p[k].num / (double)p[k].den : rare_q;
        int seen = k < nends ? tally_of(played, ends[k]) : rare_seen;
        if (k < nends && plays * q < RARE) {
            rare_q += q;
            rare_seen += seen;
            continue;
        }
        double expected = plays * q, sd = sqrt(plays * q * (1 - q));
        if (fabs(seen - expected) > 4 * sd + 1e-9)
            wrong += fprintf(stderr, "%s: end \"%s\" has odds %.6f (%.1f expected of %d) but was "
                             "played %d times\n", position, k < nends ? ends[k] : "(rarer ends)",
                             q, expected, plays, seen) > 0;
    }
    if (wrong)
        fail_msg("%s: odds and play differ (%d ends) on %s", position, wrong, scenario);
}

static lb_state *load_text(const char *text)
{
    int nmods;
    const lb_module *mods = lb_data_modules(&nmods);
    lb_load_opts opts = {.modules = mods, .nmodules = nmods};
    lb_state *st = NULL;
    lb_errlist errs = {0};
    int rc = lb_scenario_load("position.json", text, strlen(text), &opts, &st, &errs);
    for (int i = 0; i < errs.count; i++) {
        char buf[1024];
        lb_err_fmt(&errs.items[i], buf, sizeof buf);
        fprintf(stderr, "%s\n%s\n", buf, text);
    }
    lb_errlist_release(&errs);
    assert_int_equal(rc, LB_OK);
    return st;
}

/* ---- positions ---------------------------------------------------------------------------- */

static const char *const MORALE[] = {"33", "34", "43", "44", "45", "54", "55"};

/* Appends one unit's JSON to buf. */
static void unit_json(char *buf, size_t n, const char *id, int french, int cavalry,
                      const char *state, int increments, int melee, const char *morale,
                      const char *hex, int facing)
{
    size_t len = strlen(buf);
    snprintf(buf + len, n - len,
             "%s{\"id\": \"%s\", \"side\": \"%s\", \"arm\": \"%s\", \"nation\": \"%s\","
             " \"class\": \"%s\", \"increments\": %d, \"fire\": %d, \"melee\": %d,"
             " \"movement\": %d, \"morale\": \"%s\", \"formation\": \"column\","
             " \"state\": \"%s\", \"hexes\": [\"%s\"], \"facing\": %d}",
             len > 1 ? ", " : "", id, french ? "french" : "austrian",
             cavalry ? "cavalry" : "infantry", french ? "french" : "austrian",
             cavalry ? (french ? "dragoon" : "dragoner") : (french ? "ligne" : "linie"),
             increments, cavalry ? 0 : increments, melee, cavalry ? 9 : 5, morale, state, hex,
             facing);
}

/* The Wagram scenario on a 10x10 clear map with the units (a JSON array), into out. */
static void scenario_text(const char *units, char *out, size_t n)
{
    char rows[200] = "";
    for (int r = 0; r < 10; r++)
        strcat(rows, r ? ", \"..........\"" : "\"..........\"");
    int len = snprintf(out, n,
                       "{\"format\": \"labataille-scenario/1\", \"game\": \"deutsch-wagram-1809\","
                       " \"sides\": [\"french\", \"austrian\"], \"map\": {\"columns\": 10,"
                       " \"rows\": 10, \"terrain\": [%s], \"legend\": {\".\": \"clear\"}},"
                       " \"units\": %s}", rows, units);
    assert_true(len > 0 && (size_t)len < n);
}

/* A Wagram scenario on a 10x10 clear map: the Austrian defenders in 0505, one to three French
 * attackers on its neighbours facing it, states, strengths and morale drawn by p; sometimes a
 * leader with a melee bonus on either side. Attackers are in good order or disordered;
 * defenders in any state their arm may have (infantry good, disordered or routed; cavalry good
 * or routed, R-SCN-6). */
static lb_state *melee_position(pick *p, lb_melee_req *req, char ids[][16], char *what,
                                size_t nwhat)
{
    static const char *const INF_STATES[] = {"good", "disordered", "routed"};
    static const char *const CAV_STATES[] = {"good", "routed"};
    char units[4096] = "[";
    lb_hex target = {5, 5};
    int ndef = 1 + (int)pick_below(p, 2), natt = 1 + (int)pick_below(p, 3);
    int cav_def = pick_below(p, 4) == 0;
    int facing = 2 * (1 + (int)pick_below(p, 6));
    for (int d = 0; d < ndef; d++) {
        const char *state = cav_def ? pick_of(p, CAV_STATES, 2) : pick_of(p, INF_STATES, 3);
        char id[16];
        snprintf(id, sizeof id, "au-%d", d + 1);
        unit_json(units, sizeof units, id, 0, cav_def, state, 2 + (int)pick_below(p, 7),
                  6 + 2 * (int)pick_below(p, 10), pick_of(p, MORALE, 7), "0505", facing);
    }
    unsigned used = 0;
    req->target = target;
    req->nattackers = natt;
    req->automatic = 1;
    for (int a = 0; a < natt; a++) {
        int dir;
        do
            dir = (int)pick_below(p, 6);
        while (used & (1u << dir));
        used |= 1u << dir;
        lb_hex at = lb_hex_neighbor(target, dir);
        char label[8];
        snprintf(label, sizeof label, "%02d%02d", at.col, at.row);
        int cav = pick_below(p, 3) == 0;
        snprintf(ids[a], 16, "fr-%d", a + 1);
        unit_json(units, sizeof units, ids[a], 1, cav,
                  cav || pick_below(p, 3) ? "good" : "disordered",
                  2 + (int)pick_below(p, 7), 6 + 2 * (int)pick_below(p, 10),
                  pick_of(p, MORALE, 7), label, lb_hex_dir_clock(lb_hex_dir_opposite(dir)));
        req->attackers[a].id = ids[a];
    }
    if (pick_below(p, 3) == 0) {
        size_t len = strlen(units);
        snprintf(units + len, sizeof units - len,
                 ", {\"id\": \"au-ldr\", \"side\": \"austrian\", \"arm\": \"leader\","
                 " \"bonus\": {\"morale\": 1, \"melee\": %d}, \"hexes\": [\"0505\"]}",
                 1 + (int)pick_below(p, 2));
    }
    strcat(units, "]");
    scenario_text(units, what, nwhat);
    return load_text(what);
}

/* ---- melee -------------------------------------------------------------------------------- */

/* The end of one melee as the odds name it (R-MEL-23): DEFENDER_FAILS, ATTACKER_FAILS or the
 * matrix cell; "" when no melee was made at all. */
static void melee_end(const lb_melee_result *r, char *out, size_t n)
{
    if (strstr(r->summary, "DEFENDER_FAILS"))
        snprintf(out, n, "DEFENDER_FAILS");
    else if (strstr(r->summary, "ATTACKER_FAILS"))
        snprintf(out, n, "ATTACKER_FAILS");
    else
        snprintf(out, n, "%s", r->fought ? r->cell : "");
}

static void melee_agrees(uint64_t seed, int plays)
{
    pick p = {seed};
    lb_melee_req req = {0};
    char ids[LB_MELEE_ATTACKERS_MAX][16];
    char *what = malloc(8192);
    assert_non_null(what);
    lb_state *st = melee_position(&p, &req, ids, what, 8192);
    lb_melee_chance *c = calloc(1, sizeof *c);
    assert_non_null(c);
    assert_int_equal(lb_melee_odds(st, &req, c, NULL), LB_OK);
    if (!c->allowed) { /* a position the rules refuse is no melee to compare */
        free(c);
        free(what);
        lb_state_free(st);
        return;
    }
    tally *played = calloc(1, sizeof *played);
    assert_non_null(played);
    lb_dice dice;
    lb_dice_init_seed(&dice, seed * 7919 + 1);
    for (int k = 0; k < plays; k++) {
        lb_melee *m;
        assert_int_equal(lb_melee_new(st, &req, &m), LB_OK);
        assert_int_equal(lb_melee_resolve(m, &dice), LB_OK);
        assert_int_equal(lb_melee_status_of(m), LB_MELEE_DONE);
        char end[48];
        melee_end(lb_melee_result_of(m), end, sizeof end);
        tally_add(played, end);
        lb_melee_free(m);
    }
    const char *ends[LB_MELEE_OUTCOMES_MAX];
    lb_frac probs[LB_MELEE_OUTCOMES_MAX];
    for (int k = 0; k < c->noutcomes; k++) {
        ends[k] = c->outcomes[k].result;
        probs[k] = c->outcomes[k].p;
    }
    char position[80];
    snprintf(position, sizeof position, "melee position %llu", (unsigned long long)seed);
    agree(position, what, played, ends, probs, c->noutcomes, plays);
    tally_free(played);
    free(c);
    free(what);
    lb_state_free(st);
}

/* A positive count from the environment, or fallback. */
static int count_from_env(const char *name, int fallback)
{
    const char *v = getenv(name);
    int n = v ? atoi(v) : 0;
    return n > 0 ? n : fallback;
}

/* Random melees: one or two defenders in any state, one to three attackers from any side. */
static void test_odds_play__melee(void **unused)
{
    (void)unused;
    int positions = count_from_env("LB_ODDS_POSITIONS", POSITIONS_DEFAULT);
    int plays = count_from_env("LB_ODDS_PLAYS", PLAYS_DEFAULT);
    for (int seed = 1; seed <= positions; seed++)
        melee_agrees((uint64_t)seed, plays);
}

/* ---- charge ------------------------------------------------------------------------------- */

/* A French cavalry regiment in 0501 facing south, charging straight down the column towards
 * 0505, where one or two Austrian units stand in any state, formation and strength drawn by p;
 * sometimes a leader with them. The path ends next to the first defender (0504) or in its hex
 * when the defenders might give way. */
static lb_state *charge_position(pick *p, lb_charge_req *req, char *what, size_t nwhat)
{
    static const char *const CAV[] = {"dragoon", "cuirassier", "hussar", "chasseur"};
    static const char *const INF_STATES[] = {"good", "disordered", "routed"};
    static const char *const FORMS[] = {"column", "line", "general"};
    char units[4096];
    snprintf(units, sizeof units,
             "[{\"id\": \"fr-cav\", \"side\": \"french\", \"arm\": \"cavalry\","
             " \"nation\": \"french\", \"class\": \"%s\", \"increments\": %d, \"fire\": 0,"
             " \"melee\": %d, \"movement\": %d, \"morale\": \"%s\", \"formation\": \"column\","
             " \"state\": \"good\", \"hexes\": [\"0501\"], \"facing\": 6}",
             pick_of(p, CAV, 4), 3 + (int)pick_below(p, 6), 12 + 2 * (int)pick_below(p, 10),
             8 + (int)pick_below(p, 4), pick_of(p, MORALE, 7));
    int ndef = 1 + (int)pick_below(p, 2);
    for (int d = 0; d < ndef; d++) {
        const char *form = pick_of(p, FORMS, 3);
        size_t len = strlen(units);
        snprintf(units + len, sizeof units - len,
                 ", {\"id\": \"au-%d\", \"side\": \"austrian\", \"arm\": \"infantry\","
                 " \"nation\": \"austrian\", \"class\": \"linie\", \"increments\": %d,"
                 " \"fire\": 4, \"melee\": %d, \"movement\": 5, \"morale\": \"%s\","
                 " \"formation\": \"%s\", \"state\": \"%s\", \"hexes\": [\"0505\"],"
                 " \"facing\": %d}",
                 d + 1, 2 + (int)pick_below(p, 5), 6 + 2 * (int)pick_below(p, 8),
                 pick_of(p, MORALE, 7), form, pick_of(p, INF_STATES, 3),
                 strcmp(form, "line") == 0 ? 1 : 12);
    }
    if (pick_below(p, 3) == 0)
        strcat(units, ", {\"id\": \"au-ldr\", \"side\": \"austrian\", \"arm\": \"leader\","
                      " \"bonus\": {\"morale\": 1, \"melee\": 1}, \"hexes\": [\"0505\"]}");
    strcat(units, "]");
    scenario_text(units, what, nwhat);
    lb_state *st = load_text(what);
    req->cavalry = "fr-cav";
    req->automatic = 1;
    req->npath = 3;
    for (int k = 0; k < req->npath; k++)
        req->path[k] = (lb_hex){5, 2 + k};
    return st;
}

static void charge_agrees(uint64_t seed, int plays)
{
    pick p = {seed * 1000003};
    lb_charge_req req = {0};
    lb_standing standing[2] = {{LB_DECIDE_TARGET, "au-1", "target"},
                               {LB_DECIDE_TARGET, NULL, "not-target"}};
    req.standing = standing;
    req.nstanding = 2;
    char *what = malloc(8192);
    assert_non_null(what);
    lb_state *st = charge_position(&p, &req, what, 8192);
    lb_charge_outcomes odds;
    assert_int_equal(lb_charge_odds(st, &req, &odds), LB_OK);
    assert_true(odds.exact);
    tally *played = calloc(1, sizeof *played);
    assert_non_null(played);
    lb_dice dice;
    lb_dice_init_seed(&dice, seed * 104729 + 3);
    for (int k = 0; k < plays; k++) {
        lb_charge *ch;
        assert_int_equal(lb_charge_new(st, &req, &ch, NULL), LB_OK);
        assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
        lb_charge_status status = lb_charge_status_of(ch);
        assert_int_not_equal(status, LB_CHARGE_DECIDE);
        tally_add(played, status == LB_CHARGE_REFUSED ? "refused" : lb_charge_result_of(ch)->summary);
        lb_charge_free(ch);
    }
    const char **ends = calloc((size_t)odds.n + 1, sizeof *ends);
    lb_frac *probs = calloc((size_t)odds.n + 1, sizeof *probs);
    assert_true(ends && probs);
    for (int k = 0; k < odds.n; k++) {
        ends[k] = odds.outcomes[k].summary;
        probs[k] = odds.outcomes[k].p;
    }
    char position[80];
    snprintf(position, sizeof position, "charge position %llu", (unsigned long long)seed);
    agree(position, what, played, ends, probs, odds.n, plays);
    free(ends);
    free(probs);
    lb_charge_outcomes_release(&odds);
    tally_free(played);
    free(what);
    lb_state_free(st);
}

/* Random charges: a cavalry regiment down a column at one or two infantry units. */
static void test_odds_play__charge(void **unused)
{
    (void)unused;
    int positions = count_from_env("LB_ODDS_POSITIONS", POSITIONS_DEFAULT);
    int plays = count_from_env("LB_ODDS_PLAYS", PLAYS_DEFAULT);
    for (int seed = 1; seed <= positions; seed++)
        charge_agrees((uint64_t)seed, plays);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_odds_play__melee),
        cmocka_unit_test(test_odds_play__charge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
