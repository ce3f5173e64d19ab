/* The options the game offers: each an action, its key written from it by the one writer of keys. */
#include <stdarg.h>
#include <stdio.h>

#include "decision_int.h"
#include "game_int.h"
#include "action_int.h"

int lbi_offer_text(lb_decision *d, const lb_state *st, const lb_action *a, const char *param,
                   const char *text)
{
    char key[LB_OPTION_KEY_MAX];
    int rc = lb_action_fmt(st, a, key, sizeof key);
    if (rc != LB_OK)
        return rc == LB_LIMIT ? LB_INVALID : rc;
    return lbi_decision_act_add(d, key, param, a, text);
}

int lbi_offer(lb_decision *d, const lb_state *st, const lb_action *a, const char *param,
              const char *fmt, ...)
{
    char text[LB_OPTION_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return lbi_offer_text(d, st, a, param, text);
}
