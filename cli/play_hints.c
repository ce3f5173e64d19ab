/* The hints asked at the terminal (R-GAME-24): each recorded beside the journal (never in it), in the saved game's hosting, and shown in an export. */
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* The saved game's hosting (a new reference; an empty object when it has none), or NULL when
 * the game is not in a store or the store fails. */
static json_t *hosting(play *P)
{
    if (!P->store || P->id <= 0)
        return NULL;
    char *text = NULL;
    lb_err err = {0};
    json_t *j = lb_store_hosting_get(P->store, P->id, &text, &err) == LB_OK
                    ? json_loads(text, 0, NULL)
                    : NULL;
    free(text);
    if (j && !json_is_object(j)) {
        json_decref(j);
        j = json_object();
    }
    return j;
}

int play_note_hint(play *P, int side, int seq)
{
    json_t *rec = json_pack("{s:i,s:i}", "side", side, "seq", seq);
    if (!rec)
        return LB_NOMEM;
    if (!P->hints_asked)
        P->hints_asked = json_array();
    json_array_append(P->hints_asked, rec);
    json_t *h = hosting(P);
    int rc = LB_OK;
    if (h) {
        json_t *asked = json_object_get(h, "hints");
        if (!json_is_array(asked)) {
            asked = json_array();
            json_object_set_new(h, "hints", asked);
        }
        json_array_append(asked, rec);
        char *text = json_dumps(h, JSON_COMPACT);
        lb_err err = {0};
        rc = text ? lb_store_hosting_set(P->store, P->id, text, &err) : LB_NOMEM;
        free(text);
        json_decref(h);
    }
    json_decref(rec);
    return rc;
}

int play_export(play *P, char **out)
{
    char *text = NULL;
    int rc = lb_game_export(P->g, &text);
    if (rc != LB_OK)
        return rc;
    json_t *root = json_loads(text, 0, NULL);
    json_t *h = hosting(P);
    json_t *asked = h ? json_object_get(h, "hints") : P->hints_asked;
    if (root && json_is_array(asked)) {
        json_object_set(root, "hints", asked);
        free(text);
        text = json_dumps(root, JSON_COMPACT);
    }
    json_decref(root);
    json_decref(h);
    *out = text;
    return text ? LB_OK : LB_NOMEM;
}
