/* GET /api/charts: what the scenario editor offers as choices from each game module's charts: its terrain types, hexside features, nations and their classes. */
#include <string.h>

#include "server_int.h"

/* The types of a chart (terrain or hexsides) as a list of {id, name, move, los}, in the
 * module's order. */
static json_t *types_of(const json_t *chart)
{
    json_t *list = json_array(), *type;
    const char *id;
    json_object_foreach((json_t *)chart, id, type) {
        json_t *name = json_object_get(type, "name");
        json_t *t = json_pack("{s:s,s:s,s:O*,s:O*}", "id", id, "name",
                              json_is_string(name) ? json_string_value(name) : id, "move",
                              json_object_get(type, "move"), "los", json_object_get(type, "los"));
        json_array_append_new(list, t);
    }
    return list;
}

/* One module's choices, or NULL when its text is not an object (never: checked when built). */
static json_t *module_choices(const lb_module *m)
{
    json_t *mod = json_loadb(m->text, m->len, 0, NULL);
    if (!json_is_object(mod)) {
        json_decref(mod);
        return NULL;
    }
    json_t *title = json_object_get(mod, "title"), *nations = json_object_get(mod, "nations");
    json_t *c = json_pack("{s:s,s:s,s:o,s:o,s:O}", "id", m->id, "title",
                          json_is_string(title) ? json_string_value(title) : m->id, "terrain",
                          types_of(json_object_get(mod, "terrain")), "hexsides",
                          types_of(json_object_get(mod, "hexsides")), "nations",
                          json_is_object(nations) ? nations : json_object());
    json_decref(mod);
    return c;
}

void route_charts(lb_server *s, lb_http_response *rs)
{
    json_t *list = json_array();
    for (int i = 0; i < s->opts.nmodules; i++) {
        json_t *c = module_choices(&s->opts.modules[i]);
        if (c)
            json_array_append_new(list, c);
    }
    reply_json(rs, 200, list);
}
