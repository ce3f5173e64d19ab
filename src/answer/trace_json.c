/* The trace of a rules answer as JSON, and the hex-or-unit names that requests use. */
#include <stdlib.h>

#include "answer_int.h"
#include "words.h"
#include "state_int.h"

static json_t *value_json(const lb_trace_value *v)
{
    switch (v->kind) {
    case LB_TV_INT:
    case LB_TV_ROLL:
    case LB_TV_DIE: return json_integer(v->num);
    case LB_TV_BOOL: return json_boolean(v->num);
    case LB_TV_TEXT: return json_string(v->text);
    case LB_TV_PHRASE: {
        const char *p = lbi_words_phrase((int)v->den, v->num);
        return json_string(p ? p : "?");
    }
    case LB_TV_FRAC:
        if (v->den == 1)
            return json_integer(v->num);
        return json_pack("{s:I,s:I}", "num", (json_int_t)v->num, "den", (json_int_t)v->den);
    }
    return json_null();
}

json_t *lbi_trace_json(const lb_trace *t)
{
    json_t *steps = json_array();
    for (int i = 0; i < t->count; i++) {
        const lb_trace_step *s = &t->steps[i];
        json_t *values = json_object();
        json_t *dice = json_array();
        for (int j = 0; j < s->nvalues; j++) {
            const lb_trace_value *v = &s->values[j];
            if (v->kind == LB_TV_ROLL || v->kind == LB_TV_DIE)
                json_array_append_new(dice, json_pack("{s:s,s:s,s:I}", "purpose", v->key, "kind",
                                                      v->kind == LB_TV_ROLL ? "roll" : "die",
                                                      "value", (json_int_t)v->num));
            json_object_set_new(values, v->key, value_json(v));
        }
        lbi_text text = {0};
        if (lbi_words_step(s, &text) != LB_OK || !text.buf)
            lbi_text_put(&text, "%s", "");
        json_t *step = json_pack("{s:s,s:s,s:s,s:o}", "rule", s->rule, "section", s->section,
                                 "text", text.buf ? text.buf : "", "values", values);
        lbi_text_release(&text);
        if (json_array_size(dice))
            json_object_set_new(step, "dice", dice);
        else
            json_decref(dice);
        json_array_append_new(steps, step);
    }
    return steps;
}

json_t *lbi_hexes_json(const lb_state *st, const lb_hex *h, int n)
{
    json_t *a = json_array();
    char label[LB_HEX_LABEL_MAX];
    for (int i = 0; a && i < n; i++)
        json_array_append_new(a, json_string(lb_map_label(&st->map, h[i], label)));
    return a;
}

int lbi_answer_text(json_t *j, char **out)
{
    *out = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return *out ? LB_OK : LB_NOMEM;
}

int lb_trace_json(const lb_trace *t, char **out)
{
    return lbi_answer_text(lbi_trace_json(t), out);
}

int lb_answer_hex_or_unit(const lb_state *st, const char *s, lb_hex *hex, int *unit)
{
    *unit = lb_state_unit_index(st, s);
    if (*unit >= 0) {
        *hex = st->units[*unit].hexes[0];
        return 0;
    }
    if (lb_map_parse_label(&st->map, s, hex) == 0 && lb_map_contains(&st->map, *hex))
        return 0;
    return -1;
}
