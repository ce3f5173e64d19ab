/* Actions and their keys: the one reader of a key into an action (for a decision kind) and the one writer of an action's key. */
#include <stdio.h>
#include <string.h>

#include "action_int.h"
#include "state_types.h"
#include "state_int.h"
#include "unit_int.h"
#include "hex_int.h"

static const char *const verb_names[LB_VERB_COUNT] = {
    [LB_VERB_NONE] = "",           [LB_VERB_END] = "end",         [LB_VERB_FIRE] = "fire",
    [LB_VERB_MOVE] = "move",       [LB_VERB_PATH] = "path",       [LB_VERB_FACE] = "face",
    [LB_VERB_FORM] = "form",       [LB_VERB_PROLONGE] = "prolonge", [LB_VERB_ATTACH] = "attach",
    [LB_VERB_DETACH] = "detach",   [LB_VERB_MARCH] = "march",     [LB_VERB_ENTER] = "enter",
    [LB_VERB_CHARGE] = "charge",   [LB_VERB_MELEE] = "melee",     [LB_VERB_PASS] = "pass",
    [LB_VERB_CONCEDE] = "concede", [LB_VERB_END_AT] = "hex",      [LB_VERB_AUTO] = "auto",
    [LB_VERB_TARGET] = "target",   [LB_VERB_NOT_TARGET] = "not-target",
    [LB_VERB_CARRE] = "carre",     [LB_VERB_WAIT] = "wait",       [LB_VERB_STAND] = "stand",
    [LB_VERB_FOLLOW] = "follow",   [LB_VERB_CONTINUE] = "continue", [LB_VERB_HALT] = "halt",
    [LB_VERB_TRAMPLE] = "number",  [LB_VERB_STEP] = "hex",        [LB_VERB_ENGAGE] = "unit",
    [LB_VERB_RETIRE] = "retreat",  [LB_VERB_PRESERVE] = "preserve", [LB_VERB_FULL] = "full",
    [LB_VERB_ADVANCE] = "unit",    [LB_VERB_STAY] = "none",
    [LB_VERB_REACT] = "react"};

/* What a decision kind reads: its words, or else a value alone (a hex, a unit, a number) as
 * `value`; the verbs with parts (fire, move, …) are the action's and the opportunity's. */
#define WORDS_MAX 3
static const struct grammar {
    lb_verb words[WORDS_MAX];
    lb_verb value;
    const char *expected;
} grammars[LB_DECIDE_COUNT] = {
    [LB_DECIDE_TARGET] = {{LB_VERB_TARGET, LB_VERB_NOT_TARGET}, LB_VERB_NONE,
                          "target or not-target"},
    [LB_DECIDE_CARRE] = {{LB_VERB_CARRE, LB_VERB_WAIT}, LB_VERB_NONE, "carre or wait"},
    [LB_DECIDE_RESPONSE] = {{LB_VERB_STAND, LB_VERB_CARRE}, LB_VERB_NONE, "stand or carre"},
    [LB_DECIDE_FOLLOW] = {{LB_VERB_FOLLOW, LB_VERB_CONTINUE, LB_VERB_HALT}, LB_VERB_NONE,
                          "follow, continue or halt"},
    [LB_DECIDE_TRAMPLE] = {{LB_VERB_NONE}, LB_VERB_TRAMPLE, "a number of movement points"},
    [LB_DECIDE_PATH] = {{LB_VERB_AUTO}, LB_VERB_END_AT, "a hex label or auto"},
    [LB_DECIDE_STEP] = {{LB_VERB_NONE}, LB_VERB_STEP, "a hex label"},
    [LB_DECIDE_ENGAGE] = {{LB_VERB_NONE}, LB_VERB_ENGAGE, "a unit id"},
    [LB_DECIDE_RETIRE] = {{LB_VERB_RETIRE, LB_VERB_STAND}, LB_VERB_NONE, "retreat or stand"},
    [LB_DECIDE_PRESERVE] = {{LB_VERB_PRESERVE, LB_VERB_FULL}, LB_VERB_NONE, "preserve or full"},
    [LB_DECIDE_ADVANCE] = {{LB_VERB_STAY}, LB_VERB_ADVANCE, "a unit id or none"},
    [LB_DECIDE_ACTION] = {{LB_VERB_END}, LB_VERB_NONE,
                          "end, fire, move, path, face, form, prolonge, attach, detach, march, "
                          "enter, charge or melee"},
    [LB_DECIDE_OPPORTUNITY] = {{LB_VERB_PASS}, LB_VERB_NONE, "fire, charge, melee or pass"},
    [LB_DECIDE_CONCEDE] = {{LB_VERB_CONCEDE}, LB_VERB_NONE, "concede"},
    [LB_DECIDE_REACTION] = {{LB_VERB_PASS}, LB_VERB_NONE, "react or pass"},
    [LB_DECIDE_NEVER_ASK] = {{LB_VERB_NONE}, LB_VERB_NONE, "no answer: \"never\" is a side's "
                             "own entry (R-OCH-13)"},
};

