// The map as SVG: hexes by terrain and elevation, roads, hexside features, labels, La Bataille
// counters, overlays, zoom and pan. It draws what the server says; it decides nothing.

const NS = 'http://www.w3.org/2000/svg';
const UX = 15;        // pixels per half hex side (hex.h: centres 3 apart in x)
const UY = 25.98;     // pixels per half hex height (centres 2 apart in y)
const MARGIN = 40;
const COUNTER = 34;   // a counter's side in pixels

const TERRAIN = [
  ['wood', '#7e9f5c'], ['forest', '#6f8f50'], ['village', '#c49a72'], ['town', '#a8775a'],
  ['hamlet', '#c39a78'], ['city', '#9c6b50'], ['swamp', '#93ab9c'], ['marsh', '#93ab9c'],
  ['river', '#6e9fd4'], ['garden', '#a9c78b'], ['road', '#e6dcb8'], ['slope', '#dccb98'],
  ['clear', '#ece7c9'],
];
const SIDES = ['side-a', 'side-b'];
const ARM_LETTER = { infantry: 'I', cavalry: 'C', artillery: 'A', leader: 'L' };
const FORMATION_MARK = {
  line: 'L', column: 'C', carre: '□', skirmish: 'S', general: 'G', road: 'R',
  limbered: 'Lb', unlimbered: 'U',
};

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

function terrainFill(id, info) {
  for (const [word, fill] of TERRAIN) if (id.includes(word)) return fill;
  return info && info.los === 'dwelling' ? '#c49a72' : info && info.los === 'blocks' ? '#7e9f5c' : '#ece7c9';
}

function hexsideStroke(type, info) {
  if (info && info.los === 'blocks') return ['#3b3b3b', 4];
  if (type.includes('stream') || type.includes('river')) return ['#3f7fcf', 4];
  if (type.includes('bridge') || type.includes('ford')) return ['#7a5a3a', 6];
  return ['#8a6a3a', 2];
}

export class MapView {
  constructor(svg, handlers) {
    this.svg = svg;
    this.handlers = handlers;
    this.centres = new Map();   // hex label -> [x, y] in pixels
    this.layers = {};
    for (const name of ['terrain', 'roads', 'hexsides', 'labels', 'reach', 'paths', 'los',
      'targets', 'plan', 'units', 'highlight']) {
      this.layers[name] = el('g', { class: `layer-${name}` }, svg);
    }
    this.view = null;
    this.pointers = new Map();
    this.listen();
  }

  /* ---- the map, drawn once ---------------------------------------------------------------- */

  drawMap(map) {
    const { terrain, roads, hexsides, labels } = this.layers;
    let maxX = 0;
    let maxY = 0;
    for (const h of map.hexes) {
      const x = MARGIN + h.x * UX + 2 * UX;
      const y = MARGIN + h.y * UY + UY;
      this.centres.set(h.hex, [x, y]);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
      const points = this.hexPoints(x, y);
      const g = el('g', { class: 'hex', 'data-hex': h.hex }, terrain);
      el('polygon', { points, fill: terrainFill(h.terrain, map.terrain_types[h.terrain]),
        'data-terrain': h.terrain }, g);
      if (h.elevation > 0) {
        el('polygon', { points, class: 'elevation', 'fill-opacity': Math.min(0.45, 0.12 * h.elevation) }, g);
      }
      const t = el('text', { x, y: y - UY + 11, class: 'hexlabel' }, labels);
      t.textContent = h.hex;
    }
    for (const [a, b] of map.roads) {
      const [x1, y1] = this.centres.get(a);
      const [x2, y2] = this.centres.get(b);
      el('line', { x1, y1, x2, y2, class: 'road' }, roads);
    }
    for (const s of map.hexsides) {
      const [ax, ay, bx, by] = s.ends;
      const [stroke, width] = hexsideStroke(s.type, map.hexside_types[s.type]);
      el('line', {
        x1: MARGIN + ax * UX + 2 * UX, y1: MARGIN + ay * UY + UY,
        x2: MARGIN + bx * UX + 2 * UX, y2: MARGIN + by * UY + UY,
        stroke, 'stroke-width': width, 'stroke-linecap': 'round', class: 'hexside',
        'data-hexside': `${s.hex}|${s.pair || ''}`, 'data-type': s.type,
      }, hexsides);
      el('title', {}, hexsides.lastChild).textContent = `${s.hex}|${s.pair || ''}: ${s.type}`;
    }
    this.width = maxX + 2 * UX + MARGIN;
    this.height = maxY + UY + MARGIN;
    this.svg.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    this.fit();
  }

  hexPoints(x, y) {
    return [[2, 0], [1, 1], [-1, 1], [-2, 0], [-1, -1], [1, -1]]
      .map(([dx, dy]) => `${(x + dx * UX).toFixed(1)},${(y + dy * UY).toFixed(1)}`).join(' ');
  }

