/* Chart compilers' shared helpers: problems at chart paths, typed reads of JSON values, strict key checks. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_json.h"
#include "jsonpos.h"
#include "lb/core.h"
#include "arena_int.h"
#include "dice_int.h"

void lbi_cj_problem(cj *C, const char *path, const char *fmt, ...)
{
    char msg[LB_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    C->report(C->ctx, path, msg);
    C->failed = 1;
}

const char *lbi_cj_found(const json_t *v, char *buf, size_t n)
{
    if (!v) {
        snprintf(buf, n, "nothing");
        return buf;
    }
    char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    if (!s) {
        snprintf(buf, n, "a value");
        return buf;
    }
    size_t cut = 57;
    if (strlen(s) > 60) {
        while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
            cut--; /* not inside a UTF-8 sequence */
        snprintf(buf, n, "%.*s...", (int)cut, s);
    } else {
        snprintf(buf, n, "%s", s);
    }
    free(s);
    return buf;
}

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

void lbi_cj_path_key(char *out, const char *base, const char *key)
{
    lbi_jsonpos_append_key(out, CJ_PATH, base, key);
}

void lbi_cj_path_index(char *out, const char *base, size_t i)
{
    snprintf(out, CJ_PATH, "%s/%zu", base, i);
}

void *lbi_cj_alloc(cj *C, size_t n, size_t size)
{
    void *p = lb_arena_calloc(C->arena, n ? n : 1, size);
    if (!p)
        C->nomem = 1;
    return p;
}

const char *lbi_cj_dup(cj *C, const char *s)
{
    char *d = lb_arena_strdup(C->arena, s);
    if (!d)
        C->nomem = 1;
    return d;
}

int lbi_cj_is_mark(const char *key, const json_t *v)
{
    return json_is_string(v) && (strcmp(key, "uncertain") == 0 || strcmp(key, "borrowed_from") == 0 ||
                                 strcmp(key, "name") == 0 || strcmp(key, "note") == 0);
}

void lbi_cj_check_keys(cj *C, const json_t *obj, const char *base, const char *const *known,
                       int nknown)
{
    if (!C->strict)
        return;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        int ok = lbi_cj_is_mark(key, v);
        for (int i = 0; i < nknown && !ok; i++)
            ok = strcmp(key, known[i]) == 0;
        if (!ok) {
            char p[CJ_PATH], names[300] = "";
            size_t used = 0;
            for (int i = 0; i < nknown && used < sizeof names; i++)
                used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                         known[i]);
            lbi_cj_path_key(p, base, key);
            lbi_cj_problem(C, p, "expected one of the keys %s, found \"%s\"", names, key);
        }
    }
}

const json_t *lbi_cj_object(cj *C, const json_t *v, const char *path, const char *what)
{
    char fbuf[80];
    if (json_is_object(v))
        return v;
    lbi_cj_problem(C, path, "expected %s, found %s", what, FOUND(v));
    return NULL;
}

int lbi_cj_int(cj *C, const json_t *obj, const char *base, const char *key, int required, int min,
               int max, int *out)
{
    return lbi_cj_int_value(C, json_object_get(obj, key), base, key, required, min, max, out);
}

int lbi_cj_int_value(cj *C, const json_t *v, const char *base, const char *key, int required,
                     int min, int max, int *out)
{
    char p[CJ_PATH], fbuf[80];
    if (!v && !required)
        return 1;
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
        lbi_cj_path_key(p, base, key);
        lbi_cj_problem(C, p, "expected an integer from %d to %d, found %s", min, max, FOUND(v));
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

/* Index of v in names, or -1. */
static int name_index(const json_t *v, const char *const *names, int count)
{
    if (json_is_string(v))
        for (int i = 0; i < count; i++)
            if (strcmp(json_string_value(v), names[i]) == 0)
                return i;
    return -1;
}

int lbi_cj_enum(cj *C, const json_t *obj, const char *base, const char *key, int required,
                const char *const *names, int count)
{
    char p[CJ_PATH], fbuf[80], list[300] = "";
    json_t *v = json_object_get(obj, key);
    if (!v && !required)
        return -2;
    int i = name_index(v, names, count);
    if (i >= 0)
        return i;
    size_t used = 0;
    for (i = 0; i < count && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s\"%s\"",
                                 i == 0 ? "" : i == count - 1 ? " or " : ", ", names[i]);
    lbi_cj_path_key(p, base, key);
    lbi_cj_problem(C, p, "expected %s, found %s", list, FOUND(v));
    return -1;
}

void lbi_cj_join(char *buf, size_t n, const char *const *names, int count, int shown)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && used < n; i++) {
        if (i == shown) {
            snprintf(buf + used, n - used, ", ...");
            return;
        }
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", names[i]);
    }
}

int lbi_cj_one_of(cj *C, const json_t *obj, const char *base, const char *key, int required,
                  const char *const *names, int count)
{
    return lbi_cj_one_of_value(C, json_object_get(obj, key), base, key, required, names, count);
}

int lbi_cj_one_of_value(cj *C, const json_t *v, const char *base, const char *key, int required,
                        const char *const *names, int count)
{
    char p[CJ_PATH], fbuf[80], list[400];
    if (!v && !required)
        return -2;
    int i = name_index(v, names, count);
    if (i >= 0)
        return i;
    lbi_cj_join(list, sizeof list, names, count, 8);
    lbi_cj_path_key(p, base, key);
    lbi_cj_problem(C, p, "expected one of %s, found %s", list, FOUND(v));
    return -1;
}

