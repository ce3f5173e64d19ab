/* Unit tests: the SVG picture of a map holds every hex, hexside feature and unit. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "lb/lb.h"
#include "state_int.h"

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

static void test_svg__contract_example(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load_file("tests/scenarios/contract-example.json", NULL, &st, &errs),
                     LB_OK);
    unsigned char marks[24] = {0};
    marks[lb_map_cell(&st->map, (lb_hex){6, 1})] = 1;
    char *svg = lb_svg_map(st, marks);
    assert_non_null(svg);
    assert_int_equal(strncmp(svg, "<svg ", 5), 0);
    assert_int_equal(count(svg, "class=\"hex\""), 24);           /* 6 x 4 hexes */
    assert_int_equal(count(svg, "data-terrain=\"woods\""), 3);   /* ..WW.. and ..WV.. */
    assert_int_equal(count(svg, "data-terrain=\"village\""), 1);
    assert_int_equal(count(svg, "data-hexside=\"stream\""), 1);  /* 0302 SE drawn once */
    assert_int_equal(count(svg, "data-unit=\"fr-6le-1\""), 2);   /* a line in two hexes */
    assert_int_equal(count(svg, "data-unit=\"fr-ldr-oudinot\""), 1);
    assert_int_equal(count(svg, "<circle"), 2);                  /* the leader and one mark */
    assert_non_null(strstr(svg, "data-hex=\"0402\""));
    assert_non_null(strstr(svg, "</svg>\n"));
    free(svg);
    lb_state_free(st);
    lb_errlist_release(&errs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg__contract_example),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
