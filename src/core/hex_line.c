/* Exact hex line traversal (R-LOS-1): walks the segment between two centres hex by hex. */
#include "hex_line.h"
#include "hex_int.h"

/* R-LOS-1: the steps of the line, from the moves of the iterator in hex_line.h. */
int lb_hex_line(lb_hex from, lb_hex to, lb_line_step *out, int max)
{
    line_iter it;
    line_move mv;
    lb_hex prev = from;
    int n = 0;
    line_start(&it, from, to);
    if (max > 0)
        out[0] = (lb_line_step){LB_LINE_HEX, from, from};
    n++;
    while (it.x != it.tx || it.y != it.ty) {
        line_advance(&it, &mv);
        if (mv.via != VIA_CORNER) {
            if (n < max)
                out[n] = mv.via == VIA_SIDE ? (lb_line_step){LB_LINE_CROSS, prev, mv.hex}
                                               : (lb_line_step){LB_LINE_ALONG, mv.a, mv.b};
            n++;
        }
        if (n < max)
            out[n] = (lb_line_step){LB_LINE_HEX, mv.hex, mv.hex};
        n++;
        prev = mv.hex;
    }
    return n;
}
