/* Decisions and the journal: options with stable keys, standing answers, an append-only log of choices and dice (as JSON: src/answer/journal_json.c). */
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE (Linux) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "action.h"
#include "lb/rules.h"
#include "lb/core.h"
#include "decision_int.h"
#include "names.h"

static const char *const kind_names[LB_DECIDE_COUNT] = {
    "target", "carre", "response", "follow", "trample", "path", "step", "engage", "retire",
    "preserve", "advance", "action", "opportunity", "concede",
    "reaction", "never_ask"};
static const char *const by_names[] = {"player", "standing", "auto"};

const char *lb_decision_kind_name(lb_decision_kind kind)
{
    return kind_names[kind];
}

int lb_decision_kind_parse(const char *s)
{
    return lbi_name_index(s, kind_names, LB_DECIDE_COUNT);
}

const char *lb_decided_by_name(lb_decided_by by)
{
    return by_names[by];
}

int lb_decided_by_parse(const char *s)
{
    return lbi_name_index(s, by_names, 3);
}

void lb_decision_init(lb_decision *d, lb_decision_kind kind, int side, const char *subject,
                      const char *rule, const char *fmt, ...)
{
    memset(d, 0, sizeof *d);
    d->kind = kind;
    d->side = side;
    d->rule = rule;
    snprintf(d->subject, sizeof d->subject, "%s", subject ? subject : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->prompt, sizeof d->prompt, fmt, ap);
    va_end(ap);
}

#define INDEX_FROM 16 /* options past which keys are found through a hash index */

/* The key's hash (FNV-1a) and its length into *len. */
static unsigned key_hash(const char *key, size_t *len)
{
    unsigned h = 2166136261u;
    const unsigned char *p = (const unsigned char *)key;
    for (; *p; p++)
        h = (h ^ *p) * 16777619u;
    *len = (size_t)(p - (const unsigned char *)key);
    return h;
}

/* The slot of key (hash h) in the index: the option's when it is one, else the empty slot
 * where it goes. */
/* The slot where a key of hash h is looked for first: its hash's top bits, so that the slots
 * in order are the hashes in order (lbi_decision_index). */
static unsigned index_home(const lb_decision *d, unsigned h)
{
    return h >> (32 - __builtin_ctz((unsigned)d->nslots));
}

static unsigned index_slot(const lb_decision *d, const char *key, unsigned h)
{
    unsigned mask = (unsigned)d->nslots - 1, k = index_home(d, h);
    for (; d->slots[k].option; k = (k + 1) & mask)
        if (d->slots[k].hash == h && strcmp(d->options[d->slots[k].option - 1].key, key) == 0)
            break;
    return k;
}

/* A new index with room for n options, holding the options there are; LB_OK or LB_NOMEM. */
static int index_build(lb_decision *d, int n)
{
    int size = 64;
    while (size < 2 * n)
        size *= 2;
    lb_key_slot *slots = calloc((size_t)size, sizeof *slots);
    if (!slots)
        return LB_NOMEM;
    free(d->slots);
    d->slots = slots;
    d->nslots = size;
    for (int i = 0; i < d->noptions; i++) {
        size_t len;
        unsigned h = key_hash(d->options[i].key, &len);
        unsigned k = index_slot(d, d->options[i].key, h);
        d->slots[k] = (lb_key_slot){h, i + 1};
    }
    return LB_OK;
}

/* Keeps the index at least twice the options, the last one (hash h, its empty slot k when the
 * index was there) in it; LB_OK or LB_NOMEM. */
static int index_grow(lb_decision *d, unsigned h, unsigned k)
{
    if (!d->slots && d->noptions < INDEX_FROM)
        return LB_OK;
    if (d->slots && 2 * d->noptions <= d->nslots) {
        d->slots[k] = (lb_key_slot){h, d->noptions};
        return LB_OK;
    }
    return index_build(d, d->noptions);
}

/* Appends option key (len bytes, hash h; its text still to write) into *out, indexed; LB_OK,
 * LB_INVALID (key too long, empty or already an option), LB_LIMIT or LB_NOMEM (the decision as
 * it was). */
