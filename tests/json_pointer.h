/* Tests' JSON Pointer (RFC 6901) lookup in a jansson value, shared by the case runner and unit tests. */
#ifndef LB_TESTS_JSON_POINTER_H
#define LB_TESTS_JSON_POINTER_H

#include <jansson.h>
#include <stdlib.h>

/* The value at ptr inside v, or NULL. */
static inline json_t *json_pointer_get(json_t *v, const char *ptr)
{
    char seg[256];
    while (v && *ptr == '/') {
        size_t n = 0;
        for (ptr++; *ptr && *ptr != '/' && n + 1 < sizeof seg; ptr++) {
            if (*ptr == '~' && (ptr[1] == '0' || ptr[1] == '1')) {
                seg[n++] = ptr[1] == '0' ? '~' : '/';
                ptr++;
            } else {
                seg[n++] = *ptr;
            }
        }
        seg[n] = '\0';
        if (json_is_object(v)) {
            v = json_object_get(v, seg);
        } else if (json_is_array(v)) {
            char *end;
            long i = strtol(seg, &end, 10);
            v = *end || !seg[0] || i < 0 ? NULL : json_array_get(v, (size_t)i);
        } else {
            v = NULL;
        }
    }
    return v;
}

#endif
