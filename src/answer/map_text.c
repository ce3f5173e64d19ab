/* The map as text for show, visible, retreat and move: staggered columns, one cell per hex, an optional overlay. */
#include <ctype.h>
#include <stdio.h>

#include "answer_int.h"
#include "state_int.h"

/* Side marks: the sides' initials in capitals, or 1 and 2 when they clash. */
static void side_marks(const lb_state *st, char marks[2])
{
    marks[0] = (char)toupper((unsigned char)lb_state_side_name(st, 0)[0]);
    marks[1] = (char)toupper((unsigned char)lb_state_side_name(st, 1)[0]);
    if (marks[0] == marks[1]) {
        marks[0] = '1';
        marks[1] = '2';
    }
}

/* Terrain symbol, elevation digit (blank on a flat map), side mark of the top combat unit (lower
 * case when the hex holds only leaders), then the overlay mark when there is an overlay. */
static void cell(const lb_state *st, lb_hex h, int elev, const char sides[2],
                 const unsigned char *marks, const char *mark_chars, char *out)
{
    const lb_map *m = lb_state_map(st);
    int c = lb_map_cell(m, h);
    const int *idx;
    int n = lb_state_units_at(st, h, &idx), top = lb_state_top_combat(st, h);
    out[0] = m->symbols[m->terrain[c]];
    out[1] = elev ? (char)('0' + m->elevation[c]) : ' ';
    out[2] = top >= 0 ? sides[lb_state_unit(st, top)->side]
             : n > 0  ? (char)tolower((unsigned char)sides[lb_state_unit(st, idx[0])->side])
                      : ' ';
    out[3] = marks ? mark_chars[marks[c]] : '\0';
    out[4] = '\0';
}

void lb_map_print(FILE *out, const lb_state *st, const unsigned char *marks,
                  const char *mark_chars, const char *mark_key)
{
    const lb_map *m = lb_state_map(st);
    int width = marks ? 4 : 3, elev = 0;
    for (int c = 0; c < m->cols * m->rows; c++)
        elev |= m->elevation[c] != 0;
    char sides[2];
    side_marks(st, sides);
    fprintf(out, "%*s", m->row_digits + 2, "");
    for (int col = 1; col <= m->cols; col++)
        fprintf(out, "%-*.*d", width, m->col_digits > width ? width : m->col_digits, col);
    fprintf(out, "\n");
    for (int row = 1; row <= m->rows; row++)
        for (int half = 0; half < 2; half++) {
            if (half == 0)
                fprintf(out, "%0*d  ", m->row_digits, row);
            else
                fprintf(out, "%*s", m->row_digits + 2, "");
            /* odd columns on the row's first line, even columns half a hex lower (R-GRID-2) */
            for (int col = 1; col <= m->cols; col++) {
                char text[5] = "    ";
                text[width] = '\0';
                if ((col % 2 == 1) == (half == 0))
                    cell(st, (lb_hex){col, row}, elev, sides, marks, mark_chars, text);
                fprintf(out, "%s", text);
            }
            fprintf(out, "\n");
        }
    fprintf(out, "\nkey:");
    if (mark_key)
        fprintf(out, " %s;", mark_key);
    for (int t = 0; t < lb_state_charts(st)->nterrain; t++)
        if (m->symbols[t] != '?')
            fprintf(out, " %c %s;", m->symbols[t], lb_state_charts(st)->terrain[t].id);
    if (elev)
        fprintf(out, " digit: elevation;");
    fprintf(out, " %c %s, %c %s (lower case: leader only)\n", sides[0], lb_state_side_name(st, 0),
           sides[1], lb_state_side_name(st, 1));
}