static int hashed_option(lb_decision *d, const char *key, size_t len, unsigned h,
                         const char *param, lb_option **out)
{
    unsigned k = 0;
    if (len >= LB_OPTION_KEY_MAX || !key[0])
        return LB_INVALID;
    if (!d->unindexed &&
        (d->slots ? d->slots[k = index_slot(d, key, h)].option != 0 : lb_decision_find(d, key) >= 0))
        return LB_INVALID;
    if (d->max > 0 && d->noptions >= d->max)
        return LB_LIMIT; /* R-WEB-6 */
    if (d->noptions >= d->cap) {
        lb_option *options = lb_grow(d->options, &d->cap, d->noptions + 1, sizeof *options);
        if (!options)
            return LB_NOMEM;
        d->options = options;
    }
    if (d->noptions < d->actions_cap)
        d->actions[d->noptions].verb = LB_VERB_NONE; /* none until lbi_decision_act_add's */
    lb_option *o = &d->options[d->noptions++];
    memcpy(o->key, key, len + 1);
    o->param = param;
    if (!d->unindexed && index_grow(d, h, k) != LB_OK) {
        d->noptions--;
        return LB_NOMEM;
    }
    *out = o;
    return LB_OK;
}

/* The same, its key's length and hash still to find. */
static int new_option(lb_decision *d, const char *key, const char *param, lb_option **out)
{
    size_t len;
    unsigned h = key_hash(key, &len);
    return hashed_option(d, key, len, h, param, out);
}

static int vadd(lb_decision *d, const char *key, const char *param, const char *fmt, va_list ap)
{
    lb_option *o;
    int rc = new_option(d, key, param, &o);
    if (rc == LB_OK)
        vsnprintf(o->text, sizeof o->text, fmt, ap);
    return rc;
}

int lb_decision_add(lb_decision *d, const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vadd(d, key, NULL, fmt, ap);
    va_end(ap);
    return rc;
}

int lb_decision_add_param(lb_decision *d, const char *key, const char *param, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vadd(d, key, param, fmt, ap);
    va_end(ap);
    return rc;
}

int lb_decision_find_param(const lb_decision *d, const char *answer)
{
    for (int i = 0; i < d->noptions; i++) {
        size_t n = strlen(d->options[i].key);
        if (d->options[i].param && strncmp(answer, d->options[i].key, n) == 0 &&
            answer[n] == ':' && answer[n + 1])
            return i;
    }
    return -1;
}

int lb_decision_find(const lb_decision *d, const char *key)
{
    if (d->slots) {
        size_t len;
        return d->slots[index_slot(d, key, key_hash(key, &len))].option - 1;
    }
    for (int i = 0; i < d->noptions; i++)
        if (strcmp(d->options[i].key, key) == 0)
            return i;
    return -1;
}

const lb_action *lb_decision_action(const lb_decision *d, int i)
{
    if (!d->actions || i < 0 || i >= d->noptions || i >= d->actions_cap ||
        d->actions[i].verb == LB_VERB_NONE)
        return NULL;
    return &d->actions[i];
}

int lb_decision_standing(const lb_decision *d, const lb_standing *rules, int nrules)
{
    for (int i = 0; i < nrules; i++) {
        const lb_standing *r = &rules[i];
        if (r->kind != d->kind || (r->subject && strcmp(r->subject, d->subject) != 0))
            continue;
        int k = lb_decision_find(d, r->key);
        if (k >= 0)
            return k;
    }
    return -1;
}

void lb_decision_move(lb_decision *dst, lb_decision *src)
{
    lb_decision_release(dst);
    *dst = *src;
    memset(src, 0, sizeof *src);
}

void lb_decision_release(lb_decision *d)
{
    if (!d)
        return;
    free(d->options);
    free(d->slots);
    free(d->option_said);
    free(d->actions);
    d->options = NULL;
    d->slots = NULL;
    d->option_said = NULL;
    d->actions = NULL;
    d->noptions = d->cap = d->nslots = d->said_cap = d->actions_cap = 0;
}

