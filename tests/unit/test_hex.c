/* Unit tests of the hex grid: labels, neighbours, directions, distance and exact line traversal. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "dice_int.h"
#include "hex_int.h"

#define HEX(c, r) {LB_LINE_HEX, {c, r}, {c, r}}
#define CROSS(ac, ar, bc, br) {LB_LINE_CROSS, {ac, ar}, {bc, br}}
#define ALONG(ac, ar, bc, br) {LB_LINE_ALONG, {ac, ar}, {bc, br}}
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

enum { STEPS_MAX = 1024, REF_MAX = 1024 };

static lb_hex hx(int col, int row)
{
    lb_hex h = {col, row};
    return h;
}

static const char *kind_name(lb_line_kind kind)
{
    return kind == LB_LINE_HEX ? "HEX" : kind == LB_LINE_CROSS ? "CROSS" : "ALONG";
}

static int same_step(const lb_line_step *a, const lb_line_step *b)
{
    return a->kind == b->kind && lb_hex_eq(a->a, b->a) &&
           (a->kind == LB_LINE_HEX || lb_hex_eq(a->b, b->b));
}

static void print_steps(const char *what, const lb_line_step *s, int n)
{
    print_message("%s (%d):", what, n);
    for (int i = 0; i < n; i++) {
        if (s[i].kind == LB_LINE_HEX)
            print_message(" HEX(%d,%d)", s[i].a.col, s[i].a.row);
        else
            print_message(" %s(%d,%d|%d,%d)", kind_name(s[i].kind), s[i].a.col, s[i].a.row,
                          s[i].b.col, s[i].b.row);
    }
    print_message("\n");
}

/* Fails unless the line from -> to is exactly `want`, in order. */
static void check_steps(lb_hex from, lb_hex to, const lb_line_step *got, int n,
                        const lb_line_step *want, int want_n)
{
    int ok = n == want_n;
    for (int i = 0; ok && i < n; i++)
        ok = same_step(&got[i], &want[i]);
    if (!ok) {
        print_message("line (%d,%d) -> (%d,%d)\n", from.col, from.row, to.col, to.row);
        print_steps("got", got, n);
        print_steps("want", want, want_n);
        fail();
    }
}

static void expect_line(lb_hex from, lb_hex to, const lb_line_step *want, int want_n)
{
    lb_line_step got[STEPS_MAX];
    int n = lb_hex_line(from, to, got, STEPS_MAX);
    check_steps(from, to, got, n, want, want_n);
}

/* ---- Labels, neighbours, directions, distance ---- */

static void test_hex__label_digits(void **state)
{
    (void)state;
    static const int cases[][4] = {
        {64, 48, 2, 2}, {120, 40, 3, 2}, {99, 99, 2, 2}, {100, 5, 3, 2}, {5, 1000, 2, 4}, {1, 1, 2, 2},
    };
    for (int i = 0; i < COUNT(cases); i++) {
        int cd = 0, rd = 0;
        lb_hex_label_digits(cases[i][0], cases[i][1], &cd, &rd);
        assert_int_equal(cd, cases[i][2]);
        assert_int_equal(rd, cases[i][3]);
    }
}

static void test_hex__label_fmt(void **state)
{
    (void)state;
    char buf[LB_HEX_LABEL_MAX];
    assert_int_equal(lb_hex_label_fmt(hx(2, 3), 2, 2, buf, sizeof buf), 4);
    assert_string_equal(buf, "0203");
    /* R-GRID-1: column 103, row 7 of a 120x40 map. */
    assert_int_equal(lb_hex_label_fmt(hx(103, 7), 3, 2, buf, sizeof buf), 5);
    assert_string_equal(buf, "10307");
    assert_int_equal(lb_hex_label_fmt(hx(99999, 99999), 5, 5, buf, sizeof buf), 10);
    assert_string_equal(buf, "9999999999");
    assert_int_equal(lb_hex_label_fmt(hx(2, 3), 2, 2, buf, 5), 4);
    assert_int_equal(lb_hex_label_fmt(hx(2, 3), 2, 2, buf, 4), -1);
    assert_int_equal(lb_hex_label_fmt(hx(0, 3), 2, 2, buf, sizeof buf), -1);
    assert_int_equal(lb_hex_label_fmt(hx(3, -1), 2, 2, buf, sizeof buf), -1);
    assert_int_equal(lb_hex_label_fmt(hx(100, 3), 2, 2, buf, sizeof buf), -1);
}

static void test_hex__label_parse(void **state)
{
    (void)state;
    lb_hex h = {0, 0};
    assert_int_equal(lb_hex_label_parse("0203", 2, 2, &h), 0);
    assert_int_equal(h.col, 2);
    assert_int_equal(h.row, 3);
    assert_int_equal(lb_hex_label_parse("10307", 3, 2, &h), 0);
    assert_int_equal(h.col, 103);
    assert_int_equal(h.row, 7);
    static const char *const bad[] = {"203", "02033", "02a3", "0003", "0200", "", " 203", "-103", "0203 "};
    for (int i = 0; i < COUNT(bad); i++) {
        h = hx(5, 5);
        assert_int_equal(lb_hex_label_parse(bad[i], 2, 2, &h), LB_INVALID);
        assert_int_equal(h.col, 5);
        assert_int_equal(h.row, 5);
    }
    assert_int_equal(lb_hex_label_parse(NULL, 2, 2, &h), LB_INVALID);
}