  centre(hex) {
    return this.centres.get(hex);
  }

  /* ---- counters ---------------------------------------------------------------------------- */

  drawUnits(view, selected) {
    this.view = view;
    const layer = this.layers.units;
    layer.replaceChildren();
    const depth = new Map();
    for (const u of view.units) {
      const at = u.hexes.map((h) => this.centres.get(h)).filter(Boolean);
      if (!at.length) continue;
      const d = depth.get(u.hexes[0]) || 0;
      depth.set(u.hexes[0], d + 1);
      const x = at.reduce((s, p) => s + p[0], 0) / at.length + 4 * d;
      const y = at.reduce((s, p) => s + p[1], 0) / at.length - 4 * d;
      const side = Math.max(0, view.sides.indexOf(u.side));
      this.drawCounter(layer, u, view.counters[u.id] || {}, x, y, SIDES[side], u.id === selected);
    }
  }

  drawCounter(layer, u, c, x, y, sideClass, selected) {
    const classes = ['counter', sideClass, u.arm, u.state || '', u.formation || ''];
    if (selected) classes.push('selected');
    const g = el('g', {
      class: classes.join(' '), 'data-unit': u.id, 'data-hex': u.hexes[0], tabindex: 0,
      role: 'button', 'aria-label': `${u.id}, ${u.arm}${u.formation ? `, ${u.formation}` : ''}${u.state ? `, ${u.state}` : ''}`,
      transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
    }, layer);
    const title = el('title', {}, g);
    title.textContent = u.name ? `${u.id}: ${u.name}` : u.id;
    if (u.arm === 'leader') {
      el('circle', { r: 11, class: 'body' }, g);
      const t = el('text', { y: 4, class: 'value' }, g);
      t.textContent = '★';
      return;
    }
    const h = COUNTER / 2;
    el('rect', { x: -h, y: -h, width: COUNTER, height: COUNTER, rx: 2, class: 'body' }, g);
    // the arm symbol: a box with the infantry cross, the cavalry diagonal, the artillery dot
    el('rect', { x: -9, y: -12, width: 18, height: 11, class: 'symbol' }, g);
    if (u.arm === 'infantry') {
      el('path', { d: 'M-9,-12 L9,-1 M9,-12 L-9,-1', class: 'symbol' }, g);
    } else if (u.arm === 'cavalry') {
      el('path', { d: 'M-9,-1 L9,-12', class: 'symbol' }, g);
    } else {
      el('circle', { cx: 0, cy: -6.5, r: 2.5, class: 'dot' }, g);
    }
    const strength = el('text', { x: -h + 3, y: -h + 8, class: 'small', 'text-anchor': 'start' }, g);
    strength.textContent = u.strength;
    const form = el('text', { x: h - 3, y: -h + 8, class: 'small', 'text-anchor': 'end' }, g);
    form.textContent = FORMATION_MARK[u.formation] || '';
    const values = el('text', { y: 10, class: 'value' }, g);
    values.textContent = `${c.fire ?? ''}-${c.melee ?? ''}-${c.movement ?? ''}`;
    const morale = el('text', { y: h - 2, class: 'small' }, g);
    morale.textContent = c.morale ? `${c.morale}` : '';
    if (u.facing) {
      // a notch on the edge the unit faces: clock hour 12 is north
      const a = (u.facing * 30 - 90) * Math.PI / 180;
      const r = h + 4;
      const px = Math.cos(a) * r;
      const py = Math.sin(a) * r;
      const q = (da) => `${(Math.cos(a + da) * (h - 1)).toFixed(1)},${(Math.sin(a + da) * (h - 1)).toFixed(1)}`;
      el('polygon', { points: `${px.toFixed(1)},${py.toFixed(1)} ${q(0.35)} ${q(-0.35)}`, class: 'facing' }, g);
    }
    if (u.state && u.state !== 'good') {
      el('rect', { x: -h, y: h - 9, width: COUNTER, height: 9, class: `marker ${u.state}` }, g);
      const m = el('text', { y: h - 2, class: 'marker-text' }, g);
      m.textContent = u.state === 'routed' ? 'PGD' : u.state === 'disordered' ? 'DIS' : u.state;
    }
    if (u.readiness && u.readiness !== 'fresh') {
      const r = el('text', { x: -h + 3, y: 2, class: 'small', 'text-anchor': 'start' }, g);
      r.textContent = u.readiness[0].toUpperCase();
    }
    for (const extra of u.hexes.slice(1)) {
      const at = this.centres.get(extra);
      if (!at) continue;
      const [ex, ey] = at;
      el('rect', {
        x: ex - x - h + 6, y: ey - y - h + 6, width: COUNTER - 12, height: COUNTER - 12,
        class: 'ghost',
      }, g);
    }
  }

  /* ---- overlays ---------------------------------------------------------------------------- */

  clear(...names) {
    for (const n of names) this.layers[n].replaceChildren();
  }

