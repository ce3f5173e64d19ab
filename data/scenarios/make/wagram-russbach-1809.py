# Writes the Russbach scenario (data/scenarios/wagram-russbach-1809.json): map and orders of battle.
"""The evening assault on the Russbach heights, Wagram, 5 July 1809 (docs/scenarios.md).

The map is laid out in metres (x east of Aderklaa, y south of the map's north edge) from the
villages' positions and the Russbach's course, then each hex takes the terrain at its centre;
the units are placed by their formations' positions at 19:00. The JSON is this script's output:
change the script and run it rather than editing the JSON by hand.

usage: python3 data/scenarios/make/wagram-russbach-1809.py OUT.json
       python3 data/scenarios/make/wagram-russbach-1809.py --check FILE.json
(--check: exit 1 when FILE.json is not what the script writes, as make test checks the bundled
file)
"""
import json
import math
import sys
from collections import deque

# ==== geometry: metres <-> hexes (flat-topped, even columns half a hex lower) =====================

COLS, ROWS = 96, 56
X0 = -500.0          # x of column 1's centre, metres east of Aderklaa
DX = 100.0 * math.sqrt(3) / 2   # 86.6 m between column centres
LON0, LAT0 = 16.534, 48.312     # Aderklaa's longitude; the map's north edge
MX, MY = 74076.0, 111200.0      # metres per degree of longitude (at 48.28 N) and latitude


def ll(lon, lat):
    """Longitude and latitude to metres (x east of Aderklaa, y south of the north edge)."""
    return ((lon - LON0) * MX, (LAT0 - lat) * MY)


def centre(c, r):
    return (X0 + (c - 1) * DX, (r - 1) * 100.0 + (50.0 if c % 2 == 0 else 0.0))


def label(c, r):
    return f"{c:02d}{r:02d}"


def on_map(c, r):
    return 1 <= c <= COLS and 1 <= r <= ROWS


def hex_at(x, y):
    """The hex whose centre is nearest (x, y): the hex containing the point."""
    c0 = int(round((x - X0) / DX)) + 1
    best = None
    for c in range(c0 - 1, c0 + 2):
        off = 50.0 if c % 2 == 0 else 0.0
        r0 = int(round((y - off) / 100.0)) + 1
        for r in range(r0 - 1, r0 + 2):
            cx, cy = centre(c, r)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, c, r)
    return best[1], best[2]


DIRS = ["N", "NE", "SE", "S", "SW", "NW"]
STEPS = [  # odd columns, even columns (R-GRID-2)
    [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)],
    [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)],
]


def neighbour(c, r, d):
    dc, dr = STEPS[1 if c % 2 == 0 else 0][d]
    return c + dc, r + dr


def direction(a, b):
    for d in range(6):
        if neighbour(a[0], a[1], d) == tuple(b):
            return d
    return -1


def seg_cross(p, q, a, b):
    """Do segments pq and ab cross (proper or touching)?"""
    def orient(o, s, t):
        v = (s[0] - o[0]) * (t[1] - o[1]) - (s[1] - o[1]) * (t[0] - o[0])
        return (v > 1e-9) - (v < -1e-9)
    o1, o2, o3, o4 = orient(p, q, a), orient(p, q, b), orient(a, b, p), orient(a, b, q)
    return o1 != o2 and o3 != o4


def crosses(p, q, line):
    return sum(1 for i in range(len(line) - 1) if seg_cross(p, q, line[i], line[i + 1]))


def dist_to_line(p, line):
    best = 1e18
    for i in range(len(line) - 1):
        a, b = line[i], line[i + 1]
        vx, vy = b[0] - a[0], b[1] - a[1]
        t = max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / (vx * vx + vy * vy)))
        d = math.hypot(p[0] - a[0] - t * vx, p[1] - a[1] - t * vy)
        best = min(best, d)
    return best


def side_of(p, line):
    """+1 when p is to the right of the polyline (walking along it), -1 left: by the nearest
    segment."""
    best, sign = 1e18, 0
    for i in range(len(line) - 1):
        a, b = line[i], line[i + 1]
        vx, vy = b[0] - a[0], b[1] - a[1]
        t = max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / (vx * vx + vy * vy)))
        d = math.hypot(p[0] - a[0] - t * vx, p[1] - a[1] - t * vy)
        if d < best:
            best = d
            cr = vx * (p[1] - a[1]) - vy * (p[0] - a[0])
            sign = 1 if cr > 0 else -1
    return sign


def walk(line, step=10.0):
    """Hexes a polyline passes through, in order, each once in a row."""
    out = []
    for i in range(len(line) - 1):
        a, b = line[i], line[i + 1]
        n = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) / step))
        for k in range(n + 1):
            x = a[0] + (b[0] - a[0]) * k / n
            y = a[1] + (b[1] - a[1]) * k / n
            h = hex_at(x, y)
            if on_map(*h) and (not out or out[-1] != h):
                out.append(h)
    return out


# ==== the map =====================================================================================

# The Russbach, north of Deutsch-Wagram to below Markgrafneusiedl (metres; period-map course
# through the villages' positions).
RUSSBACH = [ll(16.548, 48.33), ll(16.556, 48.312), (2380, 1250), ll(16.567, 48.297),
            ll(16.585, 48.288), (5000, 3420), ll(16.62, 48.2745), ll(16.637, 48.267),
            ll(16.647, 48.257)]
# The foot of the Wagram escarpment (the "Wagram" or Wogenrain), 150-300 m north-east of the
# stream from Deutsch-Wagram to Markgrafneusiedl; the plateau lies to its left (north-east).
ESCARPMENT = [(2080, -300), (2480, 1000), (2700, 1480), (3930, 2420), (5140, 3210),
              (6480, 3920), (7500, 4520), (8600, 5200)]