static void test_hex__label_round_trip(void **state)
{
    (void)state;
    int cd, rd;
    char buf[LB_HEX_LABEL_MAX];
    lb_hex_label_digits(120, 40, &cd, &rd);
    for (int c = 1; c <= 120; c++)
        for (int r = 1; r <= 40; r++) {
            lb_hex h;
            assert_int_equal(lb_hex_label_fmt(hx(c, r), cd, rd, buf, sizeof buf), 5);
            assert_int_equal(lb_hex_label_parse(buf, cd, rd, &h), 0);
            assert_true(lb_hex_eq(h, hx(c, r)));
        }
}

static void expect_neighbors(lb_hex h, const int want[LB_DIR_COUNT][2])
{
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        lb_hex n = lb_hex_neighbor(h, d);
        assert_int_equal(n.col, want[d][0]);
        assert_int_equal(n.row, want[d][1]);
        assert_int_equal(lb_hex_dir_to(h, n), d);
    }
}

/* R-GRID-2, odd column: NE (c+1, r-1), SE (c+1, r), SW (c-1, r), NW (c-1, r-1). */
static void test_hex__neighbors_odd_column(void **state)
{
    (void)state;
    static const int want[LB_DIR_COUNT][2] = {{3, 4}, {4, 4}, {4, 5}, {3, 6}, {2, 5}, {2, 4}};
    expect_neighbors(hx(3, 5), want);
    static const int want_neg[LB_DIR_COUNT][2] = {{-1, -1}, {0, -1}, {0, 0}, {-1, 1}, {-2, 0}, {-2, -1}};
    expect_neighbors(hx(-1, 0), want_neg);
}

/* R-GRID-2, even column: NE (c+1, r), SE (c+1, r+1), SW (c-1, r+1), NW (c-1, r). */
static void test_hex__neighbors_even_column(void **state)
{
    (void)state;
    static const int want[LB_DIR_COUNT][2] = {{4, 4}, {5, 5}, {5, 6}, {4, 6}, {3, 6}, {3, 5}};
    expect_neighbors(hx(4, 5), want);
    static const int want_zero[LB_DIR_COUNT][2] = {{0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};
    expect_neighbors(hx(0, 0), want_zero);
}

static void test_hex__neighbor_symmetry(void **state)
{
    (void)state;
    for (int c = -4; c <= 5; c++)
        for (int r = -4; r <= 5; r++)
            for (int d = 0; d < LB_DIR_COUNT; d++) {
                lb_hex h = hx(c, r), n = lb_hex_neighbor(h, d);
                assert_true(lb_hex_eq(lb_hex_neighbor(n, lb_hex_dir_opposite(d)), h));
                assert_int_equal(lb_hex_distance(h, n), 1);
            }
    assert_int_equal(lb_hex_dir_to(hx(3, 5), hx(3, 5)), -1);
    assert_int_equal(lb_hex_dir_to(hx(3, 5), hx(5, 5)), -1);
    assert_int_equal(lb_hex_dir_to(hx(3, 5), hx(4, 6)), -1);
    assert_true(lb_hex_eq(lb_hex_neighbor(hx(3, 5), 6), hx(3, 5)));
    assert_int_equal(lb_hex_dir_opposite(LB_DIR_N), LB_DIR_S);
    assert_int_equal(lb_hex_dir_opposite(LB_DIR_NE), LB_DIR_SW);
    assert_int_equal(lb_hex_dir_opposite(LB_DIR_NW), LB_DIR_SE);
    assert_int_equal(lb_hex_dir_opposite(-1), -1);
}

/* R-GRID-3: hexsides at even hours, 12 = N. */
static void test_hex__clock(void **state)
{
    (void)state;
    static const int hours[LB_DIR_COUNT] = {12, 2, 4, 6, 8, 10};
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        assert_int_equal(lb_hex_dir_clock(d), hours[d]);
        assert_int_equal(lb_hex_clock_dir(hours[d]), d);
    }
    static const int vertices[] = {1, 3, 5, 7, 9, 11, 0, 13, 14, -2};
    for (int i = 0; i < COUNT(vertices); i++)
        assert_int_equal(lb_hex_clock_dir(vertices[i]), -1);
    assert_int_equal(lb_hex_dir_clock(6), -1);
}

static void test_hex__dir_names(void **state)
{
    (void)state;
    static const char *const names[LB_DIR_COUNT] = {"N", "NE", "SE", "S", "SW", "NW"};
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        assert_string_equal(lb_hex_dir_name(d), names[d]);
        assert_int_equal(lb_hex_dir_parse(names[d]), d);
    }
    static const char *const bad[] = {"ne", "E", "", "NNE", "N "};
    for (int i = 0; i < COUNT(bad); i++)
        assert_int_equal(lb_hex_dir_parse(bad[i]), -1);
    assert_int_equal(lb_hex_dir_parse(NULL), -1);
}

