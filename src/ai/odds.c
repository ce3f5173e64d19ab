/* The immediate value of a fire, melee or charge option, from the rules' exact odds, with the one-line reason that cites them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"
#include "frac_int.h"
#include "morale_int.h"
#include "fire_int.h"
#include "hex_int.h"

/* What a failed morale check costs a unit, as a share of its worth: good infantry and guns are
 * disordered and retreat (R-MOR-7), disordered units and good cavalry rout. */
static double check_cost(const lb_unit *u)
{
    if (u->state == LB_STATE_ROUTED)
        return 0.1;
    if (u->state == LB_STATE_DISORDERED || u->arm == LB_ARM_CAVALRY)
        return 0.5;
    return 0.3;
}

/* "disordered", "routs": what failing a check does to u (R-MOR-7). */
static const char *check_result(const lb_unit *u)
{
    return u->state == LB_STATE_GOOD && u->arm != LB_ARM_CAVALRY ? "is disordered" : "routs";
}

/* The objective in hex h, or -1. */
static int objective_at(const ai_ctx *c, const lb_state *st, lb_hex h)
{
    for (int k = 0; k < c->nobj; k++)
        if (lb_hex_eq(st->battle.victory.objectives[k].hex, h))
            return k;
    return -1;
}

/* The value of the fire whose exact odds are o, for side; why as lbi_ai_fire_value's. */
static double fire_value_of(ai_ctx *c, const lb_state *st, const lb_fire_chance *o, int side,
                            lb_hex target, char *why, size_t n)
{
    lb_frac expected = lb_frac_int(0);
    for (int l = 1; l <= o->max_loss; l++)
        expected = lb_frac_add(expected, lb_frac_mul(o->p_loss[l], lb_frac_int(l)));
    double v = 0;
    lb_frac worst_fail = lb_frac_int(0);
    int worst = -1;
    for (int k = 0; k < o->nunits; k++) {
        const lb_fire_target *t = &o->units[k];
        const lb_unit *u = &st->units[t->unit];
        if (u->side == side)
            continue;
        double lost = 0;
        for (int l = 1; l <= o->max_loss; l++)
            lost += lb_frac_double(o->p_loss[l]) * t->loss[l];
        double per = lb_unit_strength(u) > 0 ? lbi_ai_unit_worth(c, u) / lb_unit_strength(u) : 0;
        v += lost * (per > c->inc_worth ? per : c->inc_worth);
        if (t->p_check.num == 0)
            continue;
        lb_morale_chance m;
        if (lb_morale_odds(st, t->unit, NULL, 0, &m, NULL) != LB_OK)
            continue;
        /* the check is rolled apart from the fire: the two chances multiply exactly */
        lb_frac fail = lb_frac_mul(t->p_check, lb_frac_sub(lb_frac_int(1), m.p_pass));
        v += lb_frac_double(fail) * check_cost(u) * lbi_ai_unit_worth(c, u);
        if (lb_frac_cmp(fail, worst_fail) > 0) {
            worst_fail = fail;
            worst = t->unit;
        }
    }
    v += lb_frac_double(o->p_casualty) * 0.2 * c->leader_worth * (o->nleaders > 0);
    if (why) {
        char label[LB_HEX_LABEL_MAX], none[32], fail[32];
        lb_map_label(&st->map, target, label);
        int used = snprintf(why, n, "fires at %s: %s no loss, expected %.1f increments", label,
                            lb_frac_fmt(o->p_loss[0], none, sizeof none),
                            lb_frac_double(expected));
        if (worst >= 0 && used > 0 && (size_t)used < n)
            snprintf(why + used, n - (size_t)used, ", %s chance %s %s",
                     lb_frac_fmt(worst_fail, fail, sizeof fail), st->units[worst].id,
                     check_result(&st->units[worst]));
    }
    return v;
}

