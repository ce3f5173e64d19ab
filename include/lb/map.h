/* The map: size, label digits, terrain and elevation per hex, hexside features, as flat arrays. */
#ifndef LB_MAP_H
#define LB_MAP_H

#include <stdint.h>
#include "hex.h"

/*
 * Cells are indexed (row-1) * cols + (col-1). terrain[] holds indexes into the charts' terrain
 * types; sides[6 * cell + dir] holds 1 + a hexside type index, or 0 for a plain hexside. A
 * feature is stored on both hexes it separates (when both are on the map). roads[cell] is 1 for a
 * hex the scenario's `map.roads` names: a road runs through it (R-FORM-2: the road-march rate of
 * built-up terrain applies only there).
 */
typedef struct lb_map {
    int cols;
    int rows;
    int col_digits;
    int row_digits;
    uint8_t *terrain;
    int8_t *elevation;
    uint8_t *sides;
    uint8_t *roads;
    char symbols[256]; /* per terrain type index: its map character (from map.legend), or '?' */
} lb_map;

/* True when h is on the map. */
int lb_map_contains(const lb_map *m, lb_hex h);
/* Cell index of h (h must be on the map). */
int lb_map_cell(const lb_map *m, lb_hex h);
/* The hex of a cell index. */
lb_hex lb_map_hex(const lb_map *m, int cell);
/* Hexside type index on side dir of h, or -1 (none, or h off the map). */
int lb_map_hexside(const lb_map *m, lb_hex h, int dir);
/* Label of h into buf (at least LB_HEX_LABEL_MAX bytes); returns buf. */
char *lb_map_label(const lb_map *m, lb_hex h, char *buf);
/* Parses a label of this map: LB_OK, or LB_INVALID when malformed (the hex may be off the map). */
int lb_map_parse_label(const lb_map *m, const char *s, lb_hex *out);
/* For a text that is not a hex label of the map: LB_OK and *out when exactly one hex of the map
 * is one slip away, trying in turn separators left out ("09-10"), a missing leading zero ("910"),
 * two neighbouring digits swapped ("9010"), then one digit left out, added or changed;
 * LB_NOT_FOUND when no hex, or more than one, is that near. */
int lb_map_suggest_label(const lb_map *m, const char *s, lb_hex *out);
/* Parses a comma-separated list of labels of hexes on the map ("0802,0903") into out (at most
 * max); returns how many (a count, as snprintf's), or -1 with *bad (when not NULL) the 0-based
 * index of the first entry that is not a hex of the map, or max when there are more than max. */
int lb_map_parse_labels(const lb_map *m, const char *list, lb_hex *out, int max, int *bad);

#endif