static void test_hex__center(void **state)
{
    (void)state;
    static const int cases[][4] = {
        {1, 1, 0, 0}, {2, 1, 3, 1}, {3, 2, 6, 2}, {2, 2, 3, 3}, {0, 0, -3, -1}, {-1, -1, -6, -4},
    };
    for (int i = 0; i < COUNT(cases); i++) {
        int x, y;
        lb_hex_center(hx(cases[i][0], cases[i][1]), &x, &y);
        assert_int_equal(x, cases[i][2]);
        assert_int_equal(y, cases[i][3]);
    }
}

static void test_hex__distance_examples(void **state)
{
    (void)state;
    static const int cases[][5] = {
        {1, 1, 1, 1, 0}, {1, 1, 1, 2, 1}, {1, 1, 2, 1, 1}, {1, 1, 2, 2, 2}, {1, 1, 3, 1, 2},
        {1, 1, 2, 3, 3}, {1, 1, 5, 4, 5}, {1, 1, 7, 1, 6}, {1, 1, 7, 2, 6}, {1, 1, 1, 10, 9},
        {1, 1, 2, 6, 6}, {2, 2, 3, 1, 2}, {2, 2, 4, 2, 2}, {0, 0, 2, 0, 2}, {-3, -2, 1, 1, 5},
        {64, 48, 1, 1, 79},
    };
    for (int i = 0; i < COUNT(cases); i++) {
        lb_hex a = hx(cases[i][0], cases[i][1]), b = hx(cases[i][2], cases[i][3]);
        assert_int_equal(lb_hex_distance(a, b), cases[i][4]);
        assert_int_equal(lb_hex_distance(b, a), cases[i][4]);
    }
}

/* R-GRID-4 by definition: breadth-first search over neighbours agrees with the formula. */
static void test_hex__distance_is_shortest_chain(void **state)
{
    (void)state;
    enum { LO = -20, HI = 24, SIDE = HI - LO + 1, REACH = 10 };
    static const int origins[][2] = {{1, 1}, {2, 2}, {3, 4}, {0, -1}};
    int *dist = malloc(sizeof(int) * SIDE * SIDE);
    lb_hex *queue = malloc(sizeof(lb_hex) * SIDE * SIDE);
    assert_non_null(dist);
    assert_non_null(queue);
    for (int o = 0; o < COUNT(origins); o++) {
        for (int i = 0; i < SIDE * SIDE; i++)
            dist[i] = -1;
        int head = 0, tail = 0;
        queue[tail++] = hx(origins[o][0], origins[o][1]);
        dist[(origins[o][0] - LO) * SIDE + (origins[o][1] - LO)] = 0;
        while (head < tail) {
            lb_hex h = queue[head++];
            int dh = dist[(h.col - LO) * SIDE + (h.row - LO)];
            for (int d = 0; d < LB_DIR_COUNT; d++) {
                lb_hex n = lb_hex_neighbor(h, d);
                if (n.col < LO || n.col > HI || n.row < LO || n.row > HI)
                    continue;
                int *dn = &dist[(n.col - LO) * SIDE + (n.row - LO)];
                if (*dn < 0) {
                    *dn = dh + 1;
                    queue[tail++] = n;
                }
            }
        }
        for (int c = LO; c <= HI; c++)
            for (int r = LO; r <= HI; r++) {
                int bfs = dist[(c - LO) * SIDE + (r - LO)];
                if (bfs >= 0 && bfs <= REACH)
                    assert_int_equal(lb_hex_distance(hx(origins[o][0], origins[o][1]), hx(c, r)), bfs);
            }
    }
    free(queue);
    free(dist);
}

/* ---- Lines: hand-worked cases ---- */

static void test_hex__line_same_hex(void **state)
{
    (void)state;
    static const lb_line_step want[] = {HEX(3, 5)};
    expect_line(hx(3, 5), hx(3, 5), want, COUNT(want));
    static const lb_line_step want_neg[] = {HEX(-2, 0)};
    expect_line(hx(-2, 0), hx(-2, 0), want_neg, COUNT(want_neg));
}

/* A neighbour: the segment crosses the middle of the shared hexside. */
static void test_hex__line_adjacent(void **state)
{
    (void)state;
    static const int odd[LB_DIR_COUNT][2] = {{3, 4}, {4, 4}, {4, 5}, {3, 6}, {2, 5}, {2, 4}};
    static const int even[LB_DIR_COUNT][2] = {{4, 4}, {5, 5}, {5, 6}, {4, 6}, {3, 6}, {3, 5}};
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        lb_line_step want[] = {HEX(3, 5), CROSS(3, 5, odd[d][0], odd[d][1]), HEX(odd[d][0], odd[d][1])};
        expect_line(hx(3, 5), hx(odd[d][0], odd[d][1]), want, COUNT(want));
        lb_line_step want_even[] = {HEX(4, 5), CROSS(4, 5, even[d][0], even[d][1]),
                                    HEX(even[d][0], even[d][1])};
        expect_line(hx(4, 5), hx(even[d][0], even[d][1]), want_even, COUNT(want_even));
    }
}

/*
 * Due east from 0202 (centre (3,3)) to 0402 (9,3): inside 0202 to its E corner (5,3), along the
 * hexside y = 3 from x = 5 to 7 between 0302 (centre (6,2), north, on the left) and 0303
 * (6,4), then inside 0402.
 */
