/* The scenario loader's shared readers: strings and arrays owned by the load, unknown keys, names without control characters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_int.h"
#include "state_int.h"
#include "arena_int.h"

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

char *lbi_scn_dup(loader *L, const char *s)
{
    if (!s)
        return NULL;
    char *d = lb_arena_strdup(L->st->arena, s);
    if (!d)
        L->nomem = 1;
    return d;
}

void *lbi_scn_alloc(loader *L, size_t n, size_t size)
{
    void *p = lb_arena_calloc(L->st->arena, n ? n : 1, size);
    if (!p)
        L->nomem = 1;
    return p;
}

void lbi_scn_unknown_keys(loader *L, const json_t *obj, const char *base, const char *const *known,
                          int nknown)
{
    if (!L->strict || !json_is_object(obj))
        return;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        int ok = 0;
        for (int i = 0; i < nknown && !ok; i++)
            ok = strcmp(key, known[i]) == 0;
        if (!ok) {
            char p[CJ_PATH], names[400], shown[80];
            lbi_cj_path_key(p, base, key);
            lbi_cj_join(names, sizeof names, known, nknown, SCN_NAMES_SHOWN);
            lbi_scn_problem(L, p, "expected one of the keys %s, found %s", names,
                            lb_err_quote(key, shown, sizeof shown));
        }
    }
}

int lbi_scn_has_control(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7F || (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F))
            return 1;
    return 0;
}

int lbi_scn_name_at(loader *L, const json_t *v, const char *path, const char *what, size_t max,
                    const char **out)
{
    char fbuf[80];
    const char *s = NULL;
    if (lbi_cj_string_at(&L->doc, v, path, what, &s) != 0)
        return -1;
    if (json_string_length(v) > max) {
        lbi_scn_problem(L, path, "expected %s of at most %zu bytes, found %s (%zu bytes)", what,
                        max, FOUND(v), json_string_length(v));
        return -1;
    }
    /* 11.9: what the loader keeps is printed back; no control character may drive a terminal */
    if (lbi_scn_has_control(s)) {
        lbi_scn_problem(L, path, "expected %s without control characters, found %s", what,
                        FOUND(v));
        return -1;
    }
    *out = s;
    return 0;
}

int lbi_scn_name(loader *L, const json_t *obj, const char *base, const char *key, int required,
                 const char *what, size_t max, const char **out)
{
    return lbi_scn_name_value(L, json_object_get(obj, key), base, key, required, what, max, out);
}

int lbi_scn_name_value(loader *L, const json_t *v, const char *base, const char *key,
                       int required, const char *what, size_t max, const char **out)
{
    char p[CJ_PATH];
    if (!v && !required)
        return 1;
    const char *s = json_string_value(v);
    if (s && *s && json_string_length(v) <= max && !lbi_scn_has_control(s)) {
        *out = s;
        return 0; /* the path is written only for a problem */
    }
    lbi_cj_path_key(p, base, key);
    return lbi_scn_name_at(L, v, p, what, max, out);
}