/* ---- the action ---------------------------------------------------------------------------- */

void lb_action_init(lb_action *a, lb_verb verb)
{
    memset(a, 0, sizeof *a);
    a->verb = verb;
}

/* The bytes of ids in use. */
static size_t ids_used(const lb_action *a)
{
    if (a->nunits == 0)
        return 0;
    const char *last = a->ids + a->unit_at[a->nunits - 1];
    return (size_t)(last - a->ids) + strlen(last) + 1;
}

/* Appends the unit id of len bytes at id. */
static int add_unit(lb_action *a, const char *id, size_t len)
{
    if (len == 0 || len >= LB_SUBJECT_MAX)
        return LB_INVALID;
    size_t used = ids_used(a);
    if (a->nunits == LB_ACTION_UNITS_MAX || used + len + 1 > sizeof a->ids)
        return LB_LIMIT;
    memcpy(a->ids + used, id, len);
    a->ids[used + len] = '\0';
    a->unit_at[a->nunits++] = (unsigned char)used;
    return LB_OK;
}

int lb_action_add_unit(lb_action *a, const char *id)
{
    return add_unit(a, id, strlen(id));
}

int lb_action_add_hex(lb_action *a, lb_hex h)
{
    if (a->nhexes == LB_ACTION_HEXES_MAX)
        return LB_LIMIT;
    a->hexes[a->nhexes++] = h;
    return LB_OK;
}

const char *lb_action_unit(const lb_action *a, int i)
{
    return i >= 0 && i < a->nunits ? a->ids + a->unit_at[i] : NULL;
}

int lb_action_eq(const lb_action *a, const lb_action *b)
{
    if (a->verb != b->verb || a->number != b->number || a->formation != b->formation ||
        a->nunits != b->nunits || a->nhexes != b->nhexes)
        return 0;
    for (int i = 0; i < a->nunits; i++)
        if (strcmp(lb_action_unit(a, i), lb_action_unit(b, i)) != 0)
            return 0;
    for (int i = 0; i < a->nhexes; i++)
        if (!lb_hex_eq(a->hexes[i], b->hexes[i]))
            return 0;
    return 1;
}

const char *lb_verb_name(lb_verb v)
{
    return (unsigned)v < LB_VERB_COUNT ? verb_names[v] : "";
}

/* ---- reading ------------------------------------------------------------------------------- */

/* Marks part of p's key, from `at` for len bytes, as the one that did not read; LB_INVALID. */
static int fault(parsed *p, key_part part, const char *at, size_t len)
{
    p->bad = part;
    p->found = at;
    p->found_len = (int)len;
    p->followed = at[len] == ':' && at[len + 1] != '\0';
    return LB_INVALID;
}

/* The same for a part that is missing: the key ended before it. */
static int missing(parsed *p, key_part part)
{
    const char *end = p->key + strlen(p->key);
    p->missing = 1;
    return fault(p, part, end, 0);
}