static void test_hex__line_hexspine_east_west(void **state)
{
    (void)state;
    static const lb_line_step east[] = {HEX(2, 2), ALONG(3, 2, 3, 3), HEX(4, 2)};
    expect_line(hx(2, 2), hx(4, 2), east, COUNT(east));
    static const lb_line_step west[] = {HEX(4, 2), ALONG(3, 3, 3, 2), HEX(2, 2)};
    expect_line(hx(4, 2), hx(2, 2), west, COUNT(west));
    static const lb_line_step long_east[] = {
        HEX(1, 1), ALONG(2, 0, 2, 1), HEX(3, 1), ALONG(4, 0, 4, 1), HEX(5, 1), ALONG(6, 0, 6, 1), HEX(7, 1),
    };
    expect_line(hx(1, 1), hx(7, 1), long_east, COUNT(long_east));
}

/*
 * The six corner directions from an even column (0202, centre (3,3)) and an odd one (0303,
 * centre (6,4)). E.g. 1 o'clock from 0202: corner (4,2), then the hexside (4,2)-(5,1) between
 * 0201 (centre (3,1), on the left going north-east) and 0302 (6,2), then 0301 (6,0).
 */
static void test_hex__line_hexspine_corner_directions(void **state)
{
    (void)state;
    static const lb_line_step even[][3] = {
        {HEX(2, 2), ALONG(2, 1, 3, 2), HEX(3, 1)},  /* 1 o'clock */
        {HEX(2, 2), ALONG(3, 2, 3, 3), HEX(4, 2)},  /* 3 */
        {HEX(2, 2), ALONG(3, 3, 2, 3), HEX(3, 4)},  /* 5 */
        {HEX(2, 2), ALONG(2, 3, 1, 3), HEX(1, 4)},  /* 7 */
        {HEX(2, 2), ALONG(1, 3, 1, 2), HEX(0, 2)},  /* 9 */
        {HEX(2, 2), ALONG(1, 2, 2, 1), HEX(1, 1)},  /* 11 */
    };
    static const lb_line_step odd[][3] = {
        {HEX(3, 3), ALONG(3, 2, 4, 2), HEX(4, 1)},
        {HEX(3, 3), ALONG(4, 2, 4, 3), HEX(5, 3)},
        {HEX(3, 3), ALONG(4, 3, 3, 4), HEX(4, 4)},
        {HEX(3, 3), ALONG(3, 4, 2, 3), HEX(2, 4)},
        {HEX(3, 3), ALONG(2, 3, 2, 2), HEX(1, 3)},
        {HEX(3, 3), ALONG(2, 2, 3, 2), HEX(2, 1)},
    };
    for (int i = 0; i < LB_DIR_COUNT; i++) {
        expect_line(even[i][0].a, even[i][2].a, even[i], 3);
        expect_line(odd[i][0].a, odd[i][2].a, odd[i], 3);
    }
}

/*
 * 0101 (0,0) to 0504 (12,6), slope 1/2: it passes the corners (4,2) and (8,4) exactly. 0202
 * and 0402 are touched only at those corners and give no step, nor does any hexside.
 */
static void test_hex__line_through_corners(void **state)
{
    (void)state;
    static const lb_line_step want[] = {
        HEX(1, 1), CROSS(1, 1, 2, 1), HEX(2, 1), HEX(3, 2), CROSS(3, 2, 3, 3), HEX(3, 3),
        HEX(4, 3), CROSS(4, 3, 5, 4), HEX(5, 4),
    };
    expect_line(hx(1, 1), hx(5, 4), want, COUNT(want));
    static const lb_line_step back[] = {
        HEX(5, 4), CROSS(5, 4, 4, 3), HEX(4, 3), HEX(3, 3), CROSS(3, 3, 3, 2), HEX(3, 2),
        HEX(2, 1), CROSS(2, 1, 1, 1), HEX(1, 1),
    };
    expect_line(hx(5, 4), hx(1, 1), back, COUNT(back));
    /* The same segment moved by the centre offset (3,1) of 0101 -> 0201: an even-column start. */
    static const lb_line_step even[] = {
        HEX(2, 1), CROSS(2, 1, 3, 2), HEX(3, 2), HEX(4, 2), CROSS(4, 2, 4, 3), HEX(4, 3),
        HEX(5, 4), CROSS(5, 4, 6, 4), HEX(6, 4),
    };
    expect_line(hx(2, 1), hx(6, 4), even, COUNT(even));
}