int lbi_ai_fire_group_value(ai_ctx *c, const lb_state *st, const int *firers, int nfirers,
                            lb_hex target, lb_fire_kind kind, double *value, char *why, size_t n)
{
    lb_fire_chance *o = c->fire;
    lb_fire_request rq = {.kind = kind, .target = target, .firers = firers, .nfirers = nfirers};
    *value = 0;
    int rc = lb_fire_odds(st, &rq, o, NULL);
    int allowed = rc == LB_OK && o->allowed;
    if (allowed)
        *value = fire_value_of(c, st, o, st->units[firers[0]].side, target, why, n);
    lb_fire_chance_release(o); /* the chance owns arrays: each call fills it anew */
    return rc == LB_NOMEM ? -1 : allowed;
}

int lbi_ai_fire_value(ai_ctx *c, const lb_state *st, int unit, lb_hex target,
                      lb_fire_kind kind, double *value, char *why, size_t n)
{
    return lbi_ai_fire_group_value(c, st, &unit, 1, target, kind, value, why, n);
}

/* A matrix cell or pre-melee result valued for the attackers, att and def the sides' worths. */
static double melee_result_value(const ai_ctx *c, const char *r, double att, double def,
                                 double take, double give)
{
    int a, d;
    char sa[4] = "", sd[4] = "";
    if (strcmp(r, "NE") == 0)
        return 0;
    if (strcmp(r, "AR") == 0)
        return -0.5 * att - give;
    if (strcmp(r, "AD") == 0)
        return -0.25 * att;
    if (strcmp(r, "ATTACKER_FAILS") == 0)
        return -0.25 * att - give;
    if (strcmp(r, "DR") == 0)
        return 0.5 * def + take;
    if (strcmp(r, "DD") == 0)
        return 0.25 * def;
    if (strcmp(r, "DS") == 0)
        return def + take;
    if (strcmp(r, "DEFENDER_FAILS") == 0)
        return 0.3 * def + take;
    /* a loss cell: "a/d", a star after the number of the side that checks */
    if (sscanf(r, "%d%3[*]/%d%3[*]", &a, sa, &d, sd) >= 3 ||
        sscanf(r, "%d/%d%3[*]", &a, &d, sd) >= 2)
        return (d - a) * c->inc_worth + (sd[0] ? 0.2 * def : 0) - (sa[0] ? 0.2 * att : 0);
    return 0;
}

/* R-AI-18: the objectives the attackers of m would give up by leaving their hexes (routed, or
 * failing their check, R-MOR-7): each one held by their side that no other unit of it stands in,
 * its swing (twice its points) x 0.8, as an attacker's advance takes one. */
static double attackers_guard(const ai_ctx *c, const lb_state *st, const lb_melee_chance *m)
{
    double give = 0;
    for (int k = 0; k < c->nobj; k++) {
        lb_hex h = st->battle.victory.objectives[k].hex;
        int guards = 0, attacking = 0;
        for (int i = 0; i < st->nunits; i++) {
            const lb_unit *u = &st->units[i];
            if (u->side != c->holder[k] || !lb_unit_is_combat(u) || u->nhexes == 0 ||
                !lb_hex_eq(u->hexes[0], h))
                continue;
            int att = 0;
            for (int a = 0; a < m->nunits; a++)
                att |= m->units[a].unit == i && m->units[a].side == LB_MELEE_ATTACKER;
            attacking |= att;
            guards += !att;
        }
        if (attacking && !guards)
            give += 2 * st->battle.victory.objectives[k].points * 0.8;
    }
    return give;
}

/* Does result r see the defender leave its hex (routed, surrendered, failed)? */
static int defender_leaves(const char *r)
{
    return strcmp(r, "DR") == 0 || strcmp(r, "DS") == 0 || strcmp(r, "DEFENDER_FAILS") == 0;
}

static int attacker_suffers(const char *r)
{
    return strcmp(r, "AR") == 0 || strcmp(r, "AD") == 0 || strcmp(r, "ATTACKER_FAILS") == 0;
}