  markHex(layer, hex, cls, text) {
    const at = this.centres.get(hex);
    if (!at) return null;
    const g = el('g', { class: `mark ${cls}`, 'data-hex': hex }, this.layers[layer]);
    el('polygon', { points: this.hexPoints(at[0], at[1]) }, g);
    if (text !== undefined) {
      const t = el('text', { x: at[0], y: at[1] + UY - 8, class: 'mark-text' }, g);
      t.textContent = text;
    }
    return g;
  }

  line(layer, from, to, cls) {
    const a = this.centres.get(from);
    const b = this.centres.get(to);
    if (!a || !b) return null;
    return el('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: cls }, this.layers[layer]);
  }

  polyline(layer, hexes, cls, attrs = {}) {
    const points = hexes.map((h) => this.centres.get(h)).filter(Boolean)
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    return el('polyline', { points, class: cls, ...attrs }, this.layers[layer]);
  }

  highlight(ref) {
    this.clear('highlight');
    if (!ref) return;
    const hexes = this.centres.has(ref) ? [ref]
      : (this.view?.units.find((u) => u.id === ref)?.hexes || []);
    for (const h of hexes) this.markHex('highlight', h, 'ref');
  }

  /* ---- zoom and pan ------------------------------------------------------------------------ */

  box() {
    return this.svg.viewBox.baseVal;
  }

  setBox(x, y, w, h) {
    this.svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
  }

  fit() {
    this.setBox(0, 0, this.width, this.height);
  }

  zoomBy(factor, cx, cy) {
    const b = this.box();
    const w = Math.min(this.width * 2, Math.max(this.width / 8, b.width / factor));
    const f = b.width / w;
    const h = b.height / f;
    const px = cx ?? b.x + b.width / 2;
    const py = cy ?? b.y + b.height / 2;
    this.setBox(px - (px - b.x) / f, py - (py - b.y) / f, w, h);
  }

  pan(dx, dy) {
    const b = this.box();
    this.setBox(b.x + dx, b.y + dy, b.width, b.height);
  }

  focusOn(ref) {
    const hex = this.centres.has(ref) ? ref : this.view?.units.find((u) => u.id === ref)?.hexes[0];
    const at = hex && this.centres.get(hex);
    if (!at) return;
    const b = this.box();
    this.setBox(at[0] - b.width / 2, at[1] - b.height / 2, b.width, b.height);
  }

  // client pixels to map coordinates
  point(clientX, clientY) {
    const m = this.svg.getScreenCTM().inverse();
    const p = new DOMPoint(clientX, clientY).matrixTransform(m);
    return [p.x, p.y];
  }

  listen() {
    const svg = this.svg;
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const [x, y] = this.point(e.clientX, e.clientY);
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, x, y);
    }, { passive: false });
    svg.addEventListener('pointerdown', (e) => {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, moved: 0 });
      if (this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        this.pinch = Math.hypot(a.x - b.x, a.y - b.y);
      }
    });
    svg.addEventListener('pointermove', (e) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) {
        this.hover(e);
        return;
      }
      if (this.pointers.size === 2) {
        p.x = e.clientX;
        p.y = e.clientY;
        const [a, b] = [...this.pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (this.pinch) this.zoomBy(d / this.pinch, ...this.point((a.x + b.x) / 2, (a.y + b.y) / 2));
        this.pinch = d;
        p.moved += 10;
        return;
      }
      const [x0, y0] = this.point(p.x, p.y);
      const [x1, y1] = this.point(e.clientX, e.clientY);
      p.moved += Math.abs(e.clientX - p.x) + Math.abs(e.clientY - p.y);
      if (p.moved > 5) {
        svg.setPointerCapture?.(e.pointerId);
        this.pan(x0 - x1, y0 - y1);
        this.dragged = true;
      }
      p.x = e.clientX;
      p.y = e.clientY;
    });
    const up = (e) => {
      this.pointers.delete(e.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
    };
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    svg.addEventListener('click', (e) => {
      if (this.dragged) {
        this.dragged = false;
        return;
      }
      const unit = e.target.closest('[data-unit]');
      const hex = e.target.closest('[data-hex]');
      this.handlers.click(hex?.dataset.hex, unit?.dataset.unit, e);
    });
    svg.addEventListener('keydown', (e) => {
      const unit = e.target.closest?.('[data-unit]');
      if (unit && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        this.handlers.click(unit.dataset.hex, unit.dataset.unit, e);
      }
    });
    svg.addEventListener('pointerleave', () => this.handlers.hover(null));
  }

  hover(e) {
    const side = e.target.closest?.('[data-hexside]');
    const hex = side ? `|${side.dataset.hexside}` : e.target.closest?.('[data-hex]')?.dataset.hex;
    if (hex === this.hovered) return;
    this.hovered = hex;
    if (side) this.handlers.hover(null, { hexes: side.dataset.hexside, type: side.dataset.type });
    else this.handlers.hover(hex || null);
  }
}