static void test_hex__line_ordinary(void **state)
{
    (void)state;
    /* 0101 (0,0) to 0203 (3,5): leaves by the S, SE, S hexsides at t = 1/5, 1/2, 4/5. */
    static const lb_line_step short_line[] = {
        HEX(1, 1), CROSS(1, 1, 1, 2), HEX(1, 2), CROSS(1, 2, 2, 2), HEX(2, 2), CROSS(2, 2, 2, 3), HEX(2, 3),
    };
    expect_line(hx(1, 1), hx(2, 3), short_line, COUNT(short_line));
    /* 0202 (3,3) to 0504 (12,6) along the SE hexside direction, through the centre of 0303. */
    static const lb_line_step hexside_dir[] = {
        HEX(2, 2), CROSS(2, 2, 3, 3), HEX(3, 3), CROSS(3, 3, 4, 3), HEX(4, 3), CROSS(4, 3, 5, 4), HEX(5, 4),
    };
    expect_line(hx(2, 2), hx(5, 4), hexside_dir, COUNT(hexside_dir));
    /* 0101 to 0702 (18,2): shallow, alternating SE and NE hexsides at t = 1/10, 1/4, 2/5, 3/5, 3/4, 9/10. */
    static const lb_line_step shallow[] = {
        HEX(1, 1), CROSS(1, 1, 2, 1), HEX(2, 1), CROSS(2, 1, 3, 1), HEX(3, 1), CROSS(3, 1, 4, 1),
        HEX(4, 1), CROSS(4, 1, 5, 2), HEX(5, 2), CROSS(5, 2, 6, 1), HEX(6, 1), CROSS(6, 1, 7, 2), HEX(7, 2),
    };
    expect_line(hx(1, 1), hx(7, 2), shallow, COUNT(shallow));
    /* 0101 to 0206 (3,11): steep; eight hexes for a distance of six. */
    static const lb_line_step steep[] = {
        HEX(1, 1), CROSS(1, 1, 1, 2), HEX(1, 2), CROSS(1, 2, 1, 3), HEX(1, 3), CROSS(1, 3, 2, 3),
        HEX(2, 3), CROSS(2, 3, 1, 4), HEX(1, 4), CROSS(1, 4, 2, 4), HEX(2, 4), CROSS(2, 4, 2, 5),
        HEX(2, 5), CROSS(2, 5, 2, 6), HEX(2, 6),
    };
    expect_line(hx(1, 1), hx(2, 6), steep, COUNT(steep));
}

/* Off-map hexes are plain geometry. */
static void test_hex__line_negative_coordinates(void **state)
{
    (void)state;
    /* (0,0) centre (-3,-1) east to (2,0) centre (3,-1) along y = -1 between (1,0) and (1,1). */
    static const lb_line_step spine[] = {HEX(0, 0), ALONG(1, 0, 1, 1), HEX(2, 0)};
    expect_line(hx(0, 0), hx(2, 0), spine, COUNT(spine));
    static const lb_line_step adjacent[] = {HEX(-1, -1), CROSS(-1, -1, 0, -1), HEX(0, -1)};
    expect_line(hx(-1, -1), hx(0, -1), adjacent, COUNT(adjacent));
    /* 0101 -> 0504 moved by four columns and three rows. */
    static const lb_line_step corners[] = {
        HEX(-3, -2), CROSS(-3, -2, -2, -2), HEX(-2, -2), HEX(-1, -1), CROSS(-1, -1, -1, 0), HEX(-1, 0),
        HEX(0, 0), CROSS(0, 0, 1, 1), HEX(1, 1),
    };
    expect_line(hx(-3, -2), hx(1, 1), corners, COUNT(corners));
}

/* The return value counts every step even when the buffer is shorter; nothing past max is written. */
static void test_hex__line_truncated_output(void **state)
{
    (void)state;
    lb_line_step full[STEPS_MAX], part[8];
    int n = lb_hex_line(hx(1, 1), hx(2, 6), full, STEPS_MAX);
    assert_int_equal(n, 15);
    memset(part, 0x5a, sizeof part);
    assert_int_equal(lb_hex_line(hx(1, 1), hx(2, 6), part, 5), 15);
    for (int i = 0; i < 5; i++)
        assert_true(same_step(&part[i], &full[i]));
    unsigned char untouched[sizeof part[0]];
    memset(untouched, 0x5a, sizeof untouched);
    for (int i = 5; i < COUNT(part); i++)
        assert_memory_equal(&part[i], untouched, sizeof untouched);
    assert_int_equal(lb_hex_line(hx(1, 1), hx(2, 6), NULL, 0), 15);
    assert_int_equal(lb_hex_line(hx(4, 4), hx(4, 4), NULL, 0), 1);
}

/* ---- Lines: properties against an exact brute-force reference ---- */

/* A rational with a positive denominator. */
typedef struct frac {
    int64_t num;
    int64_t den;
} frac;

static frac fr(int64_t num, int64_t den)
{
    frac f = {den < 0 ? -num : num, den < 0 ? -den : den};
    return f;
}

static int fcmp(frac a, frac b)
{
    int64_t l = a.num * b.den, r = b.num * a.den;
    return (l > r) - (l < r);
}

typedef struct pt {
    int64_t x;
    int64_t y;
} pt;

static int64_t cross(pt a, pt b)
{
    return a.x * b.y - a.y * b.x;
}

static int64_t dot(pt a, pt b)
{
    return a.x * b.x + a.y * b.y;
}

static pt sub(pt a, pt b)
{
    pt p = {a.x - b.x, a.y - b.y};
    return p;
}

/* Geometry of R-LOS-1, written out again here so that the reference does not lean on the code. */
static pt centre_of(lb_hex h)
{
    pt p = {3 * (int64_t)(h.col - 1), 2 * (int64_t)(h.row - 1) + (h.col % 2 == 0)};
    return p;
}