/* A hex label of len bytes at s into *h: 0, or -1 when it is no label of st's map. */
static int read_label(const lb_state *st, const char *s, size_t len, lb_hex *h)
{
    char label[LB_HEX_LABEL_MAX];
    if (len == 0 || len >= sizeof label)
        return -1;
    memcpy(label, s, len);
    label[len] = '\0';
    return lb_map_parse_label(&st->map, label, h) == LB_OK ? 0 : -1;
}

/* A number of len bytes at s in its one form (decimal, no sign, no leading zero) into *n, at
 * most max: 0, or -1. */
static int read_number(const char *s, size_t len, int max, int *n)
{
    if (len == 0 || len > 9 || (s[0] == '0' && len > 1))
        return -1;
    long v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = 10 * v + (s[i] - '0');
    }
    if (v > max)
        return -1;
    *n = (int)v;
    return 0;
}

/* The list from s to end (entries split by sep) as hexes into p->act: LB_OK or a fault. */
static int read_hexes(const lb_state *st, parsed *p, const char *s, const char *end, char sep)
{
    for (int i = 0;; i++) {
        const char *e = memchr(s, sep, (size_t)(end - s));
        size_t len = (size_t)((e ? e : end) - s);
        lb_hex h;
        if (read_label(st, s, len, &h) != 0 || lb_action_add_hex(&p->act, h) != LB_OK) {
            p->entry = i;
            return fault(p, KEY_HEXES, s, len);
        }
        if (!e)
            return LB_OK;
        s = e + 1;
    }
}

/* The list from s to end (ids split by '+') as units into p->act: LB_OK or a fault. */
static int read_units(parsed *p, const char *s, const char *end)
{
    for (int i = 0;; i++) {
        const char *e = memchr(s, '+', (size_t)(end - s));
        size_t len = (size_t)((e ? e : end) - s);
        if (add_unit(&p->act, s, len) != LB_OK) {
            p->entry = i;
            return fault(p, KEY_UNITS, s, len);
        }
        if (!e)
            return LB_OK;
        s = e + 1;
    }
}

/* The unit after the verb (at s, after its ':'), to the next ':' or the end; *next gets what
 * follows it. LB_OK or a fault. */
static int read_unit(parsed *p, const char *s, const char **next)
{
    if (*s != ':')
        return missing(p, KEY_UNIT);
    s++;
    size_t len = strcspn(s, ":");
    if (add_unit(&p->act, s, len) != LB_OK)
        return fault(p, KEY_UNIT, s, len);
    *next = s + len;
    return LB_OK;
}

/* "F[:N][@H1+H2…]" (s to the key's end) into the formation change. */
static int read_form(const lb_state *st, parsed *p, const char *s)
{
    lb_action *a = &p->act;
    size_t all = strlen(s), len = strcspn(s, ":@");
    char name[32];
    int f = -1;
    if (len < sizeof name) {
        memcpy(name, s, len);
        name[len] = '\0';
        f = lb_formation_parse(name);
    }
    if (f < 0)
        return fault(p, KEY_FORMATION, s, all);
    a->formation = (lb_formation)f;
    const char *q = s + len;
    if (*q == ':') {
        size_t n = strcspn(q + 1, "@");
        if (read_number(q + 1, n, 12, &a->number) != 0 || a->number == 0)
            return fault(p, KEY_FORMATION, s, all);
        q += 1 + n;
    }
    if (*q == '@') {
        for (q++;; q++) {
            size_t n = strcspn(q, "+");
            lb_hex h;
            if (a->nhexes == LB_UNIT_MAX_HEXES || read_label(st, q, n, &h) != 0)
                return fault(p, KEY_FORMATION, s, all);
            a->hexes[a->nhexes++] = h;
            q += n;
            if (*q != '+')
                break;
        }
    }
    return *q ? fault(p, KEY_FORMATION, s, all) : LB_OK;
}

