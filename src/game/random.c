/* The random player (R-GAME-15): a uniformly random kind of option of the pending decision, then a uniformly random option of that kind, with a random path, attackers or firers for a parameterised one. */
#include <stdio.h>
#include <string.h>

#include "game_int.h"

#define PATH_MAX_HEXES 6

/* A random walk of 1..PATH_MAX_HEXES hexes from the unit's hex, never back on itself. */
static void random_path(const lb_state *st, const lb_unit *u, lb_pcg32 *rng, char *out, size_t n)
{
    lb_hex path[PATH_MAX_HEXES + 1];
    int len = 1 + (int)lb_pcg32_bounded(rng, PATH_MAX_HEXES), npath = 0;
    path[npath++] = u->hexes[0];
    size_t used = 0;
    out[0] = '\0';
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
        char label[LB_HEX_LABEL_MAX];
        used += (size_t)snprintf(out + used, used < n ? n - used : 0, "%s%s", npath > 2 ? "," : "",
                                 lb_map_label(&st->map, h, label));
    }
}

/* Attackers for "melee:HEX": each unit offered alone at that hex, with a chance of one half,
 * at least one of them. */
static void random_attackers(const lb_decision *d, const char *prefix, lb_pcg32 *rng, char *out,
                             size_t n)
{
    size_t len = strlen(prefix), used = 0;
    out[0] = '\0';
    for (int round = 0; round < 2 && used == 0; round++)
        for (int i = 0; i < d->noptions; i++) {
            const char *k = d->options[i].key;
            if (d->options[i].param || strncmp(k, prefix, len) != 0 || k[len] != ':')
                continue;
            if (round == 0 && lb_pcg32_bounded(rng, 2))
                continue;
            used += (size_t)snprintf(out + used, used < n ? n - used : 0, "%s%s",
                                     used ? "+" : "", k + len + 1);
            if (round == 1)
                break;
        }
}

/* Is option i an enumerated fire "fire:UNIT:HEX" at hex (":HEX"; NULL: any hex)? */
static int fire_at(const lb_decision *d, int i, const char *hex)
{
    const char *k = d->options[i].key;
    return !d->options[i].param && strncmp(k, "fire:", 5) == 0 &&
           (!hex || strcmp(strrchr(k, ':'), hex) == 0);
}

/* Firers and hex for "fire": one of the enumerated fires "fire:UNIT:HEX" at random, leading,
 * then one other unit offered at the same hex at random and each of the rest with a chance of
 * one half (a fire of one unit is an enumerated option already). */
static void random_firers(const lb_decision *d, lb_pcg32 *rng, char *out, size_t n)
{
    int count = 0, others = 0, lead = -1;
    for (int i = 0; i < d->noptions; i++)
        count += fire_at(d, i, NULL);
    out[0] = '\0';
    if (!count)
        return;
    int pick = (int)lb_pcg32_bounded(rng, (uint32_t)count);
    for (int i = 0; i < d->noptions && lead < 0; i++)
        if (fire_at(d, i, NULL) && pick-- == 0)
            lead = i;
    const char *key = d->options[lead].key, *hex = strrchr(key, ':');
    for (int i = 0; i < d->noptions; i++)
        others += i != lead && fire_at(d, i, hex);
    int must = others ? (int)lb_pcg32_bounded(rng, (uint32_t)others) : -1;
    size_t used = (size_t)snprintf(out, n, "%.*s", (int)(hex - key - 5), key + 5);
    for (int i = 0, k = 0; i < d->noptions; i++) {
        if (i == lead || !fire_at(d, i, hex))
            continue;
        if (k++ != must && lb_pcg32_bounded(rng, 2))
            continue;
        const char *o = d->options[i].key, *h = strrchr(o, ':');
        used += (size_t)snprintf(out + used, used < n ? n - used : 0, "+%.*s", (int)(h - o - 5),
                                 o + 5);
    }
    snprintf(out + used, used < n ? n - used : 0, "%s", hex);
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
    if (!o->param) {
        snprintf(key, n, "%s", o->key);
        return LB_OK;
    }
    char param[LB_OPTION_KEY_MAX] = "";
    if (strcmp(o->param, "attackers") == 0)
        random_attackers(d, o->key, rng, param, sizeof param);
    else if (strcmp(o->param, FIRE_PARAM) == 0)
        random_firers(d, rng, param, sizeof param);
    else {
        const char *id = strchr(o->key, ':');
        int u = id ? lb_state_unit_index(g->st, id + 1) : -1;
        if (u >= 0)
            random_path(g->st, &g->st->units[u], rng, param, sizeof param);
    }
    snprintf(key, n, "%s:%s", o->key, param);
    return LB_OK;
}