static lb_hex hex_of_centre(pt p)
{
    int col = (int)(p.x / 3 + 1);
    return hx(col, (int)((p.y - (col % 2 == 0)) / 2 + 1));
}

/* The hexagon as normal . (p - centre) <= bound; vertex k is at clock hour 2k + 1. */
static const int side_normal[6][3] = {{0, -1, 1}, {1, -1, 2}, {1, 1, 2}, {0, 1, 1}, {-1, 1, 2}, {-1, -1, 2}};
static const int corner[6][2] = {{1, -1}, {2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}};
static const int across[6][2] = {{0, -2}, {3, -1}, {3, 1}, {0, 2}, {-3, 1}, {-3, -1}};

/* A step of the reference with the parameter t at which it starts along the segment. */
typedef struct ref_step {
    frac t;
    int rank; /* on a tie a hexside comes before the hex it leads into */
    lb_line_step step;
} ref_step;

typedef struct ref_line {
    ref_step s[REF_MAX];
    int n;
} ref_line;

static void ref_add(ref_line *ref, frac t, lb_line_kind kind, lb_hex a, lb_hex b)
{
    assert_true(ref->n < REF_MAX);
    ref_step *r = &ref->s[ref->n++];
    r->t = t;
    r->rank = kind == LB_LINE_HEX;
    r->step.kind = kind;
    r->step.a = a;
    r->step.b = b;
}

/* The open t-interval on which A + tD, t in [0, 1], is strictly inside the hexagon of centre c. */
static int open_hex_interval(pt a, pt d, pt c, frac *lo_out)
{
    frac lo = fr(0, 1), hi = fr(1, 1);
    for (int i = 0; i < 6; i++) {
        pt n = {side_normal[i][0], side_normal[i][1]};
        int64_t k = dot(n, sub(a, c)) - side_normal[i][2]; /* inside: k + t * m < 0 */
        int64_t m = dot(n, d);
        if (m == 0) {
            if (k >= 0)
                return 0;
        } else if (m > 0) {
            if (fcmp(fr(-k, m), hi) < 0)
                hi = fr(-k, m);
        } else if (fcmp(fr(-k, m), lo) > 0) {
            lo = fr(-k, m);
        }
    }
    *lo_out = lo;
    return fcmp(lo, hi) < 0;
}

/* The hexside of centre c between corners k-1 and k, against the segment A -> B. */
static void ref_hexside(ref_line *ref, pt a, pt b, pt c, int k)
{
    pt d = sub(b, a);
    pt p1 = {c.x + corner[(k + 5) % 6][0], c.y + corner[(k + 5) % 6][1]};
    pt p2 = {c.x + corner[k][0], c.y + corner[k][1]};
    pt other = {c.x + across[k][0], c.y + across[k][1]};
    int64_t s1 = cross(d, sub(p1, a)), s2 = cross(d, sub(p2, a));
    if (s1 == 0 && s2 == 0) {
        int64_t t1 = dot(sub(p1, a), d), t2 = dot(sub(p2, a), d), dd = dot(d, d);
        int64_t lo = t1 < t2 ? t1 : t2, hi = t1 < t2 ? t2 : t1;
        if (lo < 0)
            lo = 0;
        if (hi > dd)
            hi = dd;
        if (lo < hi) {
            int here_left = cross(d, sub(c, a)) < 0;
            lb_hex h = hex_of_centre(c), o = hex_of_centre(other);
            ref_add(ref, fr(lo, dd), LB_LINE_ALONG, here_left ? h : o, here_left ? o : h);
        }
        return;
    }
    if (!((s1 < 0 && s2 > 0) || (s1 > 0 && s2 < 0)))
        return;
    pt e = sub(p2, p1);
    int64_t ea = cross(e, sub(a, p1)), eb = cross(e, sub(b, p1));
    if (!((ea < 0 && eb > 0) || (ea > 0 && eb < 0)))
        return;
    int from_here = (cross(e, sub(c, p1)) < 0) == (ea < 0);
    lb_hex h = hex_of_centre(c), o = hex_of_centre(other);
    ref_add(ref, fr(cross(e, sub(p1, a)), cross(e, d)), LB_LINE_CROSS, from_here ? h : o,
            from_here ? o : h);
}

static int ref_order(const void *pa, const void *pb)
{
    const ref_step *a = pa, *b = pb;
    int c = fcmp(a->t, b->t);
    return c != 0 ? c : a->rank - b->rank;
}

/*
 * Every hex whose open interior the segment meets, every hexside it crosses at an inner point and
 * every hexside it overlaps over a positive length, found by testing all hexes of the bounding
 * box, then sorted by where along the segment each starts.
 */
