// The editor's scenario (docs/scenario-format.md, kept as the JSON it will be saved as), its
// edits, and undo/redo as snapshots of that JSON before each edit.

const UNDO_MAX = 200;
const LEGEND_CHARS = '.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#%&*+=?@';
const SIDES_OF_HEX = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];

/* A label of hex (col, row) for a map of cols x rows (R-GRID-1: two digits each, more when the
 * side needs them). */
function label(col, row, cols, rows) {
  const cd = Math.max(2, String(cols).length);
  const rd = Math.max(2, String(rows).length);
  return String(col).padStart(cd, '0') + String(row).padStart(rd, '0');
}

/* The column and row of a label on a map of cols x rows, or null. */
function parseLabel(text, cols, rows) {
  const cd = Math.max(2, String(cols).length);
  const rd = Math.max(2, String(rows).length);
  if (typeof text !== 'string' || text.length !== cd + rd || !/^\d+$/.test(text)) return null;
  const col = Number(text.slice(0, cd));
  const row = Number(text.slice(cd));
  return col >= 1 && row >= 1 && col <= cols && row <= rows ? { col, row } : null;
}

/* The hex across side d (0 N … 5 NW) of (col, row): even columns stand half a hex lower. */
export function neighbour(col, row, d) {
  const even = col % 2 === 0;
  const steps = [[0, -1], [1, even ? 0 : -1], [1, even ? 1 : 0], [0, 1], [-1, even ? 1 : 0],
    [-1, even ? 0 : -1]];
  return { col: col + steps[d][0], row: row + steps[d][1] };
}

/* A new battle on a clear map: the first game module's first two nations as sides. */
export function blankScenario(charts, cols = 20, rows = 15) {
  const game = charts[0];
  const sides = Object.keys(game.nations).filter((n) => !n.includes('_')).slice(0, 2);
  return {
    format: 'labataille-scenario/1',
    title: 'A new battle',
    game: game.id,
    turn: { time: '13:00', phasing: sides[0], segment: 'command' },
    sides,
    map: {
      columns: cols, rows,
      terrain: Array.from({ length: rows }, () => '.'.repeat(cols)),
      legend: { '.': game.terrain[0].id },
      elevation: Array.from({ length: rows }, () => '0'.repeat(cols)),
      hexsides: [],
    },
    units: [],
    victory: { last_turn: '15:00', objectives: [] },
  };
}

export class Model {
  constructor(scenario) {
    this.s = scenario;
    this.undos = [];
    this.redos = [];
    this.listeners = [];
    this.stroke = false;
  }

  /* what(kind) is called after each change: 'map' (the whole map), 'hex' (one, with col, row),
   * 'units' (units, objectives, the lists) or 'all'. */
  onChange(fn) { this.listeners.push(fn); }

  changed(kind, detail) { for (const fn of this.listeners) fn(kind, detail); }

  get cols() { return this.s.map.columns; }

  get rows() { return this.s.map.rows; }

  label(col, row) { return label(col, row, this.cols, this.rows); }

  parse(text) { return parseLabel(text, this.cols, this.rows); }

  text() { return JSON.stringify(this.s, null, 2); }

  snapshot() {
    this.undos.push(JSON.stringify(this.s));
    if (this.undos.length > UNDO_MAX) this.undos.shift();
    this.redos = [];
  }

  /* One edit: a snapshot, fn(scenario), then the listeners told kind. */
  edit(kind, fn) {
    this.snapshot();
    fn(this.s);
    this.changed(kind);
  }

  /* A stroke of a brush is one edit, however many hexes it paints. */
  beginStroke() {
    if (!this.stroke) this.snapshot();
    this.stroke = true;
  }

  endStroke() { this.stroke = false; }

  replace(scenario) {
    this.snapshot();
    this.s = scenario;
    this.changed('all');
  }

  undo() { this.step(this.undos, this.redos); }

  redo() { this.step(this.redos, this.undos); }

  step(from, to) {
    if (!from.length) return;
    to.push(JSON.stringify(this.s));
    this.s = JSON.parse(from.pop());
    this.changed('all');
  }

