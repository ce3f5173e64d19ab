/* What the computer reads of the pending decision and tries with it: a fire key's unit and hex, an answer tried on a what-if copy (R-AI-1). */
#include <stdio.h>
#include <string.h>

#include "ai_int.h"

int lbi_ai_fire_key(const lb_state *st, const char *key, int *unit, lb_hex *hex)
{
    char id[LB_SUBJECT_MAX];
    const char *a = strchr(key, ':'), *b = a ? strrchr(key, ':') : NULL;
    if (!a || b == a || (size_t)(b - a - 1) >= sizeof id)
        return -1;
    snprintf(id, sizeof id, "%.*s", (int)(b - a - 1), a + 1);
    *unit = lb_state_unit_index(st, id);
    return *unit >= 0 && lb_map_parse_label(&st->map, b + 1, hex) == 0 ? 0 : -1;
}

int lbi_ai_try(const ai_ctx *c, const char *key)
{
    lb_game *g;
    if (lb_game_clone(c->g, 1, &g) != LB_OK)
        return -1;
    lb_game_answer a;
    int rc = lb_game_decide(g, c->me, lb_game_seq(g), key, &a);
    lb_game_free(g);
    return rc != LB_OK ? -1 : a.verdict == LB_ACCEPTED;
}
