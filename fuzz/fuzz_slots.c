/* Fuzz target: the server's table of games in memory (server/slot_table.c) through any order of loads, holds by requests and streams, lets-go and the ticker's rounds, against a model: the games in it, their holds and last uses, the game each change lets go (the least recently used nobody holds, only past the table's size), and never more games than its size unless every one is held. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define IDS 48 /* game ids 1..IDS */

typedef struct model {
    int present[IDS + 1];
    int refs[IDS + 1];
    unsigned long long used[IDS + 1];
    unsigned long long tick;
    int keep;
} model;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_slots: %s\n", what);
        __builtin_trap();
    }
}

/* The game the model lets go after a change: the least recently used nobody holds, when the
 * table holds more than keep games; 0 for none. */
static int model_evict(const model *m)
{
    int n = 0, lru = 0;
    for (int id = 1; id <= IDS; id++) {
        if (!m->present[id])
            continue;
        n++;
        if (m->refs[id] == 0 && (!lru || m->used[id] < m->used[lru]))
            lru = id;
    }
    return n > m->keep ? lru : 0;
}

/* The game the table let go (or NULL) is the model's, and is freed. */
static void gone_is(model *m, slot *gone)
{
    int want = model_evict(m);
    check((gone ? (int)gone->id : 0) == want, "the game let go is not the least recently used "
                                              "one nobody holds past the table's size");
    if (gone) {
        check(gone->refs == 0, "a held game was let go");
        m->present[want] = 0;
        free(gone);
    }
}

static void hold(slot_table *t, model *m, slot *sl)
{
    table_hold(t, sl);
    m->refs[sl->id]++;
    m->used[sl->id] = ++m->tick;
}

static void release(slot_table *t, model *m, slot *sl)
{
    m->refs[sl->id]--;
    gone_is(m, table_release(t, sl));
}

/* The table is the model: the same games with the same holds and uses, and no more games than
 * its size unless every one is held. */
static void same(const slot_table *t, const model *m)
{
    int n = 0, held = 0;
    for (int id = 1; id <= IDS; id++) {
        slot *sl = table_find(t, id);
        check(!!sl == m->present[id], "a game is in the table and not in the model, or back");
        if (!sl)
            continue;
        n++;
        held += sl->refs > 0;
        check(sl->id == id && sl->refs == m->refs[id] && sl->used == m->used[id],
              "a game's id, holds or last use differ from the model's");
    }
    check(n == t->n, "the table counts another number of games");
    check(n <= t->keep || held == n, "the table keeps more games than its size while one of them "
                                     "is held by nobody");
    check(t->tick == m->tick, "the table counts its uses apart from the model");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    model m = {.keep = 1 + data[0] % 8};
    slot_table t = {.keep = m.keep};
    for (size_t i = 1; i < size; i++) {
        int op = data[i] % 5, id = 1 + (data[i] / 5) % IDS;
        slot *sl = table_find(&t, id);
        switch (op) {
        case 0: /* a request gets game id: held, or loaded into the table */
            if (sl) {
                hold(&t, &m, sl);
                break;
            }
            sl = calloc(1, sizeof *sl);
            check(sl != NULL, "out of memory");
            sl->id = id;
            slot *gone = NULL;
            if (table_insert(&t, sl, &gone) != LB_OK) {
                free(sl);
                break;
            }
            m.present[id] = 1;
            m.refs[id] = 1;
            m.used[id] = ++m.tick;
            gone_is(&m, gone);
            break;
        case 1: /* a request lets go of it */
        case 2: /* a stream ends */
            if (sl && m.refs[id] > 0)
                release(&t, &m, sl);
            break;
        case 3: /* a stream begins on it */
            if (sl)
                hold(&t, &m, sl);
            break;
        default: /* the ticker's round: it holds the games streams wait on, then lets go */
            for (int k = 0; k < t.n; k++)
                if (t.slots[k]->refs > 0)
                    hold(&t, &m, t.slots[k]);
            for (int k = 1; k <= IDS; k++) {
                slot *watched = table_find(&t, k);
                if (watched && m.refs[k] > 1)
                    release(&t, &m, watched);
            }
            break;
        }
        same(&t, &m);
    }
    for (int k = 0; k < t.n; k++)
        free(t.slots[k]);
    table_free(&t);
    return 0;
}
