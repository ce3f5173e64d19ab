/* The enemy cavalry that could react to a planned charge or charge a planned move in opportunity (R-RCH-8, R-OCH-10): the `reactions` of the charge and move answers, their trace and their text. */
#include <stdio.h>

#include "answer_int.h"
#include "charge_events.h"
#include "charge_zone_int.h"
#include "reactions_int.h"
#include "state_int.h"

/* At most this many watchers are listed: more than any scenario sets beside one path. */
#define WATCHERS_MAX 64

/* The watchers of unit id's path (charge: the reaction zone, else the opportunity zone), each
 * traced into t (NULL: not), one step when there is none; -1 when id is not on the map or out of
 * memory, else how many. */
static int watchers(const lb_state *st, const char *id, const lb_hex *path, int npath,
                    int charge, lbi_watcher *w, lb_trace *t)
{
    int unit = lb_state_unit_index(st, id), n = 0;
    lbi_zone_kind kind = charge ? LBI_ZONE_REACTION : LBI_ZONE_OPPORTUNITY;
    const char *rule = charge ? "R-RCH-8" : "R-OCH-10", *section = charge ? "(39)" : "(40)";
    if (unit < 0 || lbi_charge_watchers(st, unit, path, npath, kind, w, WATCHERS_MAX, &n) != LB_OK)
        return -1;
    char label[LB_HEX_LABEL_MAX];
    for (int i = 0; i < n && t; i++)
        LBI_EVENT(t, rule, section, EV_CHARGE_WATCHER, ev_unit_id(st->units[w[i].cav].id),
                  ev_int(charge), ev_unit_id(id),
                  lbi_ev_label(lb_map_label(&st->map, w[i].at, label)), ev_int(w[i].step + 1),
                  ev_int(w[i].distance));
    if (n == 0 && t)
        LBI_EVENT(t, rule, section, EV_CHARGE_NO_WATCHER, ev_int(charge), ev_unit_id(id));
    return n;
}

int lbi_reactions_json(const lb_state *st, const char *id, const lb_hex *path, int npath,
                       int charge, json_t *answer)
{
    lbi_watcher w[WATCHERS_MAX];
    lb_trace t;
    lb_trace_init(&t);
    int n = watchers(st, id, path, npath, charge, w, &t);
    json_t *list = json_array(), *trace = lbi_trace_json(&t);
    lb_trace_release(&t);
    char label[LB_HEX_LABEL_MAX];
    for (int i = 0; i < n; i++)
        json_array_append_new(list, json_pack("{s:s,s:s,s:s}", "unit", st->units[w[i].cav].id,
                                              "at", lb_map_label(&st->map, w[i].at, label),
                                              "kind", charge ? "reaction" : "opportunity"));
    json_object_set_new(answer, "reactions", list);
    json_t *all = json_object_get(answer, "trace");
    if (json_is_array(all) && trace)
        json_array_extend(all, trace);
    json_decref(trace);
    return n < 0 ? LB_NOMEM : LB_OK;
}

int lbi_reactions_print(FILE *out, const lb_state *st, const char *id, const lb_hex *path,
                        int npath, int charge)
{
    lbi_watcher w[WATCHERS_MAX];
    int n = watchers(st, id, path, npath, charge, w, NULL);
    if (n < 0)
        return LB_NOMEM;
    const char *rule = charge ? "R-RCH-8" : "R-OCH-10";
    fprintf(out, "reactions:%s\n", n ? "" : " none");
    char label[LB_HEX_LABEL_MAX];
    for (int i = 0; i < n; i++)
        fprintf(out, "  %-12s at %-6s %s  [%s]\n", st->units[w[i].cav].id,
                lb_map_label(&st->map, w[i].at, label), charge ? "reaction" : "opportunity",
                rule);
    return LB_OK;
}