VILLAGES = {
    # name: (centre x, y, half-length, half-width, axis angle in degrees from east, clockwise)
    "aderklaa": (0, 2947, 230, 120, 0),
    "wagram": (2130, 1400, 330, 150, 80),
    "baumersdorf": (4990, 3300, 230, 120, 30),
    "neusiedl": (7620, 4520, 300, 170, 20),
}
# churches (dwellings that prohibit guns): Deutsch-Wagram's and the tower of Markgrafneusiedl
CHURCHES = [(2150, 1330), (7700, 4460)]

ROADS = [
    # Raasdorf - Deutsch-Wagram; over the bridge north to Bockfliess
    [(2185, 6000), (2185, 2300), (2150, 1380)],
    [(2150, 1380), (2420, 1400), (2530, 900), (2620, 0), (2640, -100)],
    # Aderklaa - Deutsch-Wagram
    [(0, 2947), (900, 2350), (1700, 1750), (2160, 1450)],
    # Aderklaa - Breitenlee (south-west) and Aderklaa - Süssenbrunn (west)
    [(0, 2947), (-300, 3700), (-700, 4700)],
    [(0, 2947), (-700, 2800)],
    # Deutsch-Wagram - Gerasdorf (west)
    [(2160, 1380), (1200, 1250), (-700, 1100)],
    # along the foot of the heights: Deutsch-Wagram - Baumersdorf - Markgrafneusiedl
    [(2420, 1400), (2700, 1600), (3900, 2480), (4990, 3300), (6400, 4010), (7620, 4520),
     (8600, 4900)],
    # Baumersdorf over its bridge to Raasdorf (south-west) and Grosshofen (south)
    [(4990, 3300), (4990, 3560), (4200, 4400), (3300, 5700)],
    [(4990, 3560), (5500, 4600), (6000, 5700)],
    # Markgrafneusiedl - Glinzendorf (south)
    [(7620, 4520), (7650, 5700)],
]


def in_village(p, v):
    cx, cy, a, b, ang = v
    t = math.radians(ang)
    dx, dy = p[0] - cx, p[1] - cy
    u = dx * math.cos(t) + dy * math.sin(t)
    w = -dx * math.sin(t) + dy * math.cos(t)
    return (u / a) ** 2 + (w / b) ** 2 <= 1.0


def build():
    terrain = {}
    elev = {}
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            p = centre(c, r)
            terrain[(c, r)] = "."
            up = side_of(p, ESCARPMENT) < 0
            elev[(c, r)] = 1 if up else 0
            if up and dist_to_line(p, ESCARPMENT) < 95:
                terrain[(c, r)] = "S"
    village_hexes = {}
    for name, v in VILLAGES.items():
        hs = [h for h in terrain if in_village(centre(*h), v)]
        village_hexes[name] = hs
        for h in hs:
            terrain[h] = "V"
    for ch in CHURCHES:
        terrain[hex_at(*ch)] = "C"
    road_paths = []
    for line in ROADS:
        path = walk(line)
        road_paths.append(path)
        for h in path:
            if terrain[h] in (".", "S"):
                terrain[h] = "R"
    # gardens and orchards round the villages' edges
    for name, hs in village_hexes.items():
        for h in hs:
            for d in range(6):
                n = neighbour(*h, d)
                if on_map(*n) and terrain[n] == "." and (n[0] + n[1] + d) % 3 == 0:
                    terrain[n] = "G"
    # the Russbach on every hexside its course crosses
    sides = {}
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            for d in (1, 2, 3):  # NE, SE, S: each hexside once
                n = neighbour(c, r, d)
                if not on_map(*n):
                    continue
                if crosses(centre(c, r), centre(*n), RUSSBACH) % 2 == 1:
                    sides[((c, r), n)] = "russbach"
    # bridges where a road crosses the stream
    for path in road_paths:
        for a, b in zip(path, path[1:]):
            for key in ((a, b), (b, a)):
                if key in sides:
                    sides[key] = "bridge"
    # map.roads: the village hexes the roads run through (road march crosses a village only on
    # them, R-FORM-2); not the church, whose terrain has no road-march rate: the roads meeting
    # there go round it through the village's hexes, which join them as well
    roads = sorted({h for path in road_paths for h in path if terrain[h] == "V"})
    return terrain, elev, sides, village_hexes, roads


def hexside_list(sides):
    out = []
    for (a, b), t in sorted(sides.items()):
        out.append({"hex": label(*a), "side": DIRS[direction(a, b)], "type": t})
    return out


# ==== placing units ===============================================================================

terrain, elev, sides, village_hexes, road_villages = build()
occupied = {}       # hex -> side
units = []
orgs = {}           # org id -> list of unit ids
reinforcements = {}  # time -> unit ids

# Values (docs/scenarios.md): infantry increments = men / 100 (rounded), fire = increments,
# melee = 3 x increments, movement 6 (5 Austrian); cavalry increments = men / 50, melee 2 x
# increments (3 x cuirassiers), fire 0; artillery one increment per 4 guns (rounded up), fire by
# calibre, melee 2.
GENERAL = {"V", "C", "G"}   # terrain where infantry stands in general order
SIDE_BANK = {"french": 1, "austrian": -1}   # side_of the Russbach each side starts on


def allowed(h, arm, side):
    t = terrain.get(h)
    if not t or h in occupied or (arm == "artillery" and t == "C"):
        return False
    bank = side_of(centre(*h), RUSSBACH)
    in_village = any(h in hs for hs in village_hexes.values())
    if bank != SIDE_BANK[side] and not in_village:
        return False
    for d in range(6):
        n = neighbour(*h, d)
        if occupied.get(n, side) != side:
            return False
    return True


def free_hex(c, r, arm, side):
    """The nearest hex to (c, r) open to the arm, on its side's bank, next to no enemy."""
    seen = {(c, r)}
    q = deque([(c, r)])
    while q:
        h = q.popleft()
        if allowed(h, arm, side):
            return h
        for d in range(6):
            n = neighbour(*h, d)
            if on_map(*n) and n not in seen:
                seen.add(n)
                q.append(n)
    raise SystemExit("no free hex")