static void reference_line(lb_hex from, lb_hex to, ref_line *ref)
{
    pt a = centre_of(from), b = centre_of(to), d = sub(b, a);
    int c0 = (from.col < to.col ? from.col : to.col) - 1, c1 = (from.col < to.col ? to.col : from.col) + 1;
    int r0 = (from.row < to.row ? from.row : to.row) - 2, r1 = (from.row < to.row ? to.row : from.row) + 2;

    /* A hexagon meets the line only if its centre is no further from it than some corner is. */
    int64_t reach = 0;
    for (int k = 0; k < 6; k++) {
        pt v = {corner[k][0], corner[k][1]};
        int64_t s = cross(d, v);
        if (s > reach)
            reach = s;
    }

    ref->n = 0;
    for (int c = c0; c <= c1; c++)
        for (int r = r0; r <= r1; r++) {
            pt centre = centre_of(hx(c, r));
            int64_t side = cross(d, sub(centre, a));
            if (side > reach || side < -reach)
                continue;
            frac lo;
            if (open_hex_interval(a, d, centre, &lo))
                ref_add(ref, lo, LB_LINE_HEX, hx(c, r), hx(c, r));
            if (d.x != 0 || d.y != 0)
                for (int k = 0; k < 3; k++) /* N, NE, SE: each hexside once */
                    ref_hexside(ref, a, b, centre, k);
        }
    qsort(ref->s, (size_t)ref->n, sizeof ref->s[0], ref_order);
}

static void check_against_reference(lb_hex from, lb_hex to, ref_line *ref)
{
    lb_line_step got[STEPS_MAX], want[REF_MAX];
    int n = lb_hex_line(from, to, got, STEPS_MAX);
    reference_line(from, to, ref);
    for (int i = 0; i < ref->n; i++)
        want[i] = ref->s[i].step;
    check_steps(from, to, got, n, want, ref->n);
    assert_true(n <= LB_HEX_LINE_MAX_STEPS(lb_hex_distance(from, to)));
}

/* Every segment is a lattice translate of one from 0101, so this covers all lines up to 12 long. */
static void test_hex__line_matches_reference_exhaustive(void **state)
{
    (void)state;
    static const int origins[][2] = {{1, 1}, {2, 2}, {-3, -4}, {10, 7}};
    ref_line *ref = malloc(sizeof *ref);
    assert_non_null(ref);
    for (int o = 0; o < COUNT(origins); o++)
        for (int c = origins[o][0] - 12; c <= origins[o][0] + 12; c++)
            for (int r = origins[o][1] - 14; r <= origins[o][1] + 14; r++)
                check_against_reference(hx(origins[o][0], origins[o][1]), hx(c, r), ref);
    free(ref);
}

static lb_hex random_hex(lb_pcg32 *rng)
{
    /* A 64x48 map and a margin of off-map hexes around it. */
    return hx((int)lb_pcg32_bounded(rng, 69) - 2, (int)lb_pcg32_bounded(rng, 53) - 2);
}

static void test_hex__line_matches_reference_random(void **state)
{
    (void)state;
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 20240611, 7);
    ref_line *ref = malloc(sizeof *ref);
    assert_non_null(ref);
    for (int i = 0; i < 10000; i++) {
        lb_hex a = random_hex(&rng), b = random_hex(&rng);
        check_against_reference(a, b, ref);
    }
    free(ref);
}

/* Long hexspines, which random pairs seldom hit: from a random hex, k times a corner direction. */
static void test_hex__line_matches_reference_spines(void **state)
{
    (void)state;
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 99, 3);
    ref_line *ref = malloc(sizeof *ref);
    assert_non_null(ref);
    for (int i = 0; i < 600; i++) {
        lb_hex a = random_hex(&rng);
        int k = (int)lb_pcg32_bounded(&rng, 6), len = 1 + (int)lb_pcg32_bounded(&rng, 20);
        pt c = centre_of(a);
        c.x += 3 * corner[k][0] * len;
        c.y += 3 * corner[k][1] * len;
        lb_hex b = hex_of_centre(c);
        check_against_reference(a, b, ref);
        lb_line_step got[STEPS_MAX];
        assert_int_equal(lb_hex_line(a, b, got, STEPS_MAX), 2 * len + 1);
    }
    free(ref);
}

/*
 * An independent, coarser look: points A + (B - A) k / N, scaled by N to stay integer. A point
 * strictly inside a hex needs that HEX step; a point inside a hexside needs a CROSS between its
 * two hexes, or an ALONG when the segment lies on that hexside.
 */
static int has_step(const lb_line_step *s, int n, lb_line_kind kind, lb_hex a, lb_hex b)
{
    for (int i = 0; i < n; i++)
        if (s[i].kind == kind && lb_hex_eq(s[i].a, a) && (kind == LB_LINE_HEX || lb_hex_eq(s[i].b, b)))
            return 1;
    return 0;
}

static void check_sample(const lb_line_step *s, int n, pt d, pt p, int64_t scale)
{
    int64_t col = p.x / (3 * scale) + 1 - (p.x < 0);
    for (int64_t c = col - 1; c <= col + 1; c++) {
        int64_t row = p.y / (2 * scale) + 1 - (p.y < 0);
        for (int64_t r = row - 1; r <= row + 1; r++) {
            lb_hex h = hx((int)c, (int)r);
            pt cc = centre_of(h);
            pt rel = {p.x - scale * cc.x, p.y - scale * cc.y};
            int tight = 0, side = -1, outside = 0;
            for (int i = 0; i < 6; i++) {
                int64_t v = side_normal[i][0] * rel.x + side_normal[i][1] * rel.y;
                int64_t bound = side_normal[i][2] * scale;
                if (v > bound)
                    outside = 1;
                if (v == bound) {
                    tight++;
                    side = i;
                }
            }
            if (outside)
                continue;
            if (tight == 0) {
                assert_true(has_step(s, n, LB_LINE_HEX, h, h));
            } else if (tight == 1) {
                pt o = {cc.x + across[side][0], cc.y + across[side][1]};
                lb_hex other = hex_of_centre(o);
                pt e = {corner[side][0] - corner[(side + 5) % 6][0], corner[side][1] - corner[(side + 5) % 6][1]};
                if (cross(e, d) == 0)
                    assert_true(has_step(s, n, LB_LINE_ALONG, h, other) || has_step(s, n, LB_LINE_ALONG, other, h));
                else
                    assert_true(has_step(s, n, LB_LINE_CROSS, h, other) || has_step(s, n, LB_LINE_CROSS, other, h));
            }
        }
    }
}

