/* The traces of the answers a game took while in memory, for the page's panel of rulings: who answered what, and what the rules did. */
#include <stdlib.h>

#include "lb/answer.h"
#include "server_int.h"

#define TRACES_KEPT 500

void traces_record(slot *sl, int role, const char *what, const char *by)
{
    if (!sl->traces && !(sl->traces = json_array()))
        return;
    char *text = NULL;
    json_t *trace = lb_trace_json(lb_game_trace(sl->g), &text) == LB_OK
                        ? json_loads(text, 0, NULL) : NULL;
    free(text);
    json_t *t = trace ? json_pack("{s:i,s:s,s:s,s:s,s:o}", "seq", lb_game_seq(sl->g), "role",
                                  role_name(sl->g, role), "what", what, "by", by, "trace", trace)
                      : NULL;
    if (!t)
        return;
    json_array_append_new(sl->traces, t);
    if (json_array_size(sl->traces) > TRACES_KEPT)
        json_array_remove(sl->traces, 0);
}

json_t *traces_since(const slot *sl, int from)
{
    json_t *a = json_array();
    size_t i;
    json_t *t;
    json_array_foreach(sl->traces, i, t)
        if (json_integer_value(json_object_get(t, "seq")) > from)
            json_array_append(a, t);
    return a;
}