double lbi_ai_melee_value(const ai_ctx *c, const lb_state *st, const lb_melee_chance *m, char *why,
                          size_t n)
{
    if (!m->allowed)
        return 0;
    double att = 0, def = 0;
    int side = -1;
    for (int i = 0; i < m->nunits; i++) {
        const lb_unit *u = &st->units[m->units[i].unit];
        if (m->units[i].side == LB_MELEE_ATTACKER) {
            att += lbi_ai_unit_worth(c, u);
            side = u->side;
        } else {
            def += lbi_ai_unit_worth(c, u);
        }
    }
    /* an attacker advances into the hex it emptied: an objective changes hands */
    double take = 0;
    int k = objective_at(c, st, m->target);
    if (k >= 0 && side >= 0 && c->holder[k] != side)
        take = st->battle.victory.objectives[k].points * (c->holder[k] < 0 ? 1.0 : 2.0) * 0.8;
    double give = attackers_guard(c, st, m);
    double v = 0;
    lb_frac leaves = lb_frac_int(0), suffers = lb_frac_int(0);
    for (int i = 0; i < m->noutcomes; i++) {
        const lb_melee_outcome *o = &m->outcomes[i];
        v += lb_frac_double(o->p) * melee_result_value(c, o->result, att, def, take, give);
        if (defender_leaves(o->result))
            leaves = lb_frac_add(leaves, o->p);
        if (attacker_suffers(o->result))
            suffers = lb_frac_add(suffers, o->p);
    }
    if (why) {
        char label[LB_HEX_LABEL_MAX], pl[32], ps[32], pm[32];
        snprintf(why, n, "melees %s at %s: %s the defender routs, surrenders or fails its check, "
                 "%s the attacker suffers; most likely %s (%s)",
                 lb_map_label(&st->map, m->target, label), m->column ? m->column->label : "?",
                 lb_frac_fmt(leaves, pl, sizeof pl), lb_frac_fmt(suffers, ps, sizeof ps),
                 m->noutcomes ? m->outcomes[0].result : "nothing",
                 m->noutcomes ? lb_frac_fmt(m->outcomes[0].p, pm, sizeof pm) : "1");
    }
    return v;
}

/* The unit of st named by the summary token after ':' (up to a space), or -1. */
static int unit_named(const lb_state *st, const char *s)
{
    char id[LB_SUBJECT_MAX];
    size_t len = strcspn(s, " ]");
    if (len >= sizeof id)
        return -1;
    memcpy(id, s, len);
    id[len] = '\0';
    return lb_state_unit_index(st, id);
}

/* One end of a charge as its summary is read: the cavalry, its worth, the target named so far,
 * whether it comes to a melee, whether a unit's rout was already valued (carre:PGD, stand:fail). */
typedef struct charge_end {
    const lb_unit *cav;
    double cw;
    int target, contact, routed;
} charge_end;

static int token_is(const char *t, size_t klen, const char *word)
{
    return klen == strlen(word) && strncmp(t, word, klen) == 0;
}

/* A carré token ("carre[UNIT]:RESULT", or "carre:RESULT" of the target) valued. */
static double carre_value(const ai_ctx *c, const lb_state *st, const charge_end *e,
                          const char *t, const char *colon, const char *val)
{
    const char *br = strchr(t, '[');
    int u = br && colon && br < colon ? unit_named(st, br + 1) : e->target;
    double w = u >= 0 ? lbi_ai_unit_worth(c, &st->units[u]) : 0;
    if (strncmp(val, "CARRE", 5) == 0)
        return -0.15 * e->cw;
    if (strncmp(val, "DD", 2) == 0)
        return 0.3 * w;
    if (strncmp(val, "PGD", 3) == 0)
        return 0.5 * w;
    return 0;
}

/* A unit surrendered or eliminated by the charge, or a leader captured (R-CHG-27): the enemy's
 * worth (a leader's, the points the score gives for him) and `points` more. */
