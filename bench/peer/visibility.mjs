// Peer benchmark: the visibility maps of bench_los, computed with honeycomb-grid's hex line.
//
// Usage: node bench/peer/visibility.mjs DIR, where DIR/visibility.json was written by bench_los
// (run with LB_BENCH_OUT=DIR): the 64x48 map (per hex its elevation, its terrain's class and the
// side of the combat unit there), the origins with the firer's side and the exact answers, and
// the exact map's processor time. `make bench` runs it right after bench_los.
//
// This is what a web developer would write with the hex library they pick (honeycomb-grid 4, a
// devDependency in package.json): the line between two hexes is honeycomb-grid's `line` traverser (distance + 1 points sampled on the straight line
// between the centres, each rounded to a hex), and every hex strictly between F and T is judged
// by the same rules as the exact engine (R-LOS-2, 3, 5, 6: dwellings, blocking terrain and units,
// higher ground, seen over from the higher end, a friendly unit next to a higher target).
// honeycomb-grid has no hexsides, so the walled farm's walls are not seen; and a sampled line
// misses the hexes it only grazes and never knows when it runs along an edge (R-LOS-4), so its
// answers differ from the exact ones on some hexes: the count is printed.
import { readFileSync } from 'node:fs';
import { defineHex, Grid, line, Orientation, rectangle } from 'honeycomb-grid';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node bench/peer/visibility.mjs DIR');
  process.exit(2);
}
const data = JSON.parse(readFileSync(`${dir}/visibility.json`, 'utf8'));
const { columns, rows } = data;

// Flat-topped hexes in columns, the odd columns of 0-based offset coordinates lower: ours
// (R-GRID-2, even 1-based columns half a hex lower).
const Tile = defineHex({ dimensions: 1, orientation: Orientation.FLAT, offset: -1 });
const grid = new Grid(Tile, rectangle({ width: columns, height: rows }));

const at = (hex) => data.hexes[hex.row * columns + hex.col];

// The two ways to get the hexes of a line: through the grid, as the library documents it
// (`grid.traverse(line(...))`, which looks every hex up in the grid), and the traverser called
// directly, making bare hexes (the faster; the ratio is taken against it).
const ways = {
  'grid.traverse(line)': (from, to) => grid.traverse(line({ start: from, stop: to })).toArray(),
  'line traverser alone': (from, to) => line({ start: from, stop: to })((c) => new Tile(c)),
};

// Does F (elevation ef, firer's side) see T along the sampled line?
function sees(hexesOf, from, to, ef, side) {
  const et = at(to)[0];
  if (grid.distance(from, to) <= 1) return true; // R-LOS-2
  const hexes = hexesOf(from, to);
  for (let i = 1; i < hexes.length - 1; i++) {
    const h = hexes[i];
    if (h.col < 0 || h.col >= columns || h.row < 0 || h.row >= rows) continue; // off the map
    const [e, terrain, unit] = at(h);
    if (e > ef && e > et) return false; // R-LOS-5
    if (terrain === 2) return false; // dwelling
    if (terrain === 0 && unit < 0) continue;
    if (ef === et) return false;
    const df = grid.distance(h, from);
    const dt = grid.distance(h, to);
    const over = ef > et ? df < dt : dt < df; // R-LOS-6
    if (!over) return false;
    if (ef < et && dt === 1 && unit >= 0 && unit === side) return false;
  }
  return true;
}

function map(hexesOf, origin) {
  const from = grid.getHex({ col: origin.col - 1, row: origin.row - 1 });
  const ef = at(from)[0];
  const seen = new Uint8Array(columns * rows);
  grid.forEach((to) => {
    seen[to.row * columns + to.col] = sees(hexesOf, from, to, ef, origin.side) ? 1 : 0;
  });
  return seen;
}

// Processor milliseconds (this process's user and system time) per map: the best of 5 batches of
// at least seconds / 5 each, as bench_los takes its own.
function perMap(hexesOf, origin, seconds) {
  map(hexesOf, origin); // once untimed, for the compiler
  let best = Infinity;
  for (let b = 0; b < 5; b++) {
    let maps = 0;
    const start = process.cpuUsage();
    let used;
    do {
      map(hexesOf, origin);
      maps++;
      const t = process.cpuUsage(start);
      used = (t.user + t.system) / 1e6;
    } while (used < seconds / 5);
    best = Math.min(best, (1e3 * used) / maps);
  }
  return best;
}

const label = (o) => `${String(o.col).padStart(2, '0')}${String(o.row).padStart(2, '0')}`;
let best = Infinity;
for (const [way, hexesOf] of Object.entries(ways)) {
  let sum = 0;
  let differ = 0;
  for (const origin of data.origins) {
    const ms = perMap(hexesOf, origin, 0.5);
    const seen = map(hexesOf, origin);
    let count = 0;
    let wrong = 0;
    for (let c = 0; c < columns * rows; c++) {
      count += seen[c];
      wrong += seen[c] !== origin.visible[c] ? 1 : 0;
    }
    console.log(`  ${way} from ${label(origin)}: ${ms.toFixed(3)} ms, ${count} hexes seen, ` +
                `${wrong} differ from the exact map`);
    sum += ms;
    differ += wrong;
  }
  const peer = sum / data.origins.length;
  best = Math.min(best, peer);
  console.log(`honeycomb-grid sampled line, ${way}: visibility map (${columns}x${rows}) ` +
              `${peer.toFixed(3)} ms of processor time (average of ${data.origins.length} ` +
              `origins; ${differ} of ${columns * rows * data.origins.length} answers differ from ` +
              'the exact ones)');
}
console.log(`ratio: the exact map (${data.exact_ms.toFixed(4)} ms) is ${(best / data.exact_ms).toFixed(0)}x ` +
            `faster than the faster sampled one (${best.toFixed(3)} ms)`);