def put(unit, h, side):
    occupied[h] = side
    unit["hexes"] = [label(*h)]
    units.append(unit)


def infantry(uid, name, side, nation, cls, men, morale, at, facing, org):
    """A battalion in column (general order in a village, church or garden) near the hex at."""
    inc = max(1, round(men / 100))
    h = free_hex(*at, "infantry", side)
    u = {"id": uid, "name": name, "side": side, "arm": "infantry", "nation": nation,
         "class": cls, "increments": inc, "fire": inc, "melee": 3 * inc,
         "movement": 5 if nation == "austrian" else 6, "morale": morale,
         "formation": "general" if terrain[h] in GENERAL else "column", "state": "good",
         "facing": facing}
    put(u, h, side)
    orgs.setdefault(org, []).append(uid)
    return u


def cavalry(uid, name, side, nation, cls, men, morale, at, facing, org=None, heavy=False):
    inc = max(1, round(men / 50))
    h = free_hex(*at, "cavalry", side)
    u = {"id": uid, "name": name, "side": side, "arm": "cavalry", "nation": nation,
         "class": cls, "increments": inc, "fire": 0, "melee": (3 if heavy else 2) * inc,
         "movement": 11 if heavy else 14, "morale": morale,
         "formation": "column", "state": "good", "readiness": "fresh", "facing": facing}
    put(u, h, side)
    if org:
        orgs.setdefault(org, []).append(uid)
    return u


def battery(uid, name, side, nation, cls, guns, fire, morale, at, facing, org=None,
            limbered=False, move=4):
    inc = (guns + 3) // 4
    h = free_hex(*at, "artillery", side)
    u = {"id": uid, "name": name, "side": side, "arm": "artillery", "nation": nation,
         "class": cls, "increments": inc, "fire": fire, "melee": 2, "movement": move,
         "morale": morale, "formation": "limbered" if limbered else "unlimbered",
         "state": "good", "facing": facing}
    put(u, h, side)
    if org:
        orgs.setdefault(org, []).append(uid)
    return u


def leader(uid, name, side, morale, melee, with_unit):
    u = {"id": uid, "name": name, "side": side, "arm": "leader",
         "bonus": {"morale": morale, "melee": melee}, "hexes": list(with_unit["hexes"][:1])}
    units.append(u)
    return u


def reinforcement(time, make, *args, entry):
    """A unit off the map until time, entering at the edge hex entry."""
    c, r = entry
    assert c in (1, COLS) or r in (1, ROWS), entry
    n = len(units)
    make(*args)
    u = units[n]
    occupied.pop(hex_at_label(u["hexes"][0]))
    u["hexes"] = [label(c, r)]
    reinforcements.setdefault(time, []).append(u["id"])
    return u


def arriving_leader(time, uid, name, side, morale, melee, entry):
    """A leader off the map until time, entering at the edge hex entry with his troops."""
    u = {"id": uid, "name": name, "side": side, "arm": "leader",
         "bonus": {"morale": morale, "melee": melee}, "hexes": [label(*entry)]}
    units.append(u)
    reinforcements.setdefault(time, []).append(uid)


def hex_at_label(s):
    return int(s[:2]), int(s[2:])


# ==== orders of battle at 19:00 ===================================================================

TITLE = "The evening assault on the Russbach heights, Wagram, 5 July 1809"


def line_y(line, x):
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        if ax <= x <= bx:
            return ay + (by - ay) * (x - ax) / (bx - ax)
    raise ValueError(x)


def along(x0, x1, n, back, line=RUSSBACH, sign=1):
    """n hexes on a line parallel to the stream (or the escarpment), back metres behind it (south
    for sign 1, north for -1)."""
    out = []
    for k in range(n):
        x = x0 + (x1 - x0) * k / max(1, n - 1)
        y = line_y(line, x) + sign * back
        y = max(30, min(5450, y))
        out.append(hex_at(x, y))
    return out


def french_line(x0, x1, n, back):
    return along(x0, x1, n, back)


def austrian_line(x0, x1, n, back):
    return along(x0, x1, n, back, ESCARPMENT, -1)


FR, AU, FA = "french", "austrian", "french_allied"


def ordinal(n):
    """1er, 2e, 3e ... as French battalions are numbered."""
    return f"{n}{'er' if n == 1 else 'e'}"


# ==== French: II Corps (Oudinot) ==================================================================
# Grandjean's division (St-Hilaire's until Essling): 10e léger, 3e, 57e, 72e, 105e de ligne
pos = french_line(4650, 5650, 8, 650) + french_line(4700, 5550, 7, 950)
k = 0
grandjean = []
for reg, cls, mor in (("10e léger", "legere", "33"), ("3e de ligne", "ligne", "34"),
                      ("57e de ligne", "ligne", "34"), ("72e de ligne", "ligne", "34"),
                      ("105e de ligne", "ligne", "34")):
    num = reg.split("e ")[0]
    for b in (1, 2, 3):
        rid = f"fr-{num}{'le' if cls == 'legere' else 'li'}-{b}"
        grandjean.append(infantry(rid, f"{ordinal(b)} bataillon, {reg}", FR, "french", cls,
                                  520 if b < 3 else 480, mor, pos[k], 12, "ii-corps"))
        k += 1
# Frère's division (Claparède's until Essling): fourth battalions in demi-brigades
pos = french_line(5750, 7050, 9, 700)
frere = []
for k, reg in enumerate(("17e léger", "21e léger", "28e léger", "27e de ligne", "39e de ligne",
                         "59e de ligne", "69e de ligne", "76e de ligne", "88e de ligne")):
    num = reg.split("e ")[0]
    frere.append(infantry(f"fr-4-{num}{'le' if 'léger' in reg else 'li'}", f"4e bataillon, {reg}",
                          FR, "french", "bataillon_4e", 560, "36", pos[k], 12, "ii-corps"))
