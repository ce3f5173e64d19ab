/* Line of sight linked against liblb_rules.a alone: a state built by hand, no loader, no JSON, no database, no HTTP. */
#include <stdio.h>
#include <string.h>

#include "arena_int.h"
#include "lb/core.h"
#include "los.h"
#include "lb/state.h"
#include "state_int.h"
#include "words.h"
#include "los_int.h"

/*
 * One column of three hexes, 0101 above 0102 above 0103, all at elevation 0 (R-GRID-2: a
 * column is vertical). The sight line from 0101 to 0103 runs down the column through the
 * centre of 0102: one intervening hex. Woods there block the line (R-LOS-3); clear terrain
 * does not. The trace's sentences come from the words the library holds.
 */

enum { CLEAR, WOODS };

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

static lb_state *column_state(int middle)
{
    static lb_terrain_type terrain[2] = {{.id = "clear", .los = LB_LOS_CLEAR},
                                         {.id = "woods", .los = LB_LOS_BLOCKS}};
    lb_arena *arena = lb_arena_new();
    lb_state *st = arena ? lb_arena_calloc(arena, 1, sizeof *st) : NULL;
    uint8_t *cells = st ? lb_arena_calloc(arena, 3, 1) : NULL;
    int8_t *heights = cells ? lb_arena_calloc(arena, 3, 1) : NULL;
    uint8_t *sides = heights ? lb_arena_calloc(arena, 18, 1) : NULL;
    if (!sides) {
        lb_arena_free(arena);
        return NULL;
    }
    st->arena = arena;
    st->sides[0] = "French";
    st->sides[1] = "Austrian";
    st->map = (lb_map){.cols = 1, .rows = 3, .col_digits = 2, .row_digits = 2, .terrain = cells,
                       .elevation = heights, .sides = sides};
    cells[lb_map_cell(&st->map, (lb_hex){1, 2})] = (uint8_t)middle;
    st->charts.terrain = terrain;
    st->charts.nterrain = 2;
    st->charts.elevation_hexside = -1;
    if (lb_state_reindex(st) != LB_OK) {
        lb_state_free(st);
        return NULL;
    }
    return st;
}

int main(void)
{
    const lb_hex top = {1, 1}, bottom = {1, 3};
    for (int middle = CLEAR; middle <= WOODS; middle++) {
        lb_state *st = column_state(middle);
        expect(st != NULL, "state built");
        if (!st)
            return 1;
        lb_trace trace;
        lb_trace_init(&trace);
        lb_los_result r;
        expect(lb_los_check(st, top, bottom, -1, &r, &trace) == LB_OK, "lb_los_check LB_OK");
        expect(r.nitems == 1 && r.items[0].kind == LB_LOS_ITEM_HEX && r.items[0].hex.col == 1 &&
                   r.items[0].hex.row == 2,
               "one intervening hex, 0102");
        expect(!r.adjacent, "0101 and 0103 are not adjacent");
        if (middle == CLEAR) {
            expect(r.visible && r.blocked_by == -1, "clear 0102: 0101 sees 0103");
            expect(r.nitems == 1 && r.items[0].verdict == LB_LOS_OPEN, "clear 0102 is open");
        } else {
            expect(!r.visible && r.blocked_by == 0, "woods in 0102: 0101 does not see 0103");
            expect(r.nitems == 1 && r.items[0].verdict == LB_LOS_BLOCK_TERRAIN &&
                       strcmp(r.items[0].rule, "R-LOS-3") == 0,
                   "woods block by R-LOS-3");
        }
        /* every step of the trace is written by the words, without a loader; the last says
         * the answer */
        char line[512] = "";
        for (int i = 0; i < trace.count; i++) {
            expect(lb_trace_step_fmt(&trace.steps[i], line, sizeof line) > 0, "a step's words");
            printf("%s: %s\n", middle == CLEAR ? "clear" : "woods", line);
        }
        const char *want = middle == CLEAR ? "0101 sees 0103: nothing on the line blocks"
                                           : "0101 does not see 0103: blocking terrain at 0102";
        expect(strcmp(line, want) == 0, "the answer in words");
        lb_trace_release(&trace);
        lb_los_result_release(&r);
        lb_state_free(st);
    }
    if (failures)
        return 1;
    printf("line of sight on liblb_rules.a alone: 2 cases passed\n");
    return 0;
}