static void test_hex__line_matches_sampling(void **state)
{
    (void)state;
    enum { SAMPLES = 240 };
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 5, 11);
    for (int i = 0; i < 2000; i++) {
        lb_hex from = random_hex(&rng), to = random_hex(&rng);
        if (i % 4 == 0) /* short lines meet corners and hexsides exactly far more often */
            to = hx(from.col + (int)lb_pcg32_bounded(&rng, 9) - 4, from.row + (int)lb_pcg32_bounded(&rng, 9) - 4);
        lb_line_step s[STEPS_MAX];
        int n = lb_hex_line(from, to, s, STEPS_MAX);
        pt a = centre_of(from), d = sub(centre_of(to), a);
        for (int k = 0; k <= SAMPLES; k++) {
            pt p = {a.x * SAMPLES + d.x * k, a.y * SAMPLES + d.y * k};
            check_sample(s, n, d, p, SAMPLES);
        }
    }
}

static void reverse_step(lb_line_step *s)
{
    lb_hex t = s->a;
    if (s->kind != LB_LINE_HEX) {
        s->a = s->b;
        s->b = t;
    }
}

/* line(b, a) is line(a, b) backwards, each CROSS and ALONG with its hexes swapped. */
static void test_hex__line_reverse_symmetry(void **state)
{
    (void)state;
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 77, 1);
    for (int i = 0; i < 5000; i++) {
        lb_hex a = random_hex(&rng), b = random_hex(&rng);
        lb_line_step fwd[STEPS_MAX], back[STEPS_MAX];
        int n = lb_hex_line(a, b, fwd, STEPS_MAX);
        assert_int_equal(lb_hex_line(b, a, back, STEPS_MAX), n);
        for (int j = 0; j < n; j++) {
            lb_line_step s = back[n - 1 - j];
            reverse_step(&s);
            if (!same_step(&s, &fwd[j])) {
                print_steps("forward", fwd, n);
                print_steps("backward", back, n);
                fail();
            }
        }
    }
}

/*
 * LB_HEX_LINE_MAX_STEPS holds for every line up to distance 40 (all of them, up to translation).
 * Why it holds for any length: along the dominant cube axis of the line, |dy| <= dx / 3, so the
 * segment meets at most two hexes of each of the d + 1 columns it spans; H <= 2d + 2 hexes give at
 * most 2H - 1 steps, since every step but the first HEX is a hexside or a corner before a HEX.
 */
static void test_hex__line_max_steps_bound(void **state)
{
    (void)state;
    for (int c = -40; c <= 42; c++)
        for (int r = -42; r <= 44; r++) {
            lb_hex to = hx(c, r);
            int d = lb_hex_distance(hx(1, 1), to);
            if (d <= 40)
                assert_true(lb_hex_line(hx(1, 1), to, NULL, 0) <= LB_HEX_LINE_MAX_STEPS(d));
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex__label_digits),
        cmocka_unit_test(test_hex__label_fmt),
        cmocka_unit_test(test_hex__label_parse),
        cmocka_unit_test(test_hex__label_round_trip),
        cmocka_unit_test(test_hex__neighbors_odd_column),
        cmocka_unit_test(test_hex__neighbors_even_column),
        cmocka_unit_test(test_hex__neighbor_symmetry),
        cmocka_unit_test(test_hex__clock),
        cmocka_unit_test(test_hex__dir_names),
        cmocka_unit_test(test_hex__center),
        cmocka_unit_test(test_hex__distance_examples),
        cmocka_unit_test(test_hex__distance_is_shortest_chain),
        cmocka_unit_test(test_hex__line_same_hex),
        cmocka_unit_test(test_hex__line_adjacent),
        cmocka_unit_test(test_hex__line_hexspine_east_west),
        cmocka_unit_test(test_hex__line_hexspine_corner_directions),
        cmocka_unit_test(test_hex__line_through_corners),
        cmocka_unit_test(test_hex__line_ordinary),
        cmocka_unit_test(test_hex__line_negative_coordinates),
        cmocka_unit_test(test_hex__line_truncated_output),
        cmocka_unit_test(test_hex__line_matches_reference_exhaustive),
        cmocka_unit_test(test_hex__line_matches_reference_random),
        cmocka_unit_test(test_hex__line_matches_reference_spines),
        cmocka_unit_test(test_hex__line_matches_sampling),
        cmocka_unit_test(test_hex__line_reverse_symmetry),
        cmocka_unit_test(test_hex__line_max_steps_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
