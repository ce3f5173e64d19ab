/* The random player (R-GAME-15): a uniformly random kind of option of the pending decision, then a uniformly random option of that kind, with a random path, attackers or firers for a parameterised one. */
#include <stdio.h>
#include <string.h>

#include "game_int.h"
#include "state_int.h"
#include "decision_int.h"
#include "dice_int.h"
#include "action_int.h"
#include "hex_int.h"

#define PATH_MAX_HEXES 6

/* A random walk of 1..PATH_MAX_HEXES hexes from the unit's hex, never back on itself, added to
 * the hexes of a. */
static void random_path(const lb_state *st, const lb_unit *u, lb_pcg32 *rng, lb_action *a)
{
    lb_hex path[PATH_MAX_HEXES + 1];
    int len = 1 + (int)lb_pcg32_bounded(rng, PATH_MAX_HEXES), npath = 0;
    path[npath++] = u->hexes[0];
    while (npath <= len) {
        lb_hex next[LB_DIR_COUNT];
        int nnext = 0;
        for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
            lb_hex h = lb_hex_neighbor(path[npath - 1], dir);
            int seen = !lb_map_contains(&st->map, h);
            for (int k = 0; k < npath && !seen; k++)
                seen = lb_hex_eq(path[k], h);
            if (!seen)
                next[nnext++] = h;
        }
        if (!nnext)
            break;
        lb_hex h = next[lb_pcg32_bounded(rng, (uint32_t)nnext)];
        path[npath++] = h;
        lb_action_add_hex(a, h);
    }
}

/* Is option i an assault of one unit at the hex of a ("melee:HEX:UNIT")? */
static int melee_at(const lb_decision *d, int i, const lb_action *a)
{
    const lb_action *o = lb_decision_action(d, i);
    return o && !d->options[i].param && o->verb == LB_VERB_MELEE && o->nunits == 1 &&
           lb_hex_eq(o->hexes[0], a->hexes[0]);
}

/* Attackers for "melee:HEX" (a): each unit offered alone at that hex, with a chance of one half,
 * at least one of them. */
static void random_attackers(const lb_decision *d, lb_pcg32 *rng, lb_action *a)
{
    for (int round = 0; round < 2 && a->nunits == 0; round++)
        for (int i = 0; i < d->noptions; i++) {
            if (!melee_at(d, i, a))
                continue;
            if (round == 0 && lb_pcg32_bounded(rng, 2))
                continue;
            lb_action_add_unit(a, lb_action_unit(lb_decision_action(d, i), 0));
            if (round == 1)
                break;
        }
}

/* Is option i an enumerated fire of one unit ("fire:UNIT:HEX") at hex (NULL: any hex)? */
static int fire_at(const lb_decision *d, int i, const lb_hex *hex)
{
    const lb_action *o = lb_decision_action(d, i);
    return o && !d->options[i].param && o->verb == LB_VERB_FIRE && o->nunits == 1 &&
           (!hex || lb_hex_eq(o->hexes[0], *hex));
}

/* Firers and hex for "fire" (a): one of the enumerated fires at random, leading, then one other
 * unit offered at the same hex at random and each of the rest with a chance of one half (a fire
 * of one unit is an enumerated option already). */
static void random_firers(const lb_decision *d, lb_pcg32 *rng, lb_action *a)
{
    int count = 0, others = 0, lead = -1;
    for (int i = 0; i < d->noptions; i++)
        count += fire_at(d, i, NULL);
    if (!count)
        return;
    int pick = (int)lb_pcg32_bounded(rng, (uint32_t)count);
    for (int i = 0; i < d->noptions && lead < 0; i++)
        if (fire_at(d, i, NULL) && pick-- == 0)
            lead = i;
    const lb_action *first = lb_decision_action(d, lead);
    lb_hex hex = first->hexes[0];
    for (int i = 0; i < d->noptions; i++)
        others += i != lead && fire_at(d, i, &hex);
    int must = others ? (int)lb_pcg32_bounded(rng, (uint32_t)others) : -1;
    lb_action_add_unit(a, lb_action_unit(first, 0));
    for (int i = 0, k = 0; i < d->noptions; i++) {
        if (i == lead || !fire_at(d, i, &hex))
            continue;
        if (k++ != must && lb_pcg32_bounded(rng, 2))
            continue;
        lb_action_add_unit(a, lb_action_unit(lb_decision_action(d, i), 0));
    }
    lb_action_add_hex(a, hex);
}

/* The kind of an option: its key up to the first ':' ("move", "fire", "end", …). */
static size_t kind_len(const char *key)
{
    return strcspn(key, ":");
}

int lb_game_random_key(const lb_game *g, lb_pcg32 *rng, char *key, size_t n)
{
    const lb_decision *d = lb_game_pending(g);
    if (!d || d->noptions == 0)
        return LB_NOT_FOUND;
    /* R-GAME-15: a kind of option first, uniformly, then one option of that kind */
    int first[64], nkinds = 0;
    for (int i = 0; i < d->noptions && nkinds < 64; i++) {
        int seen = 0;
        for (int k = 0; k < nkinds && !seen; k++) {
            const char *a = d->options[first[k]].key, *b = d->options[i].key;
            seen = kind_len(a) == kind_len(b) && strncmp(a, b, kind_len(a)) == 0;
        }
        if (!seen)
            first[nkinds++] = i;
    }
    const char *kind = d->options[first[lb_pcg32_bounded(rng, (uint32_t)nkinds)]].key;
    size_t len = kind_len(kind);
    int count = 0;
    for (int i = 0; i < d->noptions; i++)
        count += kind_len(d->options[i].key) == len && strncmp(d->options[i].key, kind, len) == 0;
    int pick = (int)lb_pcg32_bounded(rng, (uint32_t)count);
    const lb_option *o = NULL;
    for (int i = 0; i < d->noptions && !o; i++)
        if (kind_len(d->options[i].key) == len && strncmp(d->options[i].key, kind, len) == 0 &&
            pick-- == 0)
            o = &d->options[i];
    const lb_action *family = lb_decision_action(d, (int)(o - d->options));
    if (!o->param || !family) {
        snprintf(key, n, "%s", o->key);
        return LB_OK;
    }
    /* the option's action with its parameter: attackers, firers and their hex, or a path */
    lb_action a = *family;
    if (a.verb == LB_VERB_MELEE) {
        random_attackers(d, rng, &a);
    } else if (a.verb == LB_VERB_FIRE) {
        random_firers(d, rng, &a);
    } else {
        int u = lb_state_unit_index(g->st, lb_action_unit(&a, 0));
        if (u >= 0)
            random_path(g->st, &g->st->units[u], rng, &a);
    }
    if (lb_action_fmt(g->st, &a, key, n) != LB_OK)
        snprintf(key, n, "%s", o->key);
    return LB_OK;
}