# Tharreau's division: fourth battalions, second line
pos = french_line(4750, 6700, 12, 1350)
tharreau = []
for k, reg in enumerate(("6e léger", "24e léger", "25e léger", "9e léger", "16e léger",
                         "27e léger", "8e de ligne", "24e de ligne", "45e de ligne",
                         "94e de ligne", "95e de ligne", "96e de ligne")):
    num = reg.split("e ")[0]
    tharreau.append(infantry(f"fr-4-{num}{'le' if 'léger' in reg else 'li'}",
                             f"4e bataillon, {reg}", FR, "french", "bataillon_4e", 600, "36",
                             pos[k], 12, "ii-corps"))
# Colbert's light cavalry brigade
colbert = [
    cavalry("fr-9hus", "9e régiment de hussards", FR, "french", "hussar", 450, "33",
            hex_at(7150, 5380), 12, "ii-corps"),
    cavalry("fr-7chs", "7e régiment de chasseurs à cheval", FR, "french", "chasseur", 400, "33",
            hex_at(7450, 5380), 12, "ii-corps"),
    cavalry("fr-20chs", "20e régiment de chasseurs à cheval", FR, "french", "chasseur", 400, "33",
            hex_at(7700, 5420), 12, "ii-corps"),
]
# the corps artillery before Baumersdorf ("forty guns", Angeli)
pos = french_line(4550, 5450, 5, 520)
for k in range(5):
    battery(f"fr-art-ii-{k + 1}", f"{k + 1}e compagnie d'artillerie à pied, IIe corps", FR,
            "french", "a_pied", 8, 8, "44", pos[k], 12, "ii-corps")

leader("fr-ldr-oudinot", "Maréchal Oudinot", FR, 2, 1, grandjean[3])
leader("fr-ldr-grandjean", "Général de division Grandjean", FR, 1, 1, grandjean[0])
leader("fr-ldr-frere", "Général de division Frère", FR, 1, 1, frere[0])
leader("fr-ldr-tharreau", "Général de division Tharreau", FR, 1, 1, tharreau[0])
leader("fr-ldr-colbert", "Général de brigade Colbert", FR, 1, 1, colbert[0])

# ==== French: Army of Italy (Eugène) =============================================================
# Macdonald's corps: Lamarque's division on the field, Broussier's coming up
pos = french_line(3000, 3650, 5, 700) + french_line(3050, 3600, 4, 1000)
lamarque = [infantry(f"fr-lam-{k + 1}", f"{ordinal(k + 1)} bataillon, division Lamarque", FR,
                     "french", "ligne", 560, "35", pos[k], 12, "v-corps") for k in range(9)]
# Grenier's corps: Seras's and Durutte's divisions
pos = french_line(3700, 4150, 4, 700) + french_line(3700, 4150, 4, 1000)
seras = [infantry(f"fr-ser-{k + 1}", f"{ordinal(k + 1)} bataillon, division Seras", FR,
                  "french", "ligne", 540, "35", pos[k], 12, "vi-corps") for k in range(8)]
pos = french_line(4200, 4600, 4, 700) + french_line(4200, 4600, 4, 1000)
durutte = [infantry(f"fr-dur-{k + 1}", f"{ordinal(k + 1)} bataillon, division Durutte", FR,
                    "french", "ligne", 540, "35", pos[k], 12, "vi-corps") for k in range(8)]
pos = french_line(2950, 4350, 4, 520)
for k in range(4):
    battery(f"fr-art-it-{k + 1}", f"{k + 1}e compagnie d'artillerie à pied, armée d'Italie", FR,
            "french", "a_pied", 8, 8, "44", pos[k], 12, "v-corps" if k < 2 else "vi-corps")
sahuc = [
    cavalry("fr-6hus", "6e régiment de hussards", FR, "french", "hussar", 400, "33",
            hex_at(3300, 4800), 12),
    cavalry("fr-8chs", "8e régiment de chasseurs à cheval", FR, "french", "chasseur", 400, "33",
            hex_at(3600, 4900), 12),
    cavalry("fr-25chs", "25e régiment de chasseurs à cheval", FR, "french", "chasseur", 350, "33",
            hex_at(3900, 4950), 12),
]
leader("fr-ldr-eugene", "Eugène de Beauharnais, vice-roi d'Italie", FR, 1, 0, lamarque[6])
leader("fr-ldr-macdonald", "Général de division Macdonald", FR, 2, 1, lamarque[1])
leader("fr-ldr-lamarque", "Général de division Lamarque", FR, 1, 1, lamarque[2])
leader("fr-ldr-grenier", "Général de division Grenier", FR, 1, 1, seras[1])
leader("fr-ldr-seras", "Général de division Seras", FR, 1, 1, seras[0])
leader("fr-ldr-durutte", "Général de division Durutte", FR, 1, 0, durutte[0])
leader("fr-ldr-sahuc", "Général de division Sahuc", FR, 1, 1, sahuc[0])

# Broussier's division comes up the Raasdorf road at 19:40
entries = [(c, ROWS) for c in (32, 31, 33, 30, 34, 29, 35, 28, 36, 27)]
k = 0
for reg in ("9e de ligne", "84e de ligne", "92e de ligne"):
    num = reg.split("e ")[0]
    for b in (1, 2, 3):
        reinforcement("19:40", infantry, f"fr-{num}li-{b}", f"{ordinal(b)} bataillon, {reg}", FR,
                      "french", "ligne", 560, "34", entries[k], 12, "v-corps", entry=entries[k])
        k += 1
arriving_leader("19:40", "fr-ldr-broussier", "Général de division Broussier", FR, 1, 1,
                entries[0])
