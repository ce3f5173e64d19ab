/* Request bodies: one JSON object whose members are all known, or a 400 that names what is wrong. */
#include <stdio.h>
#include <string.h>

#include "server_int.h"

json_t *body_object(const lb_http_request *rq, const char *const *members, lb_http_response *rs)
{
    json_error_t jerr = {0};
    json_t *body = rq->body ? json_loadb(rq->body, rq->body_len, JSON_REJECT_DUPLICATES, &jerr)
                            : NULL;
    if (!json_is_object(body)) {
        if (body)
            reply_error(rs, 400, "bad-json", "", "expected a JSON object");
        else if (!rq->body)
            reply_error(rs, 400, "bad-json", "", "expected a JSON object, found no body");
        else
            reply_error(rs, 400, "bad-json", "", "malformed JSON: %s (line %d, column %d)",
                        jerr.text, jerr.line, jerr.column);
        json_decref(body);
        return NULL;
    }
    const char *key;
    json_t *v;
    json_object_foreach(body, key, v) {
        int known = 0;
        for (int i = 0; members[i] && !known; i++)
            known = strcmp(key, members[i]) == 0;
        if (!known) {
            char path[80];
            snprintf(path, sizeof path, "/%.64s", key);
            reply_error(rs, 400, "bad-request", path, "unknown member \"%.64s\"", key);
            json_decref(body);
            return NULL;
        }
    }
    return body;
}
