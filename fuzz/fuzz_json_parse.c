/* Fuzz target: the fast JSON reader (yajl into jansson's tree) against jansson's own reading of any bytes. */
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Nesting of lists and objects: 1 for a top-level one without any inside. */
static int depth(const json_t *v)
{
    int deepest = 0;
    if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++) {
            int d = depth(json_array_get(v, i));
            deepest = d > deepest ? d : deepest;
        }
    } else if (json_is_object(v)) {
        const char *key;
        const json_t *member;
        json_object_foreach((json_t *)v, key, member) {
            int d = depth(member);
            deepest = d > deepest ? d : deepest;
        }
    } else {
        return 0;
    }
    return deepest + 1;
}

/* The longest number token outside strings (in a text jansson accepted). */
static size_t longest_number(const char *s, size_t len)
{
    size_t longest = 0;
    for (size_t i = 0; i < len;) {
        if (s[i] == '"') {
            for (i++; i < len && s[i] != '"'; i++)
                i += s[i] == '\\';
            i++;
        } else if (strchr("-0123456789", s[i]) && s[i]) {
            size_t start = i;
            while (i < len && s[i] && strchr("+-.0123456789eE", s[i]))
                i++;
            longest = i - start > longest ? i - start : longest;
        } else {
            i++;
        }
    }
    return longest;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    json_error_t jerr;
    json_t *fast = lbi_json_read(text, size);
    json_t *jansson = json_loadb(text, size, JSON_REJECT_DUPLICATES, &jerr);
    if (fast) {
        /* accepted only what jansson accepts, as the same tree: same kinds (an integer never
         * equals a real), same values, same order of keys, reals to the last bit */
        if (!jansson || !json_equal(fast, jansson))
            __builtin_trap();
        size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(17);
        char *a = json_dumps(fast, flags), *b = json_dumps(jansson, flags);
        if (!a || !b || strcmp(a, b) != 0)
            __builtin_trap();
        free(a);
        free(b);
    } else if (jansson && depth(jansson) <= LBI_JSON_READ_DEPTH &&
               longest_number(text, size) < 64 && !memchr(text, '\0', size)) {
        /* jansson accepted a text the fast reader should have read (it leaves the deepest,
         * the longest numbers and NUL bytes, which jansson sometimes skips, to jansson) */
        __builtin_trap();
    }
    json_decref(fast);
    json_decref(jansson);
    return 0;
}