reinforcement("19:40", battery, "fr-art-it-5", "5e compagnie d'artillerie à pied, armée d'Italie",
              FR, "french", "a_pied", 8, 8, "44", entries[9], 12, "v-corps", True, entry=entries[9])

# ==== French: IX Corps (Bernadotte) ===============================================================
pos = french_line(2470, 2950, 4, 650) + french_line(2500, 2950, 3, 950)
dupas = [
    infantry("fr-5le-1", "1er bataillon, 5e léger", FR, "french", "legere", 560, "34", pos[0], 2,
             "ix-corps"),
    infantry("fr-5le-2", "2e bataillon, 5e léger", FR, "french", "legere", 540, "34", pos[1], 2,
             "ix-corps"),
    infantry("fr-19li-1", "1er bataillon, 19e de ligne", FR, "french", "ligne", 560, "35", pos[2],
             12, "ix-corps"),
    infantry("fr-19li-2", "2e bataillon, 19e de ligne", FR, "french", "ligne", 540, "35", pos[3],
             12, "ix-corps"),
    infantry("fr-19li-3", "3e bataillon, 19e de ligne", FR, "french", "ligne", 520, "35", pos[4],
             12, "ix-corps"),
    infantry("sx-gren-radeloff", "Grenadier-Bataillon von Radeloff", FR, FA, "saxon", 520, "36",
             pos[5], 2, "ix-corps"),
    infantry("sx-sch-metzsch", "Schützen-Bataillon von Metzsch", FR, FA, "saxon", 480, "41",
             pos[6], 2, "ix-corps"),
]
# the Saxons at Aderklaa
steindel = []
for k, (uid, name, men) in enumerate((
        ("sx-anton-1", "I. Bataillon, Infanterie-Regiment Prinz Anton", 560),
        ("sx-anton-2", "II. Bataillon, Infanterie-Regiment Prinz Anton", 540),
        ("sx-koenig-1", "I. Bataillon, Infanterie-Regiment König", 560),
        ("sx-max-1", "I. Bataillon, Infanterie-Regiment Prinz Maximilian", 540),
        ("sx-dyherrn-1", "I. Bataillon, Infanterie-Regiment von Dyherrn", 520))):
    steindel.append(infantry(uid, name, FR, FA, "saxon", men, "42",
                             hex_at(-150 + 260 * k, 2620 - 80 * k), 2, "ix-corps"))
hartitzsch = []
for k, (uid, name, men, mor) in enumerate((
        ("sx-leibgren", "Leib-Grenadier-Garde", 620, "35"),
        ("sx-gren-bose", "Grenadier-Bataillon von Bose", 560, "36"),
        ("sx-gren-hake", "Grenadier-Bataillon von Hake", 540, "36"),
        ("sx-low-1", "I. Bataillon, Infanterie-Regiment von Low", 520, "42"),
        ("sx-niese-1", "I. Bataillon, Infanterie-Regiment von Niesemeuschel", 520, "42"))):
    where = (0, 2947) if uid == "sx-low-1" else (-250 + 230 * k, 3250 - 60 * k)
    hartitzsch.append(infantry(uid, name, FR, FA, "saxon", men, mor, hex_at(*where), 2,
                               "ix-corps"))
gutschmid = [
    cavalry("sx-hus", "Husaren-Regiment", FR, FA, "hussar", 320, "35", hex_at(1000, 2250), 2),
    cavalry("sx-clemens", "Chevaulegers-Regiment Prinz Clemens", FR, FA, "chevau_leger", 400,
            "35", hex_at(1250, 2450), 2),
]
battery("fr-art-ix-1", "Compagnie d'artillerie à pied, division Dupas", FR, "french", "a_pied", 6,
        8, "44", french_line(2700, 2700, 1, 520)[0], 12, "ix-corps")
battery("sx-art-1", "Sächsische Fußbatterie (Hoyer)", FR, FA, "a_pied", 8, 6, "45",
        hex_at(650, 2450), 2, "ix-corps")
battery("sx-art-2", "Sächsische Fußbatterie (Bonniot)", FR, FA, "a_pied", 8, 6, "45",
        hex_at(1900, 2750), 2, "ix-corps")
leader("fr-ldr-bernadotte", "Maréchal Bernadotte", FR, 1, 0, hartitzsch[0])
leader("fr-ldr-dupas", "Général de division Dupas", FR, 1, 1, dupas[0])
leader("sx-ldr-lecoq", "Generalleutnant von Lecoq", FR, 1, 1, steindel[0])
leader("sx-ldr-zezschwitz", "Generalleutnant von Zezschwitz", FR, 1, 0, hartitzsch[1])
leader("sx-ldr-hartitzsch", "Generalmajor von Hartitzsch", FR, 1, 1, hartitzsch[2])
leader("sx-ldr-gutschmid", "Generalmajor von Gutschmid", FR, 1, 1, gutschmid[0])

# ==== Austrians: II Korps (Hohenzollern) ==========================================================
hardegg = []
for k, (x, y) in enumerate(((4990, 3300), (5042, 3400), (4956, 3450))):
    hardegg.append(infantry(f"au-ir25-{k + 1}", f"{'I' * (k + 1)}. Bataillon, IR 25 Zedtwitz", AU,
                            "austrian", "linie", 760, "44", hex_at(x, y), 6, "ii-korps"))
battery("au-art-hardegg", "6-Pfünder Brigadebatterie Hardegg", AU, "austrian", "brigade", 8, 6,
        "45", hex_at(5150, 3120), 6, "ii-korps")
pos = austrian_line(4250, 4950, 5, 260)
buresch = []
for k, (uid, name, men, mor) in enumerate((
        ("au-ir57-1", "I. Bataillon, IR 57 Joseph Colloredo", 780, "44"),
        ("au-ir57-2", "II. Bataillon, IR 57 Joseph Colloredo", 760, "44"),
        ("au-ir57-3", "III. Bataillon, IR 57 Joseph Colloredo", 740, "44"),
        ("au-ir15-1", "I. Bataillon, IR 15 Zach", 640, "45"),
        ("au-ir15-2", "II. Bataillon, IR 15 Zach", 620, "45"))):
    buresch.append(infantry(uid, name, AU, "austrian", "linie", men, mor, pos[k], 6, "ii-korps"))