int lbi_cj_string_at(cj *C, const json_t *v, const char *path, const char *what, const char **out)
{
    char fbuf[80];
    if (!json_is_string(v) || json_string_length(v) == 0) {
        lbi_cj_problem(C, path, "expected %s, found %s", what, FOUND(v));
        return -1;
    }
    *out = json_string_value(v);
    return 0;
}

int lbi_cj_string(cj *C, const json_t *obj, const char *base, const char *key, int required,
                  const char *what, const char **out)
{
    char p[CJ_PATH];
    json_t *v = json_object_get(obj, key);
    if (!v && !required)
        return 1;
    if (json_is_string(v) && json_string_length(v)) {
        *out = json_string_value(v);
        return 0; /* the path is written only for a problem */
    }
    lbi_cj_path_key(p, base, key);
    return lbi_cj_string_at(C, v, p, what, out);
}

int lbi_cj_bool(cj *C, const json_t *obj, const char *base, const char *key, int *out)
{
    char p[CJ_PATH], fbuf[80];
    json_t *v = json_object_get(obj, key);
    *out = 0;
    if (!v)
        return 1;
    if (!json_is_boolean(v)) {
        lbi_cj_path_key(p, base, key);
        lbi_cj_problem(C, p, "expected true or false, found %s", FOUND(v));
        return -1;
    }
    *out = json_is_true(v);
    return 0;
}

int lbi_cj_roll_value(const json_t *v)
{
    const char *s = json_is_string(v) ? json_string_value(v) : "";
    if (strlen(s) != 2 || s[0] < '1' || s[0] > '6' || s[1] < '1' || s[1] > '6')
        return 0;
    return (s[0] - '0') * 10 + (s[1] - '0');
}

int lbi_cj_roll(cj *C, const json_t *obj, const char *base, const char *key, int required)
{
    char p[CJ_PATH], fbuf[80];
    json_t *v = json_object_get(obj, key);
    if (!v && !required)
        return 0;
    int roll = lbi_cj_roll_value(v);
    if (roll)
        return roll;
    lbi_cj_path_key(p, base, key);
    lbi_cj_problem(C, p, "expected a roll \"11\"-\"66\", found %s", FOUND(v));
    return -1;
}

int lbi_cj_roll_range(cj *C, const json_t *v, const char *path, int *lo, int *hi)
{
    if (!lbi_cj_object(C, v, path, "a roll range {\"lo\": roll, \"hi\": roll}"))
        return -1;
    *lo = lbi_cj_roll(C, v, path, "lo", 1);
    *hi = lbi_cj_roll(C, v, path, "hi", 1);
    if (*lo < 0 || *hi < 0)
        return -1;
    if (lb_roll_index(*hi) < lb_roll_index(*lo)) {
        char p[CJ_PATH];
        lbi_cj_path_key(p, path, "hi");
        lbi_cj_problem(C, p, "expected a roll not before lo \"%d\", found \"%d\"", *lo, *hi);
        return -1;
    }
    return 0;
}

int lbi_cj_die_range(cj *C, const json_t *v, const char *path, int *lo, int *hi)
{
    if (!lbi_cj_object(C, v, path, "a die range {\"lo\": 1-6, \"hi\": 1-6}"))
        return -1;
    static const char *const keys[] = {"lo", "hi"};
    lbi_cj_check_keys(C, v, path, keys, 2);
    if (lbi_cj_int(C, v, path, "lo", 1, 1, 6, lo) || lbi_cj_int(C, v, path, "hi", 1, 1, 6, hi))
        return -1;
    if (*hi < *lo) {
        char p[CJ_PATH];
        lbi_cj_path_key(p, path, "hi");
        lbi_cj_problem(C, p, "expected a die not below lo %d, found %d", *lo, *hi);
        return -1;
    }
    return 0;
}

int lbi_cj_rational(cj *C, const json_t *v, const char *path, int *num, int *den)
{
    if (!lbi_cj_object(C, v, path, "a rational {\"num\": n, \"den\": d}"))
        return -1;
    static const char *const keys[] = {"num", "den"};
    lbi_cj_check_keys(C, v, path, keys, 2);
    if (lbi_cj_int(C, v, path, "num", 1, 0, 999999, num) ||
        lbi_cj_int(C, v, path, "den", 1, 1, 999999, den))
        return -1;
    return 0;
}

int lbi_cj_ids(cj *C, const json_t *v, const char *path, const char *what, const char ***out,
               int *n)
{
    char fbuf[80];
    *out = NULL;
    *n = 0;
    if (json_is_string(v)) {
        *out = lbi_cj_alloc(C, 1, sizeof **out);
        if (!*out)
            return -1;
        (*out)[0] = lbi_cj_dup(C, json_string_value(v));
        *n = 1;
        return 0;
    }
    if (!json_is_array(v) || json_array_size(v) == 0) {
        lbi_cj_problem(C, path, "expected %s or a non-empty list of them, found %s", what,
                       FOUND(v));
        return -1;
    }
    *out = lbi_cj_alloc(C, json_array_size(v), sizeof **out);
    if (!*out)
        return -1;
    size_t i;
    json_t *e;
    json_array_foreach(v, i, e) {
        if (!json_is_string(e)) {
            char p[CJ_PATH];
            lbi_cj_path_index(p, path, i);
            lbi_cj_problem(C, p, "expected %s, found %s", what, FOUND(e));
            return -1;
        }
        (*out)[(*n)++] = lbi_cj_dup(C, json_string_value(e));
    }
    return 0;
}
