/* Unit tests of the hex grid: labels, neighbours, directions and distance. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "lb/hex.h"

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static lb_hex hx(int col, int row)
{
    lb_hex h = {col, row};
    return h;
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
        assert_int_equal(lb_hex_label_parse(bad[i], 2, 2, &h), -1);
        assert_int_equal(h.col, 5);
        assert_int_equal(h.row, 5);
    }
    assert_int_equal(lb_hex_label_parse(NULL, 2, 2, &h), -1);
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