void lbi_decision_said_init(lb_decision *d, lb_decision_kind kind, int side, const char *subject,
                            const char *rule, const lb_said *prompt)
{
    lb_decision_init(d, kind, side, subject, rule, "%s", "");
    d->said = *prompt;
}

int lbi_decision_said_add(lb_decision *d, const char *key, const lb_said *text)
{
    if (d->noptions >= d->said_cap) { /* room first: a failed add leaves the options as they were */
        int cap = d->said_cap;
        lb_said *more = lb_grow(d->option_said, &cap, d->noptions + 1, sizeof *more);
        if (!more)
            return LB_NOMEM;
        memset(more + d->said_cap, 0, (size_t)(cap - d->said_cap) * sizeof *more);
        d->option_said = more;
        d->said_cap = cap;
    }
    int rc = lb_decision_add(d, key, "%s", "");
    if (rc == LB_OK)
        d->option_said[d->noptions - 1] = *text;
    return rc;
}

/* The options [from, to) added before there was room for their actions carry none. */
static void actions_none(lb_action *actions, int from, int to)
{
    for (int i = from; i < to; i++)
        actions[i].verb = LB_VERB_NONE;
}

/* Room for n actions (each option's action is written when it is added: see vadd); LB_OK or
 * LB_NOMEM. */
static int actions_room(lb_decision *d, int n)
{
    if (n <= d->actions_cap)
        return LB_OK;
    int cap = d->actions_cap;
    lb_action *more = lb_grow(d->actions, &cap, n, sizeof *more);
    if (!more)
        return LB_NOMEM;
    actions_none(more, d->actions_cap, d->noptions);
    d->actions = more;
    d->actions_cap = cap;
    return LB_OK;
}

#define LARGE_PAGE ((size_t)2 << 20)

/* Room for n items of size bytes in place of items (the first used kept), into *cap; NULL when
 * out of memory (items untouched). A large list is written once, whole, and freed soon after:
 * on Linux it is laid on large pages, one page fault each 2 MB instead of each 4 KB (a fault of
 * a shared virtual machine costs microseconds). A hint only: refused, nothing changes. */
static void *room_for(void *items, int used, int n, size_t size, int *cap)
{
    size_t bytes = (size_t)n * size;
    if (bytes < LARGE_PAGE) {
        void *more = realloc(items, bytes);
        if (more)
            *cap = n;
        return more;
    }
    bytes = (bytes + LARGE_PAGE - 1) / LARGE_PAGE * LARGE_PAGE;
    void *more = aligned_alloc(LARGE_PAGE, bytes);
    if (!more)
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(more, bytes, MADV_HUGEPAGE);
#endif
    if (used > 0)
        memcpy(more, items, (size_t)used * size);
    free(items);
    *cap = (int)(bytes / size);
    return more;
}

int lbi_decision_reserve(lb_decision *d, int n)
{
    if (n > d->cap) {
        lb_option *options = room_for(d->options, d->noptions, n, sizeof *options, &d->cap);
        if (!options)
            return LB_NOMEM;
        d->options = options;
    }
    if (n > d->actions_cap) {
        int had = d->actions_cap;
        lb_action *actions = room_for(d->actions, had < d->noptions ? had : d->noptions, n,
                                      sizeof *actions, &d->actions_cap);
        if (!actions)
            return LB_NOMEM;
        actions_none(actions, had, d->noptions);
        d->actions = actions;
    }
    if (n >= INDEX_FROM && 2 * n > d->nslots && !d->unindexed)
        return index_build(d, n);
    return LB_OK;
}

void lbi_decision_defer(lb_decision *d)
{
    d->unindexed = 1;
}

/* Sorts n (hash, option) pairs by hash, the options in order within a hash (a byte at a time,
 * through tmp). */