/* "fire[:U1+U2+…:HEX]" from s (after the verb): the hex after the last ':', then the units. */
static int read_fire(const lb_state *st, parsed *p, const char *s)
{
    if (!*s)
        return LB_OK; /* the option that stands for every fire */
    const char *list = s + 1, *end = list + strlen(list);
    if (!*list)
        return fault(p, KEY_SHAPE, list, 0);
    p->param = 1;
    const char *last = strrchr(list, ':');
    if (!last || last == list)
        return fault(p, KEY_SHAPE, list, (size_t)(end - list));
    lb_hex h;
    if (read_label(st, last + 1, (size_t)(end - last - 1), &h) != 0)
        return fault(p, KEY_HEX, last + 1, (size_t)(end - last - 1));
    lb_action_add_hex(&p->act, h);
    return read_units(p, list, last);
}

/* "melee:HEX[:U1+U2+…]" from s (after the verb). */
static int read_melee(const lb_state *st, parsed *p, const char *s)
{
    if (*s != ':')
        return missing(p, KEY_HEX);
    const char *hex = s + 1;
    size_t len = strcspn(hex, ":");
    lb_hex h;
    if (read_label(st, hex, len, &h) != 0)
        return fault(p, KEY_HEX, hex, len);
    lb_action_add_hex(&p->act, h);
    if (!hex[len])
        return LB_OK; /* the option "melee:HEX" */
    const char *list = hex + len + 1;
    if (!*list)
        return fault(p, KEY_UNITS, list, 0);
    p->param = 1;
    return read_units(p, list, list + strlen(list));
}

/* The verbs with parts, after the unit: s is what follows it. */
static int read_after_unit(const lb_state *st, parsed *p, const char *s)
{
    lb_action *a = &p->act;
    lb_verb v = a->verb;
    if (v == LB_VERB_DETACH || v == LB_VERB_MARCH || v == LB_VERB_REACT)
        return *s ? fault(p, KEY_TRAILING, s, strlen(s)) : LB_OK;
    if ((v == LB_VERB_PATH || v == LB_VERB_CHARGE) && !*s)
        return LB_OK; /* the option "path:UNIT", "charge:UNIT" */
    key_part part = v == LB_VERB_FACE       ? KEY_NUMBER
                    : v == LB_VERB_FORM     ? KEY_FORMATION
                    : v == LB_VERB_ATTACH   ? KEY_OTHER_UNIT
                    : v == LB_VERB_PATH || v == LB_VERB_CHARGE ? KEY_HEXES
                                            : KEY_HEX;
    if (!*s)
        return missing(p, part);
    const char *r = s + 1;
    size_t len = strlen(r);
    switch (v) {
    case LB_VERB_FACE:
        return read_number(r, len, 12, &a->number) == 0 && a->number ? LB_OK
                                                                      : fault(p, part, r, len);
    case LB_VERB_FORM:
        return read_form(st, p, r);
    case LB_VERB_ATTACH:
        return add_unit(a, r, len) == LB_OK ? LB_OK : fault(p, part, r, len);
    case LB_VERB_PATH:
    case LB_VERB_CHARGE:
        if (!len)
            return fault(p, part, r, 0);
        p->param = 1;
        return read_hexes(st, p, r, r + len, ',');
    default: {
        lb_hex h;
        if (read_label(st, r, len, &h) != 0)
            return fault(p, part, r, len);
        return lb_action_add_hex(a, h);
    }
    }
}