battery("au-art-buresch", "6-Pfünder Brigadebatterie Buresch", AU, "austrian", "brigade", 8, 6,
        "45", austrian_line(4600, 4600, 1, 110)[0], 6, "ii-korps")
pos = austrian_line(5450, 6150, 3, 260)
froon = [infantry(f"au-ir54-{k + 1}", f"{'I' * (k + 1)}. Bataillon, IR 54 Froon", AU, "austrian",
                  "linie", 780, "44", pos[k], 6, "ii-korps") for k in range(3)]
pos = austrian_line(4300, 6300, 7, 800)
for k in range(7):
    infantry(f"au-ii-{k + 1}", f"{k + 1}. Linienbataillon, II. Armeekorps", AU, "austrian", "linie",
             780, "44", pos[k], 6, "ii-korps")
battery("au-art-ii-pos", "12-Pfünder Positionsbatterie, II. Armeekorps", AU, "austrian",
        "position", 6, 10, "45", austrian_line(4100, 4100, 1, 110)[0], 6, "ii-korps")
for k, x in enumerate((5800, 3950, 6250)):
    battery(f"au-art-ii-brig-{k + 1}", f"6-Pfünder Brigadebatterie, II. Armeekorps ({k + 1})", AU,
            "austrian", "brigade", 8, 6, "45", austrian_line(x, x, 1, 110)[0], 6, "ii-korps")
battery("au-art-ii-kav", "Kavalleriebatterie, II. Armeekorps", AU, "austrian", "kavallerie", 6, 5,
        "45", austrian_line(6500, 6500, 1, 400)[0], 6, "ii-korps", move=8)
vincent = cavalry("au-clr4", "Chevaulegers-Regiment Nr. 4 Vincent", AU, "austrian", "chevauleger",
                  800, "34", hex_at(5000, 2200), 6, "ii-korps")
cavalry("au-hr4", "Husaren-Regiment Nr. 4 Hessen-Homburg (4 Eskadronen)", AU,
                  "austrian", "hussar", 420, "34", hex_at(6300, 3000), 6, "ii-korps")
leader("au-ldr-hohenzollern", "FML Fürst Hohenzollern-Hechingen", AU, 2, 1, vincent)
leader("au-ldr-brady", "FML Brady", AU, 1, 1, froon[0])
leader("au-ldr-hardegg", "GM Graf Ignaz Hardegg", AU, 2, 1, hardegg[0])
leader("au-ldr-buresch", "GM Buresch", AU, 1, 1, buresch[0])

# ==== Austrians: I Korps (Bellegarde) =============================================================
argenteau = []
for k, (x, y) in enumerate(((2150, 1330), (2230, 1560), (1990, 1480))):
    argenteau.append(infantry(f"au-ir35-{k + 1}", f"{'I' * (k + 1)}. Bataillon, IR 35 Argenteau",
                              AU, "austrian", "linie", 760, "44", hex_at(x, y), 8, "i-korps"))
pos = austrian_line(2750, 3950, 9, 300)
i_first = []
for k, (uid, name) in enumerate((
        ("au-ir42-1", "I. Bataillon, IR 42 Erbach"), ("au-ir42-2", "II. Bataillon, IR 42 Erbach"),
        ("au-ir42-3", "III. Bataillon, IR 42 Erbach"),
        ("au-ir11-1", "I. Bataillon, IR 11 Erzherzog Rainer"),
        ("au-ir11-2", "II. Bataillon, IR 11 Erzherzog Rainer"),
        ("au-ir11-3", "III. Bataillon, IR 11 Erzherzog Rainer"),
        ("au-ir47-1", "I. Bataillon, IR 47 Vogelsang"),
        ("au-ir47-2", "II. Bataillon, IR 47 Vogelsang"),
        ("au-ir47-3", "III. Bataillon, IR 47 Vogelsang"))):
    i_first.append(infantry(uid, name, AU, "austrian", "linie", 800, "44", pos[k], 6, "i-korps"))
pos = austrian_line(2700, 3900, 6, 900)
for k in range(6):
    infantry(f"au-i-{k + 1}", f"{k + 1}. Linienbataillon, I. Armeekorps", AU, "austrian", "linie",
             800, "44", pos[k], 6, "i-korps")
pos = austrian_line(2800, 3800, 5, 110)
for k in range(5):
    battery(f"au-art-i-{k + 1}", f"6-Pfünder Brigadebatterie, I. Armeekorps ({k + 1})", AU,
            "austrian", "brigade", 8, 6, "45", pos[k], 6, "i-korps")
battery("au-art-i-pos", "12-Pfünder Positionsbatterie, I. Armeekorps", AU, "austrian", "position",
        6, 10, "45", hex_at(2650, 1250), 8, "i-korps")
cavalry("au-clr6", "Chevaulegers-Regiment Nr. 6 Rosenberg", AU, "austrian", "chevauleger",
              700, "34", hex_at(3100, 700), 6, "i-korps")
leader("au-ldr-charles", "Erzherzog Carl, Generalissimus", AU, 3, 1, i_first[0])
leader("au-ldr-bellegarde", "G.d.C. Graf Bellegarde", AU, 1, 1, i_first[4])
leader("au-ldr-vogelsang", "FML Vogelsang", AU, 1, 1, i_first[7])

# ==== Austrians: IV Korps in Markgrafneusiedl (the edge of the map) ===============================
for k, (x, y) in enumerate(((7600, 4560), (7700, 4380))):
    infantry(f"au-iv-{k + 1}", f"{k + 1}. Bataillon des IV. Armeekorps (Rosenberg)", AU, "austrian",
             "linie", 700, "44", hex_at(x, y), 6, "iv-korps")

