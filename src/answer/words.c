/* The words: events rendered as sentences from their area's templates (the template language is in words.h). */
#include <stdio.h>
#include <string.h>

#include "rules_types.h"
#include "lb/core.h"
#include "words.h"
#include "answer_int.h"
#include "frac_int.h"

const lbi_words *lbi_words_of(int area)
{
    switch (area) {
    case LBI_EVA_LOS: return &lbi_words_los;
    case LBI_EVA_FIRE: return &lbi_words_fire;
    case LBI_EVA_MORALE: return &lbi_words_morale;
    case LBI_EVA_STACK: return &lbi_words_stack;
    case LBI_EVA_RULES: return &lbi_words_rules;
    case LBI_EVA_RETREAT: return &lbi_words_retreat;
    case LBI_EVA_CHARGE: return &lbi_words_charge;
    case LBI_EVA_MOVE: return &lbi_words_move;
    case LBI_EVA_MELEE: return &lbi_words_melee;
    case LBI_EVA_CHARTS: return &lbi_words_charts;
    case LBI_EVA_GAME: return &lbi_words_game;
    default: return NULL;
    }
}

const char *lbi_words_phrase(int list, long long index)
{
    const lbi_words *w = lbi_words_of(LBI_EVENT_AREA(list));
    int k = LBI_EVENT_INDEX(list);
    if (!w || k <= 0 || k >= w->nphrases || index < 0 || index >= w->phrases[k].count)
        return NULL;
    return w->phrases[k].list[index];
}

/* Is the argument set: a number not 0, a text not empty. */
static int is_set(const lb_event_arg *a)
{
    switch (a->kind) {
    case LB_EA_TEXT:
    case LB_EA_UNIT: return a->text && a->text[0];
    case LB_EA_HEX: return a->label[0] != '\0';
    default: return a->num != 0;
    }
}

static int write_arg(const lb_event_arg *a, char how, lbi_text *out)
{
    char buf[48];
    switch (a->kind) {
    case LB_EA_INT:
    case LB_EA_ROLL:
        if (how == '+')
            return lbi_text_put(out, "%+lld", a->num);
        if (how == '0')
            return lbi_text_put(out, "%02lld", a->num);
        return lbi_text_put(out, "%lld", a->num);
    case LB_EA_FRAC:
        return lbi_text_put(out, "%s", lb_frac_fmt(lb_frac_make(a->num, a->den), buf,
                                                   (int)sizeof buf));
    case LB_EA_HEX: return lbi_text_put(out, "%s", a->label);
    case LB_EA_UNIT:
    case LB_EA_TEXT: return lbi_text_put(out, "%s", a->text ? a->text : "");
    case LB_EA_PHRASE: {
        const char *p = lbi_words_phrase((int)a->den, a->num);
        return p ? lbi_text_put(out, "%s", p) : LB_INVALID;
    }
    }
    return LB_INVALID;
}

/* The end of the template part that starts at p: the '|' or '}' closing it at its own depth, or
 * NULL when the template ends first. */
static const char *part_end(const char *p, const char *end)
{
    int depth = 0;
    for (; p < end; p++) {
        if (*p == '{' && p + 1 < end && (p[1] == '{' || p[1] == '|')) {
            p += p[1] == '|' ? 2 : 1;
            continue;
        }
        if (*p == '{')
            depth++;
        else if (*p == '}' && depth > 0)
            depth--;
        else if ((*p == '|' || *p == '}') && depth == 0)
            return p;
    }
    return NULL;
}

static int render(const char *p, const char *end, const lb_event_arg *args, int nargs,
                  lbi_text *out);

/* {N*K:T|S} from just past its '*' (p): the count items after argument N (args, nargs: the
 * event's), each written by T with its own K arguments, S between two; *next is set just past
 * the closing '}'. */
static int render_list(const char *p, const char *end, const lb_event_arg *args, int nargs,
                       int n, const char **next, lbi_text *out)
{
    if (end - p < 2 || *p < '1' || *p > '9' || p[1] != ':')
        return LB_INVALID;
    int k = *p - '0';
    const char *t = p + 2, *t_end = part_end(t, end);
    if (!t_end)
        return LB_INVALID;
    const char *s = t_end, *s_end = t_end;
    if (*t_end == '|') {
        s = t_end + 1;
        s_end = part_end(s, end);
        if (!s_end || *s_end != '}')
            return LB_INVALID;
    }
    long long count = args[n].num;
    if (count < 0 || count > (nargs - n - 1) / k)
        return LB_INVALID;
    for (long long i = 0; i < count; i++) {
        int rc = i ? render(s, s_end, args, nargs, out) : LB_OK;
        if (rc == LB_OK)
            rc = render(t, t_end, args + n + 1 + i * k, k, out);
        if (rc != LB_OK)
            return rc;
    }
    *next = s_end + 1;
    return LB_OK;
}

/* The sentence of event kind with its arguments; nothing for kind 0 (nothing said). */
static int render_kind(int kind, const lb_event_arg *args, int nargs, lbi_text *out)
{
    if (!kind)
        return LB_OK;
    const lbi_words *w = lbi_words_of(LBI_EVENT_AREA(kind));
    int k = LBI_EVENT_INDEX(kind);
    if (!w || k <= 0 || k >= w->nsentences || !w->sentences[k])
        return LB_INVALID;
    const char *tpl = w->sentences[k];
    return render(tpl, tpl + strlen(tpl), args, nargs, out);
}