/* A key of the action or the opportunity decision: a verb, then its parts. */
static int read_verb(const lb_state *st, lb_decision_kind kind, parsed *p)
{
    const char *key = p->key;
    size_t len = strcspn(key, ":");
    lb_verb v = LB_VERB_NONE;
    for (int i = LB_VERB_END; i <= LB_VERB_PASS && v == LB_VERB_NONE; i++)
        if (strlen(verb_names[i]) == len && strncmp(key, verb_names[i], len) == 0)
            v = (lb_verb)i;
    if (len == strlen(verb_names[LB_VERB_REACT]) && strncmp(key, "react", len) == 0)
        v = LB_VERB_REACT;
    int ok = kind == LB_DECIDE_ACTION     ? v >= LB_VERB_END && v <= LB_VERB_MELEE
             : kind == LB_DECIDE_REACTION ? v == LB_VERB_REACT || v == LB_VERB_PASS /* R-RCH-1 */
                                          : v == LB_VERB_FIRE || v == LB_VERB_CHARGE ||
                                                v == LB_VERB_MELEE ||
                                                v == LB_VERB_PASS; /* R-GAME-17, R-OCH-4, 8 */
    if (!ok || ((v == LB_VERB_END || v == LB_VERB_PASS) && key[len]))
        return fault(p, KEY_VERB, key, strlen(key));
    p->act.verb = v;
    const char *s = key + len, *next = NULL;
    if (v == LB_VERB_END || v == LB_VERB_PASS)
        return LB_OK;
    if (v == LB_VERB_FIRE)
        return read_fire(st, p, s);
    if (v == LB_VERB_MELEE)
        return read_melee(st, p, s);
    int rc = read_unit(p, s, &next);
    return rc == LB_OK ? read_after_unit(st, p, next) : rc;
}

/* A key of the other decisions: one of its words, or its value alone. */
static int read_word(const lb_state *st, lb_decision_kind kind, parsed *p)
{
    const struct grammar *gr = &grammars[kind];
    const char *key = p->key;
    size_t len = strlen(key);
    for (int i = 0; i < WORDS_MAX && gr->words[i] != LB_VERB_NONE; i++)
        if (strcmp(key, verb_names[gr->words[i]]) == 0) {
            p->act.verb = gr->words[i];
            return LB_OK;
        }
    lb_action *a = &p->act;
    lb_hex h;
    switch (gr->value) {
    case LB_VERB_END_AT:
    case LB_VERB_STEP:
        if (read_label(st, key, len, &h) != 0)
            break;
        a->verb = gr->value;
        return lb_action_add_hex(a, h);
    case LB_VERB_ENGAGE:
    case LB_VERB_ADVANCE:
        if (add_unit(a, key, len) != LB_OK)
            break;
        a->verb = gr->value;
        return LB_OK;
    case LB_VERB_TRAMPLE:
        if (read_number(key, len, 1 << 20, &a->number) != 0)
            break;
        a->verb = gr->value;
        return LB_OK;
    default:
        break;
    }
    return fault(p, KEY_VERB, key, len);
}

int lbi_action_read(const lb_state *st, lb_decision_kind kind, const char *key, parsed *p)
{
    memset(p, 0, sizeof *p);
    p->key = key;
    if (strlen(key) >= LB_OPTION_KEY_MAX)
        return fault(p, KEY_LENGTH, key, strlen(key));
    if ((unsigned)kind >= LB_DECIDE_COUNT)
        return fault(p, KEY_VERB, key, strlen(key));
    if (kind == LB_DECIDE_ACTION || kind == LB_DECIDE_OPPORTUNITY || kind == LB_DECIDE_REACTION)
        return read_verb(st, kind, p);
    return read_word(st, kind, p);
}

