/* SVG pictures of a map: terrain, elevation, hexside features, labels and units. */
#ifndef LB_SVG_H
#define LB_SVG_H

#include "state.h"

/*
 * lb_svg_map draws the map of a state as a standalone SVG document (flat-topped hexes, even
 * columns half a hex lower, R-GRID-2) and returns it as a NUL-terminated string the caller
 * frees, or NULL when out of memory. `marks` (optional, cols*rows entries) highlights hexes:
 * 1 draws a ring, for overlays such as visibility or paths.
 */
char *lb_svg_map(const lb_state *st, const unsigned char *marks);

#endif