  /* ---- the map ---------------------------------------------------------------------------- */

  terrainAt(col, row) {
    const ch = [...this.s.map.terrain[row - 1] || ''][col - 1];
    return this.s.map.legend[ch];
  }

  elevationAt(col, row) {
    const line = (this.s.map.elevation || [])[row - 1] || '';
    return Number(line[col - 1] || 0);
  }

  /* The legend's character for a terrain type, added when the legend has none. */
  legendChar(type) {
    const legend = this.s.map.legend;
    for (const [ch, t] of Object.entries(legend)) if (t === type) return ch;
    const initial = type[0].toUpperCase();
    const free = [initial, ...LEGEND_CHARS].find((c) => !(c in legend));
    legend[free] = type;
    return free;
  }

  static put(rows, col, row, ch) {
    const line = [...rows[row - 1]];
    line[col - 1] = ch;
    rows[row - 1] = line.join('');
  }

  /* Paints one hex (within a stroke): true when it changed. */
  paintTerrain(col, row, type) {
    if (this.terrainAt(col, row) === type) return false;
    Model.put(this.s.map.terrain, col, row, this.legendChar(type));
    this.changed('hex', { col, row });
    return true;
  }

  paintElevation(col, row, level) {
    if (!this.s.map.elevation) {
      this.s.map.elevation = Array.from({ length: this.rows }, () => '0'.repeat(this.cols));
    }
    if (this.elevationAt(col, row) === level) return false;
    Model.put(this.s.map.elevation, col, row, String(level));
    this.changed('hex', { col, row });
    return true;
  }

  /* The index in map.hexsides of the feature on side d of (col, row), named from either side. */
  hexsideIndex(col, row, d) {
    const across = neighbour(col, row, d);
    const here = this.label(col, row);
    const there = across.col >= 1 && across.row >= 1 ? this.label(across.col, across.row) : null;
    return (this.s.map.hexsides || []).findIndex((f) =>
      (f.hex === here && f.side === SIDES_OF_HEX[d]) ||
      (f.hex === there && f.side === SIDES_OF_HEX[(d + 3) % 6]));
  }

  hexsideAt(col, row, d) {
    const i = this.hexsideIndex(col, row, d);
    return i < 0 ? null : this.s.map.hexsides[i].type;
  }

  /* A feature (type, or null to clear it) on side d of (col, row): true when it changed. */
  paintHexside(col, row, d, type) {
    if (this.hexsideAt(col, row, d) === type) return false;
    if (!this.s.map.hexsides) this.s.map.hexsides = [];
    const i = this.hexsideIndex(col, row, d);
    if (i >= 0) this.s.map.hexsides.splice(i, 1);
    if (type) this.s.map.hexsides.push({ hex: this.label(col, row), side: SIDES_OF_HEX[d], type });
    this.changed('hex', { col, row });
    return true;
  }

  /* A road through a built-up hex (map.roads), on or off. */
  toggleRoad(col, row, on) {
    const hex = this.label(col, row);
    const roads = this.s.map.roads || [];
    if (roads.includes(hex) === on) return false;
    this.s.map.roads = on ? [...roads, hex] : roads.filter((h) => h !== hex);
    if (!this.s.map.roads.length) delete this.s.map.roads;
    this.changed('hex', { col, row });
    return true;
  }

  /* A new size: the map cut or grown with the first legend character, the features and units off
   * it kept (the check lists them). */
  resize(cols, rows) {
    this.edit('all', (s) => {
      const fill = Object.keys(s.map.legend)[0] || '.';
      const fit = (lines, ch) => Array.from({ length: rows }, (_, r) => {
        const line = [...(lines[r] || '')].slice(0, cols);
        return line.join('') + ch.repeat(cols - line.length);
      });
      s.map.terrain = fit(s.map.terrain, fill);
      if (s.map.elevation) s.map.elevation = fit(s.map.elevation, '0');
      s.map.columns = cols;
      s.map.rows = rows;
    });
  }
}