/* What the part that did not read should have been. */
static const char *expected(const lb_state *st, lb_decision_kind kind, const parsed *p,
                            char *buf, size_t n)
{
    int digits = st->map.col_digits + st->map.row_digits;
    switch (p->bad) {
    case KEY_LENGTH:
        snprintf(buf, n, "a key of at most %d characters", LB_OPTION_KEY_MAX - 1);
        break;
    case KEY_VERB:
        snprintf(buf, n, "%s", (unsigned)kind < LB_DECIDE_COUNT ? grammars[kind].expected
                                                                 : "a decision kind");
        break;
    case KEY_UNIT:
    case KEY_OTHER_UNIT:
        snprintf(buf, n, "a unit id (1 to %d characters)", LB_SUBJECT_MAX - 1);
        break;
    case KEY_SHAPE:
        snprintf(buf, n, "U1+U2+…:HEX");
        break;
    case KEY_HEX:
        snprintf(buf, n, "a hex label of %d digits", digits);
        break;
    case KEY_HEXES:
        snprintf(buf, n, "hex labels of %d digits H1,H2,… (at most %d), entry %d", digits,
                 LB_ACTION_HEXES_MAX, p->entry + 1);
        break;
    case KEY_UNITS:
        snprintf(buf, n, "unit ids U1+U2+… (at most %d), entry %d", LB_ACTION_UNITS_MAX,
                 p->entry + 1);
        break;
    case KEY_NUMBER:
        snprintf(buf, n, "a clock hour from 1 to 12");
        break;
    case KEY_FORMATION:
        snprintf(buf, n, "FORMATION[:N][@H1+H2…]");
        break;
    case KEY_TRAILING:
        snprintf(buf, n, "the end of the key");
        break;
    case KEY_WHOLE:
        buf[0] = '\0';
        break;
    }
    return buf;
}

int lb_action_parse(const lb_state *st, lb_decision_kind kind, const char *key, lb_action *out,
                    lb_err *err)
{
    parsed p;
    int rc = lbi_action_read(st, kind, key, &p);
    *out = p.act;
    if (rc == LB_OK)
        return LB_OK;
    char what[160], part[LB_OPTION_KEY_MAX], quoted[LB_OPTION_KEY_MAX + 16];
    int col = (int)(p.found - key) + 1;
    expected(st, kind, &p, what, sizeof what);
    if (p.bad == KEY_LENGTH) {
        lb_err_set(err, LB_INVALID, "expected %s, found %d", what, p.found_len);
    } else if (p.missing) {
        lb_err_set(err, LB_INVALID, "character %d: expected %s, found the key's end", col, what);
    } else {
        snprintf(part, sizeof part, "%.*s", p.found_len, p.found);
        lb_err_set(err, LB_INVALID, "character %d: expected %s, found %s", col, what,
                   lb_err_quote(part, quoted, sizeof quoted));
    }
    if (err)
        err->col = col;
    return LB_INVALID;
}

/* ---- writing ------------------------------------------------------------------------------- */

typedef struct writer {
    char *buf;
    size_t n, used;
    int full;
} writer;

static void put(writer *w, const char *s, size_t len)
{
    if (w->used + len >= w->n) {
        w->full = 1;
        return;
    }
    memcpy(w->buf + w->used, s, len);
    w->used += len;
    w->buf[w->used] = '\0';
}

static void puts_(writer *w, const char *s)
{
    put(w, s, strlen(s));
}

static void put_hex(writer *w, const lb_state *st, lb_hex h)
{
    char label[LB_HEX_LABEL_MAX];
    puts_(w, lb_map_label(&st->map, h, label));
}

static void put_number(writer *w, int n)
{
    char num[16];
    snprintf(num, sizeof num, "%d", n);
    puts_(w, num);
}

/* The hexes from `from` on, joined by sep. */
static void put_hexes(writer *w, const lb_state *st, const lb_action *a, int from, const char *sep)
{
    for (int i = from; i < a->nhexes; i++) {
        if (i > from)
            puts_(w, sep);
        put_hex(w, st, a->hexes[i]);
    }
}

/* The units from `from` on, joined by '+'. */
static void put_units(writer *w, const lb_action *a, int from)
{
    for (int i = from; i < a->nunits; i++) {
        if (i > from)
            puts_(w, "+");
        puts_(w, lb_action_unit(a, i));
    }
}

/* Does a have the units and hexes its verb needs (nunits, nhexes; -1 any, -2 at least one)? */
static int has(const lb_action *a, int units, int hexes)
{
    return (units == -1 || (units == -2 ? a->nunits > 0 : a->nunits == units)) &&
           (hexes == -1 || (hexes == -2 ? a->nhexes > 0 : a->nhexes == hexes));
}

