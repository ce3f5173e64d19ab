"""The fan: a map where a retreat of ten hexes west from 1407 has 2^10 = 1024 optimal paths.

Shared by the case writers (make_melee_cases.py, make_charge_cases.py, make_game_cases.py).
Geometry (R-GRID-2): an odd column's NW and SW neighbours of (c, r) are (c-1, r-1) and
(c-1, r); an even column's are (c-1, r) and (c-1, r+1). The open hexes are those reached from
1407 by ten steps NW or SW (column 14-k holds k+1 of them, rows 7 - floor(k/2) to
7 + ceil(k/2)); every other hex is prohibited terrain, and every hexside between two open hexes
of one column is impassable. So each step of a retreat from 1407 goes NW or SW: it rises one
hex away from an enemy east of 1407 (the fan lies in its 60-degree cone) and never comes
closer to it (R-RET-1). Every path has ten hexes of clear terrain: all 1024 are optimal
(R-RET-4 a-c), and all end 11 hexes from an enemy in 1507 (R-RET-4 e ties). In label order a
step NW comes before a step SW (same column, smaller row), so path number i (from 0) spells i
in binary, SW = 1, first step first: the only path to 0412 (ten SW steps: 1308 1208 1109 1009
0910 0810 0711 0611 0512 0412) is number 1023, past the first 1000 a retreat keeps; the first
path to 0411 is number 511 (0111111111), to 04(02+k) number 2^k - 1.
"""

START = (14, 7)


def fan_cells():
    cells, edge = {START}, {START}
    for _ in range(10):
        nxt = set()
        for c, r in edge:
            nxt |= {(c - 1, r), (c - 1, r + 1)} if c % 2 == 0 else {(c - 1, r - 1), (c - 1, r)}
        cells |= nxt
        edge = nxt
    return cells


def fan_map(legend, blocked, wall, cols=15, rows=13, also=()):
    """The map: '.' in the fan and in `also`, `blocked` elsewhere; `wall` on the hexsides inside
    the fan's columns."""
    cells = fan_cells()
    t = [''.join('.' if (c, r) in cells or (c, r) in also else blocked
                 for c in range(1, cols + 1)) for r in range(1, rows + 1)]
    sides = [{"hex": "%02d%02d" % (c, r), "side": "S", "type": wall}
             for c, r in sorted(cells) if (c, r + 1) in cells]
    return {"columns": cols, "rows": rows, "terrain": t, "legend": legend, "hexsides": sides}


# The path to 0412 and its last step (SW: facing 8, R-RET-11).
TO_0412 = ["1308", "1208", "1109", "1009", "0910", "0810", "0711", "0611", "0512", "0412"]