# ==== Austrian reinforcements =====================================================================
for k, c in enumerate((19, 21)):
    name, uid = (("Kürassier-Regiment Nr. 8 Hohenzollern", "au-kr8"),
                 ("Kürassier-Regiment Nr. 3 Herzog Albert", "au-kr3"))[k]
    reinforcement("20:00", cavalry, uid, name, AU, "austrian", "kuerassier", 600, "33", (c, 1), 6,
                  None, True, entry=(c, 1))
arriving_leader("20:00", "au-ldr-liechtenstein", "G.d.C. Fürst Johann Liechtenstein", AU, 1, 1,
                (19, 1))
arriving_leader("20:20", "au-ldr-aspre", "FML d'Aspre", AU, 2, 1, (34, 1))
for k, c in enumerate((34, 35, 36, 37)):
    reinforcement("20:20", infantry, f"au-gren-{k + 1}",
                  f"{k + 1}. Grenadier-Bataillon, Division d'Aspre", AU, "austrian", "grenadier",
                  640, "36", (c, 1), 6, "2-grenadier-division", entry=(c, 1))

ORG_NAMES = {
    "ii-corps": {"name": "IIe corps (Oudinot)", "side": FR},
    "v-corps": {"name": "Corps de Macdonald, armée d'Italie", "side": FR},
    "vi-corps": {"name": "Corps de Grenier, armée d'Italie", "side": FR},
    "ix-corps": {"name": "IXe corps (Bernadotte)", "side": FR},
    "ii-korps": {"name": "II. Armeekorps (Hohenzollern)", "side": AU},
    "i-korps": {"name": "I. Armeekorps (Bellegarde)", "side": AU},
    "iv-korps": {"name": "IV. Armeekorps (Rosenberg)", "side": AU},
    "2-grenadier-division": {"name": "Grenadier-Division d'Aspre", "side": AU, "kind": "division"},
}

VICTORY = {
    "last_turn": "21:40",
    "objectives": [
        {"hex": label(*hex_at(2150, 1330)), "points": 20, "holder": AU},
        {"hex": label(*hex_at(4990, 3300)), "points": 10, "holder": AU},
        {"hex": label(*austrian_line(3400, 3400, 1, 250)[0]), "points": 10, "holder": AU},
        {"hex": label(*austrian_line(5300, 5300, 1, 250)[0]), "points": 5, "holder": AU},
        {"hex": label(*austrian_line(6600, 6600, 1, 250)[0]), "points": 5, "holder": AU},
        {"hex": label(*hex_at(0, 2947)), "points": 40, "holder": FR},
    ],
    "points": {"increment": 1, "surrendered": 3, "leader": 5},
    "margins": {"marginal": 10, "substantive": 30, "decisive": 60},
}

