/* The random player (R-GAME-15): a uniformly random option of the pending decision, with a random path for a parameterised charge. */
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

int lb_game_random_key(const lb_game *g, lb_pcg32 *rng, char *key, size_t n)
{
    const lb_decision *d = lb_game_pending(g);
    if (!d || d->noptions == 0)
        return -1;
    const lb_option *o = &d->options[lb_pcg32_bounded(rng, (uint32_t)d->noptions)];
    if (!o->param) {
        snprintf(key, n, "%s", o->key);
        return 0;
    }
    const char *id = strchr(o->key, ':');
    int u = id ? lb_state_unit_index(g->st, id + 1) : -1;
    char path[LB_OPTION_KEY_MAX] = "";
    if (u >= 0)
        random_path(g->st, &g->st->units[u], rng, path, sizeof path);
    snprintf(key, n, "%s:%s", o->key, path);
    return 0;
}