/* "{{", "}}" or "{|}" from its first brace (brace; p just past it): the character it stands for;
 * *next is set past it. */
static int render_escape(const char *brace, const char *p, const char *end, const char **next,
                         lbi_text *out)
{
    char c = *brace == '}' ? '}' : *p;
    if (p >= end || (*brace == '}' && *p != '}') || (c == '|' && (p + 1 >= end || p[1] != '}')))
        return LB_INVALID;
    *next = p + (c == '|' ? 2 : 1);
    return lbi_text_add(out, &c, 1) == LB_OK ? LB_OK : LB_NOMEM;
}

/* {N?A|B} or {N#A|B} from just past its '?' or '#' (p): A when argument a is set (?) or is 1
 * (#), else B; *next is set just past the closing '}'. */
static int render_choice(char op, const char *p, const char *end, const lb_event_arg *a,
                         const lb_event_arg *args, int nargs, const char **next, lbi_text *out)
{
    const char *a_end = part_end(p, end);
    if (!a_end)
        return LB_INVALID;
    const char *b = a_end, *b_end = a_end;
    if (*a_end == '|') {
        b = a_end + 1;
        b_end = part_end(b, end);
        if (!b_end || *b_end != '}')
            return LB_INVALID;
    }
    *next = b_end + 1;
    int first = op == '?' ? is_set(a) : a->num == 1;
    return first ? render(p, a_end, args, nargs, out) : render(b, b_end, args, nargs, out);
}

/* A placeholder from just past its '{' (p): {N}, {N+}, {N:02}, {N>}, {N?A|B}, {N#A|B} or
 * {N*K:T|S}; *next is set just past it. */
static int render_placeholder(const char *p, const char *end, const lb_event_arg *args,
                              int nargs, const char **next, lbi_text *out)
{
    int n = 0, digits = 0;
    for (; p < end && *p >= '0' && *p <= '9' && digits < 3; p++, digits++)
        n = 10 * n + (*p - '0');
    if (!digits || n >= nargs || p >= end)
        return LB_INVALID;
    const lb_event_arg *a = &args[n];
    char op = *p++;
    if (op == '}') {
        *next = p;
        return write_arg(a, 0, out);
    }
    if (op == '+' && p < end && *p == '}') {
        *next = p + 1;
        return write_arg(a, '+', out);
    }
    if (op == ':' && end - p >= 3 && memcmp(p, "02}", 3) == 0) {
        *next = p + 3;
        return write_arg(a, '0', out);
    }
    if (op == '>' && p < end && *p == '}' && a->kind == LB_EA_INT) {
        /* a sentence within the sentence: the arguments after N are its own */
        *next = p + 1;
        return render_kind((int)a->num, args + n + 1, nargs - n - 1, out);
    }
    if (op == '?' || op == '#')
        return render_choice(op, p, end, a, args, nargs, next, out);
    if (op == '*')
        return render_list(p, end, args, nargs, n, next, out);
    return LB_INVALID;
}

static int render(const char *p, const char *end, const lb_event_arg *args, int nargs,
                  lbi_text *out)
{
    while (p < end) {
        const char *brace = p;
        while (brace < end && *brace != '{' && *brace != '}')
            brace++;
        if (brace > p && lbi_text_add(out, p, (size_t)(brace - p)) != LB_OK)
            return LB_NOMEM;
        if (brace == end)
            return LB_OK;
        p = brace + 1;
        int escape = *brace == '}' || (p < end && (*p == '{' || *p == '|'));
        int rc = escape ? render_escape(brace, p, end, &p, out)
                        : render_placeholder(p, end, args, nargs, &p, out);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

int lbi_words_render(const char *tpl, const lb_event_arg *args, int nargs, lbi_text *out)
{
    return render(tpl, tpl + strlen(tpl), args, nargs, out);
}

int lbi_words_step(const lb_trace_step *s, lbi_text *out)
{
    if (!s->event)
        return lbi_text_put(out, "%s", s->text ? s->text : "");
    return render_kind(s->event, s->args, s->nargs, out);
}

int lbi_words_said(const lb_said *s, lbi_text *out)
{
    return render_kind(s->event, s->args, s->nargs, out);
}

/* The text of t (or a mark of the failure) into buf like snprintf; releases t. */
static int put_text(int rc, lbi_text *t, char *buf, size_t n)
{
    const char *text = rc == LB_OK && t->buf ? t->buf : rc == LB_OK ? "" : "(no words)";
    size_t len = strlen(text);
    if (n)
        snprintf(buf, n, "%s", text);
    lbi_text_release(t);
    return (int)len;
}

int lb_said_fmt(const lb_said *s, char *buf, size_t n)
{
    lbi_text t = {0};
    return put_text(lbi_words_said(s, &t), &t, buf, n);
}

int lb_trace_step_fmt(const lb_trace_step *s, char *buf, size_t n)
{
    lbi_text t = {0};
    return put_text(lbi_words_step(s, &t), &t, buf, n);
}

void lb_decision_words(lb_decision *d)
{
    if (d->said.event) {
        lb_said_fmt(&d->said, d->prompt, sizeof d->prompt);
        d->said.event = 0;
    }
    for (int i = 0; d->option_said && i < d->noptions; i++)
        if (d->option_said[i].event) {
            lb_said_fmt(&d->option_said[i], d->options[i].text, sizeof d->options[i].text);
            d->option_said[i].event = 0;
        }
}