NOTES = [
    "The evening assault of 5 July 1809 on the Russbach heights: at about 19:00 Napoleon sent "
    "Oudinot's II Corps against Baumersdorf, the Army of Italy (Macdonald's and Grenier's corps) "
    "and Dupas's division over the Russbach between Baumersdorf and Deutsch-Wagram, and "
    "Bernadotte's Saxons (IX Corps) from Aderklaa against Deutsch-Wagram, held by Hohenzollern's "
    "II Korps and Bellegarde's I Korps. Every attack reached the heights or the village and was "
    "thrown back; the fighting died down in the dark towards 22:00.",
    "Time: 19:00 to 22:00, nine turns of 20 minutes, the last starting at 21:40. The sun set at "
    "about 20:00 and it was dark by 21:00; the Premier Rules have no rule for dusk, so the "
    "scenario ends when the histories say the fighting did.",
    "Scale: the series' own (Premier Rules (3)): a hex is 100 m across, a turn 20 minutes; "
    "infantry battalions (an increment is 100 men), cavalry regiments (50 men), batteries "
    "(4 guns), and leaders.",
    "Sources (public histories): J. H. Gill, 1809: Thunder on the Danube, vol. 3 (2010), "
    "chapter 5 and appendix 13; F. L. Petre, Napoleon and the Archduke Charles (1909), chapter "
    "XV; G. E. Rothenberg, Napoleon's Great Adversaries (1982) and The Emperor's Last Victory "
    "(2004); M. von Angeli, 'Wagram, Novelle zur Geschichte des Krieges von 1809', Mittheilungen "
    "des k.k. Kriegs-Archivs (1881): Hardegg holding Baumersdorf, also called Parbasdorf, under "
    "forty guns, the two columns either side of it, the grenadiers at the Helmahof; "
    "K. W. Böttiger, Geschichte des Kurstaates und Königreiches Sachsen, vol. 3 (1873): the "
    "Saxons at Aderklaa, Dupas with the battalions Radeloff and Metzsch across the Russbach, "
    "Lecoq's assault on the burning Deutsch-Wagram. Village positions and the stream's course "
    "from period maps of the Marchfeld. Nothing is taken from the publisher's maps or counters.",
    "Terrain (approximated): the Russbach is the module's russbach hexside on every hexside its "
    "course crosses, from above Deutsch-Wagram to below Markgrafneusiedl, with bridges where the "
    "roads cross it at Deutsch-Wagram, Baumersdorf and Markgrafneusiedl; the Wagram heights are "
    "one step of elevation north-east of a line 150-300 m behind the stream, a band of slope "
    "hexes at their foot; the fields of the Marchfeld are clear; the villages (Aderklaa, "
    "Deutsch-Wagram with its church, Baumersdorf astride the stream, Markgrafneusiedl with its "
    "tower at the east edge) are village hexes with gardens at their edges; the roads follow the "
    "period maps' lines between the villages, as road hexes in the fields and, through the "
    "villages, the village hexes they cross (map.roads: ours, from the same lines), so that road "
    "march runs from village to village; Deutsch-Wagram's church is not a road hex, the roads "
    "meeting there go round it through the village. Not shown: the standing corn, the Helmahof, fords "
    "and the banks' own steepness.",
    "Values (ours, from the histories' strengths and the module's classes): infantry increments "
    "= men / 100, fire = increments, melee = 3 x increments, movement 6 (French and allies) or 5 "
    "(Austrians); cavalry increments = men / 50, melee 2 x (light) or 3 x (cuirassiers) "
    "increments, movement 14 or 11; batteries one increment per 4 guns, fire 8 (French foot), "
    "6 (6-pounder brigade and Saxon foot), 10 (12-pounder position), 5 (cavalry battery). "
    "Morale: French veterans 34 (légère 33), Army of Italy and Dupas's 34-35, fourth battalions "
    "36, Saxon line 42, Schützen 41, grenadiers 36 and the Leib-Grenadier-Garde 35, Austrian "
    "line 44 (IR 15 Zach, worn at Aspern, 45), grenadiers 36; light cavalry 33 (French), 34 "
    "(Austrian), 35 (Saxon); "
    "cuirassiers 33; artillery 44 (French), 45 (Austrian and Saxon). Leaders: +1 to +3 morale, "
    "0 or +1 melee, by their rank and the histories' account of the evening.",
    "Organisation: the corps carry the Morale Levels the module gives them (ii-corps, v-corps "
    "and vi-corps for Macdonald's and Grenier's corps of the Army of Italy, ix-corps; i-korps, "
    "ii-korps, iv-korps, and d'Aspre's grenadiers as 2-grenadier-division, of kind division: "
    "its battalions force-march together, F44-2); the other divisions and brigades are named in "
    "the units' names and by their leaders.",
    "Reinforcements (their hours are ours: the histories put these troops at hand, not on a "
    "clock): Broussier's division by the Raasdorf road at 19:40; two cuirassier regiments of "
    "Liechtenstein's reserve from the north-west at 20:00; four grenadier battalions of d'Aspre's "
    "division from the Helmahof, north of Deutsch-Wagram, at 20:20.",
    "Uncertain: the battalions of I and II Korps that the sources consulted do not name are "
    "named by their corps; Davout's and Rosenberg's fight at Markgrafneusiedl is off the map, "
    "two battalions of IV Korps holding the village at the edge.",
    "Victory: Deutsch-Wagram's church 20 points, Baumersdorf 10, three points of the heights "
    "(above the Army of Italy's crossing 10, above Baumersdorf 5, east of it 5), all "
    "Austrian; Aderklaa, the French pivot, which Bellegarde's men took the next morning when "
    "Bernadotte left it, 40, French. The Austrians lead 50 to 40 at the start, a marginal "
    "victory if nothing happens; the historical result, every attack repulsed with heavier "
    "French losses, is still an Austrian victory.",
    "Balance: the victory key is the project's, not a historical one: with the key that "
    "scored the historical outcome (the Austrian objectives 90, Aderklaa 10) the Austrians won "
    "every game whoever played them; this one was measured so that either side can win by "
    "play (selfplay of the computer against itself: quick against quick, 8 games, the French "
    "winning 2, the Austrians 1; the baseline against itself, 10 games, 5 and 4; docs/ai.md, "
    "'The Russbach battle balanced').",
]


# ==== output ======================================================================================

# ---- output ------------------------------------------------------------------------------------
legend = {".": "clear", "S": "slope", "V": "village", "C": "church", "G": "garden", "R": "road"}
rows_t = ["".join(terrain[(c, r)] for c in range(1, COLS + 1)) for r in range(1, ROWS + 1)]
rows_e = ["".join(str(elev[(c, r)]) for c in range(1, COLS + 1)) for r in range(1, ROWS + 1)]
scenario = {
    "format": "labataille-scenario/1",
    "title": TITLE,
    "game": "deutsch-wagram-1809",
    "rules": "premier-2018",
    "fractions": "exact",
    "turn": {"time": "19:00", "phasing": "french", "segment": "charge"},
    "sides": ["french", "austrian"],
    "notes": NOTES,
    "map": {"columns": COLS, "rows": ROWS, "terrain": rows_t, "legend": legend,
            "elevation": rows_e, "hexsides": hexside_list(sides),
            "roads": [label(*h) for h in road_villages]},
    "charts": {},
    "units": units,
    "reinforcements": [{"time": t, "units": ids} for t, ids in sorted(reinforcements.items())],
    "organisation": [dict(ORG_NAMES[k], id=k, units=v) for k, v in orgs.items()],
    "victory": VICTORY,
}


def dump(o, ind=0):
    """JSON with one line per unit, hexside and map row, as the demo is laid out."""
    sp = "  " * ind
    if isinstance(o, dict):
        if ind >= 2 and len(json.dumps(o, ensure_ascii=False)) < 400:
            return json.dumps(o, ensure_ascii=False, separators=(", ", ": "))
        items = [f'{sp}  {json.dumps(k)}: {dump(v, ind + 1)}' for k, v in o.items()]
        return "{\n" + ",\n".join(items) + "\n" + sp + "}"
    if isinstance(o, list):
        if all(not isinstance(x, (dict, list)) for x in o) and len(json.dumps(o)) < 90:
            return json.dumps(o, ensure_ascii=False)
        items = [f"{sp}  {dump(v, ind + 1)}" for v in o]
        return "[\n" + ",\n".join(items) + "\n" + sp + "]"
    return json.dumps(o, ensure_ascii=False)


text = dump(scenario) + "\n"
if sys.argv[1:2] == ["--check"]:
    with open(sys.argv[2], encoding="utf-8") as f:
        if f.read() != text:
            sys.exit(f"{sys.argv[2]}: not what {sys.argv[0]} writes: run it to rewrite the file")
else:
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        f.write(text)