static void sort_hashes(lb_key_slot *p, lb_key_slot *tmp, int n)
{
    for (int shift = 0; shift < 32; shift += 8) {
        int count[257] = {0};
        for (int i = 0; i < n; i++)
            count[((p[i].hash >> shift) & 255) + 1]++;
        for (int b = 0; b < 256; b++)
            count[b + 1] += count[b];
        for (int i = 0; i < n; i++)
            tmp[count[(p[i].hash >> shift) & 255]++] = p[i];
        lb_key_slot *t = p; /* four passes: the pairs end where they began */
        p = tmp;
        tmp = t;
    }
}

/* Takes away each option of the sorted pairs p whose key an earlier option has; the number
 * taken away. */
static int drop_repeats(lb_decision *d, const lb_key_slot *p, int n, char *drop)
{
    int dropped = 0;
    for (int i = 1; i < n; i++)
        for (int j = i - 1; j >= 0 && p[j].hash == p[i].hash; j--)
            if (!drop[p[j].option - 1] &&
                strcmp(d->options[p[j].option - 1].key, d->options[p[i].option - 1].key) == 0) {
                drop[p[i].option - 1] = 1;
                dropped++;
                break;
            }
    int kept = 0;
    for (int i = 0; dropped && i < d->noptions; i++) {
        if (drop[i])
            continue;
        d->options[kept] = d->options[i];
        if (d->actions && i < d->actions_cap)
            d->actions[kept] = d->actions[i];
        if (d->option_said && i < d->said_cap)
            d->option_said[kept] = d->option_said[i];
        kept++;
    }
    if (dropped)
        d->noptions = kept;
    return dropped;
}

/* The index of the sorted pairs p, slot after slot (each at its home or the next free one past
 * the last), the few that pass the end probed from the start. */
static void index_sorted(lb_decision *d, const lb_key_slot *p, int n)
{
    unsigned next = 0;
    int i = 0;
    for (; i < n; i++) {
        unsigned home = index_home(d, p[i].hash), at = home > next ? home : next;
        if (at >= (unsigned)d->nslots)
            break;
        d->slots[at] = p[i];
        next = at + 1;
    }
    for (; i < n; i++)
        d->slots[index_slot(d, d->options[p[i].option - 1].key, p[i].hash)] = p[i];
}

int lbi_decision_index(lb_decision *d)
{
    d->unindexed = 0;
    int n = d->noptions;
    lb_key_slot *p = malloc(2 * (size_t)(n ? n : 1) * sizeof *p);
    char *drop = calloc((size_t)(n ? n : 1), 1);
    int rc = p && drop ? LB_OK : LB_NOMEM;
    for (int i = 0; rc == LB_OK && i < n; i++) {
        size_t len;
        p[i] = (lb_key_slot){key_hash(d->options[i].key, &len), i + 1};
    }
    if (rc == LB_OK)
        sort_hashes(p, p + n, n);
    if (rc == LB_OK && drop_repeats(d, p, n, drop) > 0) {
        free(d->slots); /* options moved: the index made again, key by key */
        d->slots = NULL;
        d->nslots = 0;
        rc = d->noptions >= INDEX_FROM ? index_build(d, d->noptions) : LB_OK;
    } else if (rc == LB_OK && n < INDEX_FROM) {
        free(d->slots); /* few: found without an index */
        d->slots = NULL;
        d->nslots = 0;
    } else if (rc == LB_OK) {
        int size = 64;
        while (size < 2 * n)
            size *= 2;
        lb_key_slot *slots = calloc((size_t)size, sizeof *slots);
        if (slots) {
            free(d->slots);
            d->slots = slots;
            d->nslots = size;
            index_sorted(d, p, n);
        } else {
            rc = LB_NOMEM;
        }
    }
    free(p);
    free(drop);
    return rc;
}