/* The key of a verb with parts (fire, move, …, melee); 0, or -1 when a lacks one. */
static int put_parts(writer *w, const lb_state *st, const lb_action *a)
{
    switch (a->verb) {
    case LB_VERB_FIRE:
        if (has(a, 0, 0))
            return 0; /* the option that stands for every fire */
        if (!has(a, -2, 1))
            return -1;
        puts_(w, ":");
        put_units(w, a, 0);
        puts_(w, ":");
        put_hex(w, st, a->hexes[0]);
        return 0;
    case LB_VERB_MELEE:
        if (!has(a, -1, 1))
            return -1;
        puts_(w, ":");
        put_hex(w, st, a->hexes[0]);
        if (a->nunits)
            puts_(w, ":");
        put_units(w, a, 0);
        return 0;
    case LB_VERB_MOVE:
    case LB_VERB_ENTER:
    case LB_VERB_PROLONGE:
    case LB_VERB_PATH:
    case LB_VERB_CHARGE: {
        int list = a->verb == LB_VERB_PATH || a->verb == LB_VERB_CHARGE;
        if (!has(a, 1, list ? -1 : 1))
            return -1;
        puts_(w, ":");
        put_units(w, a, 0);
        if (a->nhexes)
            puts_(w, ":");
        put_hexes(w, st, a, 0, ",");
        return 0;
    }
    case LB_VERB_FACE:
        if (!has(a, 1, 0) || a->number < 1 || a->number > 12)
            return -1;
        puts_(w, ":");
        put_units(w, a, 0);
        puts_(w, ":");
        put_number(w, a->number);
        return 0;
    case LB_VERB_FORM:
        if (!has(a, 1, -1) || (unsigned)a->formation >= LB_FORM_NONE || a->number < 0 ||
            a->number > 12)
            return -1;
        puts_(w, ":");
        put_units(w, a, 0);
        puts_(w, ":");
        puts_(w, lb_formation_name(a->formation));
        if (a->number) {
            puts_(w, ":");
            put_number(w, a->number);
        }
        if (a->nhexes)
            puts_(w, "@");
        put_hexes(w, st, a, 0, "+");
        return 0;
    case LB_VERB_ATTACH:
    case LB_VERB_DETACH:
    case LB_VERB_MARCH:
    case LB_VERB_REACT:
        if (!has(a, a->verb == LB_VERB_ATTACH ? 2 : 1, 0))
            return -1;
        puts_(w, ":");
        puts_(w, lb_action_unit(a, 0));
        if (a->verb == LB_VERB_ATTACH) {
            puts_(w, ":");
            puts_(w, lb_action_unit(a, 1));
        }
        return 0;
    default:
        return -1;
    }
}

int lb_action_fmt(const lb_state *st, const lb_action *a, char *buf, size_t n)
{
    writer w = {buf, n, 0, 0};
    if (n)
        buf[0] = '\0';
    if ((unsigned)a->verb >= LB_VERB_COUNT || a->verb == LB_VERB_NONE || a->nunits < 0 ||
        a->nunits > LB_ACTION_UNITS_MAX || a->nhexes < 0 || a->nhexes > LB_ACTION_HEXES_MAX)
        return LB_INVALID;
    switch (a->verb) {
    case LB_VERB_END_AT:
    case LB_VERB_STEP:
        if (!has(a, 0, 1))
            return LB_INVALID;
        put_hex(&w, st, a->hexes[0]);
        break;
    case LB_VERB_ENGAGE:
    case LB_VERB_ADVANCE:
        if (!has(a, 1, 0))
            return LB_INVALID;
        puts_(&w, lb_action_unit(a, 0));
        break;
    case LB_VERB_TRAMPLE:
        if (a->number < 0)
            return LB_INVALID;
        put_number(&w, a->number);
        break;
    default:
        puts_(&w, verb_names[a->verb]);
        if (((a->verb >= LB_VERB_FIRE && a->verb <= LB_VERB_MELEE) || a->verb == LB_VERB_REACT) &&
            put_parts(&w, st, a) != 0)
            return LB_INVALID;
    }
    return w.full ? LB_LIMIT : LB_OK;
}
