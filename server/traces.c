/* The traces of a game's answers, for the page's panel of rulings: who answered what, and what the rules did; kept in memory and in the store, so that a server started again shows them. */
#include <stdio.h>
#include <stdlib.h>

#include "lb/ask.h"
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

void traces_save(lb_server *s, slot *sl, int after)
{
    size_t i;
    json_t *t;
    json_array_foreach(sl->traces, i, t) {
        int seq = (int)json_integer_value(json_object_get(t, "seq"));
        if (seq <= after)
            continue;
        char *text = json_dumps(t, JSON_COMPACT);
        lb_err err = {0};
        pthread_mutex_lock(&s->store_lock);
        int rc = text ? lb_store_trace_put(s->store, sl->id, seq, text, &err) : LB_NOMEM;
        pthread_mutex_unlock(&s->store_lock);
        free(text);
        /* the answer is saved: a trace the store refuses is missed by a server started again,
         * said here, and the game goes on */
        if (rc != LB_OK)
            fprintf(stderr, "labataille serve: game %lld: the rulings of answer %d not saved: "
                    "%s\n", sl->id, seq, text ? err.msg : "out of memory");
    }
}

void traces_load(lb_server *s, slot *sl)
{
    char *text = NULL;
    lb_err err = {0};
    pthread_mutex_lock(&s->store_lock);
    int rc = lb_store_traces_get(s->store, sl->id, TRACES_KEPT, &text, &err);
    pthread_mutex_unlock(&s->store_lock);
    json_t *kept = rc == LB_OK ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (!json_is_array(kept)) {
        json_decref(kept);
        return; /* the page shows the rulings of the answers from now on */
    }
    json_decref(sl->traces);
    sl->traces = kept;
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