static double taken_value(const ai_ctx *c, const lb_state *st, const charge_end *e,
                          const char *val, int points)
{
    int u = unit_named(st, val);
    if (u >= 0 && st->units[u].side != e->cav->side)
        return lbi_ai_unit_worth(c, &st->units[u]) + points;
    return 0;
}

/* "rout:DIE", the length of a charged unit's rout (premier-2017: R-CHG-6, R-CHG-22), not the
 * cavalry's: nothing more when the end already valued that rout (the carré's PGD, a failed
 * stand), else the skirmishers' rout, valued as a carré's PGD (half the target's worth). */
static double routed_value(const ai_ctx *c, const lb_state *st, charge_end *e)
{
    if (e->routed || e->target < 0)
        return 0;
    e->routed = 1;
    return 0.5 * lbi_ai_unit_worth(c, &st->units[e->target]);
}

/* One token of a charge's summary ("key:value", charge.h) valued for the cavalry's side. */
static double token_value(const ai_ctx *c, const lb_state *st, charge_end *e, const char *t)
{
    const char *colon = strchr(t, ':');
    size_t klen = colon ? (size_t)(colon - t) : strcspn(t, " ");
    const char *val = colon ? colon + 1 : "";
    if (token_is(t, klen, "target")) {
        e->target = unit_named(st, val);
        return 0;
    }
    if (strncmp(t, "carre", 5) == 0) {
        e->routed |= colon && strncmp(val, "PGD", 3) == 0;
        return carre_value(c, st, e, t, colon, val);
    }
    if (token_is(t, klen, "stand")) {
        e->routed |= strncmp(val, "fail", 4) == 0;
        return strncmp(val, "fail", 4) == 0 ? 0.3 * e->cw : -0.1 * e->cw;
    }
    if (token_is(t, klen, "trample"))
        return atoi(val) * c->inc_worth;
    if (token_is(t, klen, "surrender") || token_is(t, klen, "eliminated"))
        return taken_value(c, st, e, val, st->battle.victory.per_surrender);
    if (token_is(t, klen, "captured"))
        return taken_value(c, st, e, val, 0);
    if (token_is(t, klen, "recall"))
        return strncmp(val, "no", 2) == 0 ? -0.2 * e->cw : 0;
    if (token_is(t, klen, "melee")) {
        e->contact = 1;
        return 0;
    }
    if (token_is(t, klen, "guns"))
        return strncmp(val, "fail", 4) == 0 ? 0.3 * e->cw : 0;
    if (token_is(t, klen, "rout"))
        return routed_value(c, st, e);
    if (strncmp(t, "routed-in-place", 15) == 0)
        return -0.4 * e->cw; /* the cavalry's own rout (R-CHG-23) */
    return 0;
}

/* One end of a charge (its summary, charge.h) valued for the cavalry's side. */
static double charge_end_value(const ai_ctx *c, const lb_state *st, const lb_unit *cav,
                               const char *summary)
{
    double v = 0;
    charge_end e = {cav, lbi_ai_unit_worth(c, cav), -1, 0, 0};
    for (const char *t = summary; t && *t; t = strchr(t, ' '), t = t ? t + 1 : NULL)
        v += token_value(c, st, &e, t);
    /* a charge that must melee spends the cavalry's readiness (38.10) and meets the defence */
    return v - (e.contact ? 0.15 * e.cw : 0);
}

double lbi_ai_charge_value(const ai_ctx *c, const lb_state *st, int cavalry,
                           const lb_charge_outcomes *o, char *why, size_t n)
{
    const lb_unit *cav = &st->units[cavalry];
    double v = 0;
    for (int i = 0; i < o->n; i++)
        v += lb_frac_double(o->outcomes[i].p) *
             charge_end_value(c, st, cav, o->outcomes[i].summary);
    if (why && o->n) {
        char p[32];
        snprintf(why, n, "%d end%s, most likely \"%s\" (%s)", o->n, o->n == 1 ? "" : "s",
                 o->outcomes[0].summary, lb_frac_fmt(o->outcomes[0].p, p, sizeof p));
    }
    return v;
}