int lbi_decision_act_add(lb_decision *d, const char *key, const char *param, const lb_action *a,
                         const char *text)
{
    /* room first: a failed add leaves the options as they were */
    if (actions_room(d, d->noptions + 1) != LB_OK)
        return LB_NOMEM;
    size_t len;
    unsigned h = key_hash(key, &len);
    if (d->slots && !d->unindexed) /* the index's slot is far: asked for before the copy */
        __builtin_prefetch(&d->slots[index_home(d, h)]);
    lb_action *to = &d->actions[d->noptions];
    *to = *a; /* where the option's action goes (past the options: nothing if refused) */
    lb_option *o;
    int rc = hashed_option(d, key, len, h, param, &o);
    if (rc != LB_OK)
        return rc;
    to->verb = a->verb; /* hashed_option marked it none */
    len = strnlen(text, sizeof o->text - 1); /* as "%s" would, cut to the room */
    memcpy(o->text, text, len);
    o->text[len] = '\0';
    return LB_OK;
}

void lb_journal_init(lb_journal *j)
{
    memset(j, 0, sizeof *j);
}

void lb_journal_release(lb_journal *j)
{
    if (!j)
        return;
    free(j->entries);
    memset(j, 0, sizeof *j);
}

static lb_journal_entry *push(lb_journal *j)
{
    lb_journal_entry *entries = lb_grow(j->entries, &j->cap, j->count + 1, sizeof *entries);
    if (!entries)
        return NULL;
    j->entries = entries;
    lb_journal_entry *e = &j->entries[j->count++];
    memset(e, 0, sizeof *e);
    return e;
}

int lb_journal_decision(lb_journal *j, const lb_decision *d, int option, lb_decided_by by)
{
    lb_journal_entry *e = push(j);
    if (!e)
        return LB_NOMEM;
    e->kind = LB_ENTRY_DECISION;
    e->decision = d->kind;
    e->side = d->side;
    e->by = by;
    snprintf(e->subject, sizeof e->subject, "%s", d->subject);
    snprintf(e->key, sizeof e->key, "%s", d->options[option].key);
    return LB_OK;
}

int lb_journal_answer(lb_journal *j, lb_decision_kind kind, int side, const char *subject,
                      const char *key, lb_decided_by by)
{
    if (strlen(key) >= LB_OPTION_KEY_MAX || strlen(subject) >= LB_SUBJECT_MAX)
        return LB_INVALID;
    lb_journal_entry *e = push(j);
    if (!e)
        return LB_NOMEM;
    e->kind = LB_ENTRY_DECISION;
    e->decision = kind;
    e->side = side;
    e->by = by;
    snprintf(e->subject, sizeof e->subject, "%s", subject);
    snprintf(e->key, sizeof e->key, "%s", key);
    return LB_OK;
}

int lb_journal_undo(lb_journal *j, int side, int keep)
{
    lb_journal_entry *e = push(j);
    if (!e)
        return LB_NOMEM;
    e->kind = LB_ENTRY_UNDO;
    e->side = side;
    e->value = keep;
    return LB_OK;
}

int lb_journal_push(lb_journal *j, const lb_journal_entry *src)
{
    lb_journal_entry *e = push(j);
    if (!e)
        return LB_NOMEM;
    *e = *src;
    return LB_OK;
}

int lb_journal_roll(lb_journal *j, lb_die_kind die, int value, const char *purpose)
{
    lb_journal_entry *e = push(j);
    if (!e)
        return LB_NOMEM;
    e->kind = LB_ENTRY_ROLL;
    e->die = die;
    e->value = value;
    snprintf(e->purpose, sizeof e->purpose, "%s", purpose);
    return LB_OK;
}

void lb_journal_truncate(lb_journal *j, int n)
{
    if (n >= 0 && n < j->count)
        j->count = n;
}

int lb_journal_copy(lb_journal *dst, const lb_journal *src)
{
    lb_journal_init(dst);
    if (src->count == 0)
        return LB_OK;
    dst->entries = malloc((size_t)src->count * sizeof *dst->entries);
    if (!dst->entries)
        return LB_NOMEM;
    memcpy(dst->entries, src->entries, (size_t)src->count * sizeof *dst->entries);
    dst->count = dst->cap = src->count;
    return LB_OK;
}
