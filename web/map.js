// The map as SVG: hexes by terrain and elevation, roads, hexside features, labels, La Bataille
// counters, overlays, zoom and pan. It draws what the server says; it decides nothing.

const NS = 'http://www.w3.org/2000/svg';
const UX = 15;        // pixels per half hex side (hex.h: centres 3 apart in x)
const UY = 25.98;     // pixels per half hex height (centres 2 apart in y)
const MARGIN = 40;
const WHEEL_STILL_MS = 150; // a wheel's gesture ends when it has been still this long
const COUNTER = 46;   // a counter's side in pixels

const TERRAIN = [
  ['wood', '#7e9f5c'], ['forest', '#6f8f50'], ['village', '#c49a72'], ['town', '#a8775a'],
  ['hamlet', '#c39a78'], ['city', '#9c6b50'], ['swamp', '#93ab9c'], ['marsh', '#93ab9c'],
  ['river', '#6e9fd4'], ['garden', '#a9c78b'], ['road', '#e6dcb8'], ['slope', '#dccb98'],
  ['clear', '#ece7c9'],
];
const SIDES = ['side-a', 'side-b'];
const ARM_LETTER = { infantry: 'I', cavalry: 'C', artillery: 'A', leader: 'L' };
const FORMATION_MARK = {
  line: 'LINE', column: 'COL', carre: '□', skirmish: 'SK', general: 'GEN', road: 'ROAD',
  limbered: 'LMB', unlimbered: 'UNL',
};
const STATE_MARK = { disordered: 'DISORDER', routed: 'ROUTED' };

import { counterWords } from './words.js';

/* Text as it may stand in markup, between tags or in a quoted attribute. */
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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
    // the arrowhead of the arrows drawn on the map (fires, melees)
    const marker = el('marker', {
      id: 'arrowhead', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5,
      orient: 'auto-start-reverse',
    }, el('defs', {}, svg));
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead' }, marker);
    for (const name of ['terrain', 'roads', 'hexsides', 'labels', 'reach', 'paths', 'question', 'los',
      'targets', 'plan', 'units', 'objectives', 'recent', 'charge', 'go', 'highlight', 'cursor']) {
      this.layers[name] = el('g', { class: `layer-${name}` }, svg);
    }
    this.view = null;
    this.pointers = new Map();
    this.cursorHex = null;      // the hex that takes the keyboard (a roving tabindex)
    this.anchorY = null;        // the row left and right arrows keep to
    this.listen();
  }

  /* ---- the map, drawn once ---------------------------------------------------------------- */

  /* The map drawn once: its thousands of hexes written as markup and parsed in one go per layer
   * (much faster than an element at a time on a big battle's map); the hexes' labels only when
   * first shown (showLabels). */
  drawMap(map) {
    const { terrain, roads, hexsides } = this.layers;
    let maxX = 0;
    let maxY = 0;
    const hexes = [];
    for (const h of map.hexes) {
      const x = MARGIN + h.x * UX + 2 * UX;
      const y = MARGIN + h.y * UY + UY;
      this.centres.set(h.hex, [x, y]);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
      const points = this.hexPoints(x, y);
      const label = esc(h.hex);
      hexes.push(`<g class="hex" data-hex="${label}" tabindex="-1" role="button" aria-label="${label}">`
        + `<polygon points="${points}" fill="${terrainFill(h.terrain, map.terrain_types[h.terrain])}" `
        + `data-terrain="${esc(h.terrain)}"/>`
        + (h.elevation > 0 ? `<polygon points="${points}" class="elevation" `
          + `fill-opacity="${Math.min(0.45, 0.12 * h.elevation)}"/>` : '')
        + '</g>');
    }
    terrain.innerHTML = hexes.join('');
    roads.innerHTML = map.roads.map(([a, b]) => {
      const [x1, y1] = this.centres.get(a);
      const [x2, y2] = this.centres.get(b);
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="road"/>`;
    }).join('');
    hexsides.innerHTML = map.hexsides.map((side) => {
      const [ax, ay, bx, by] = side.ends;
      const [stroke, width] = hexsideStroke(side.type, map.hexside_types[side.type]);
      const name = esc(`${side.hex}|${side.pair || ''}`);
      return `<line x1="${MARGIN + ax * UX + 2 * UX}" y1="${MARGIN + ay * UY + UY}" `
        + `x2="${MARGIN + bx * UX + 2 * UX}" y2="${MARGIN + by * UY + UY}" stroke="${stroke}" `
        + `stroke-width="${width}" stroke-linecap="round" class="hexside" data-hexside="${name}" `
        + `data-type="${esc(side.type)}"><title>${name}: ${esc(side.type)}</title></line>`;
    }).join('');
    this.width = maxX + 2 * UX + MARGIN;
    this.height = maxY + UY + MARGIN;
    this.svg.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    this.fit();
  }

  /* The hexes' labels, written the first time they are shown. */
  showLabels() {
    const { labels } = this.layers;
    if (labels.firstChild) return;
    labels.innerHTML = [...this.centres].map(([hex, [x, y]]) =>
      `<text x="${x}" y="${y - UY + 11}" class="hexlabel">${esc(hex)}</text>`).join('');
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
    // a charge waiting for a decision: its cavalry drawn where the charge has brought it
    const charge = view.pending?.charge;
    const units = view.units.map((u) => (charge && u.id === charge.unit
      ? { ...u, hexes: charge.at, charging: true } : u));
    for (const u of units) {
      const at = u.hexes.map((h) => this.centres.get(h)).filter(Boolean);
      if (!at.length) continue;
      const d = depth.get(u.hexes[0]) || 0;
      depth.set(u.hexes[0], d + 1);
      const x = at.reduce((s, p) => s + p[0], 0) / at.length + 6 * d;
      const y = at.reduce((s, p) => s + p[1], 0) / at.length - 6 * d;
      const side = Math.max(0, view.sides.indexOf(u.side));
      this.drawCounter(layer, u, view.counters[u.id] || {}, x, y, SIDES[side], u.id === selected);
    }
  }

  drawCounter(layer, u, c, x, y, sideClass, selected) {
    const classes = ['counter', sideClass, u.arm, u.state || '', u.formation || ''];
    if (selected) classes.push('selected');
    if (u.charging) classes.push('charging');
    const g = el('g', {
      class: classes.join(' '), 'data-unit': u.id, 'data-hex': u.hexes[0],
      'data-hexes': u.hexes.join(' '), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
    }, layer);
    const title = el('title', {}, g);
    title.textContent = counterWords(u, c);
    if (u.arm === 'leader') {
      el('circle', { r: 14, class: 'body' }, g);
      const t = el('text', { y: 5, class: 'value' }, g);
      t.textContent = '★';
      return;
    }
    const h = COUNTER / 2;
    // the other hexes of a line or a screen: a dashed frame on each, the counter between them
    for (const extra of u.hexes.slice(1)) {
      const at = this.centres.get(extra);
      if (!at) continue;
      el('rect', {
        x: at[0] - x - h + 4, y: at[1] - y - h + 4, width: COUNTER - 8, height: COUNTER - 8,
        class: 'ghost',
      }, g);
    }
    el('rect', { x: -h, y: -h, width: COUNTER, height: COUNTER, rx: 3, class: 'body' }, g);
    // the arm symbol: a box with the infantry cross, the cavalry diagonal, the artillery dot
    el('rect', { x: -11, y: -13, width: 22, height: 12, class: 'symbol' }, g);
    if (u.arm === 'infantry') {
      el('path', { d: 'M-11,-13 L11,-1 M11,-13 L-11,-1', class: 'symbol' }, g);
    } else if (u.arm === 'cavalry') {
      el('path', { d: 'M-11,-1 L11,-13', class: 'symbol' }, g);
    } else {
      el('circle', { cx: 0, cy: -7, r: 3.5, class: 'dot' }, g);
    }
    const strength = el('text', { x: -h + 2.5, y: -h + 10, class: 'small', 'text-anchor': 'start' }, g);
    strength.textContent = u.strength;
    const form = el('text', { x: h - 2.5, y: -h + 10, class: 'small', 'text-anchor': 'end' }, g);
    form.textContent = FORMATION_MARK[u.formation] || '';
    const values = el('text', { y: 12, class: 'value' }, g);
    values.textContent = `${c.fire ?? ''}-${c.melee ?? ''}-${c.movement ?? ''}`;
    if (values.textContent.length > 6) {
      values.setAttribute('textLength', COUNTER - 5);
      values.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
    if (u.state && u.state !== 'good') {
      el('rect', { x: -h, y: h - 11, width: COUNTER, height: 11, class: `marker ${u.state}` }, g);
      const m = el('text', { y: h - 2.5, class: 'marker-text' }, g);
      m.textContent = STATE_MARK[u.state] || u.state;
    } else {
      const morale = el('text', { y: h - 2.5, class: 'small' }, g);
      morale.textContent = c.morale ? `${c.morale}` : '';
    }
    if (u.readiness && u.readiness !== 'fresh') {
      const r = el('text', { x: -h + 2, y: 0, class: 'small', 'text-anchor': 'start' }, g);
      r.textContent = u.readiness[0].toUpperCase();
    }
    if (u.facing) {
      // a notch on the edge the unit faces: clock hour 12 is north
      const a = (u.facing * 30 - 90) * Math.PI / 180;
      const r = h + 5;
      const px = Math.cos(a) * r;
      const py = Math.sin(a) * r;
      const q = (da) => `${(Math.cos(a + da) * (h - 1)).toFixed(1)},${(Math.sin(a + da) * (h - 1)).toFixed(1)}`;
      el('polygon', { points: `${px.toFixed(1)},${py.toFixed(1)} ${q(0.3)} ${q(-0.3)}`, class: 'facing' }, g);
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

  /* A round badge at the foot of hex, above the counters: a target that a counter cannot hide. */
  badge(layer, hex, cls, text, title) {
    const at = this.centres.get(hex);
    if (!at) return null;
    const g = el('g', { class: `badge ${cls}`, 'data-hex': hex }, this.layers[layer]);
    el('title', {}, g).textContent = title;
    el('circle', { cx: at[0], cy: at[1] + UY - 8, r: 8 }, g);
    el('text', { x: at[0], y: at[1] + UY - 4.5, class: 'mark-text' }, g).textContent = text;
    return g;
  }

  /* An arrow from hex to hex, stopping short of the target's centre, with a label at its middle. */
  arrow(layer, from, to, cls, text) {
    const a = this.centres.get(from);
    const b = this.centres.get(to);
    if (!a || !b) return null;
    const g = el('g', { class: `arrow ${cls}`, 'data-from': from, 'data-to': to }, this.layers[layer]);
    const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const k = Math.max(0, (d - 14) / d);
    el('line', {
      x1: a[0], y1: a[1], x2: a[0] + (b[0] - a[0]) * k, y2: a[1] + (b[1] - a[1]) * k,
      'marker-end': 'url(#arrowhead)',
    }, g);
    if (text) {
      const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const t = el('text', { x: mx, y: my + 4, class: 'arrow-text' }, g);
      t.textContent = text;
      const w = 7 * text.length + 6;
      g.insertBefore(el('rect', { x: mx - w / 2, y: my - 9, width: w, height: 17, rx: 3, class: 'arrow-label' }), t);
    }
    return g;
  }

  /* The objectives with their points and holder, and the hexes where reinforcements enter. */
  drawObjectives(view) {
    const layer = this.layers.objectives;
    layer.replaceChildren();
    for (const o of view.objectives || []) {
      const at = this.centres.get(o.hex);
      if (!at) continue;
      const side = view.sides.indexOf(o.holder);
      const g = el('g', {
        class: `objective ${side >= 0 ? SIDES[side] : 'nobody'}`, 'data-hex': o.hex,
        'data-holder': o.holder || '',
      }, layer);
      el('polygon', { points: this.hexPoints(at[0], at[1]) }, g);
      el('title', {}, g).textContent = `objective ${o.hex}: ${o.points} points, held by ${o.holder || 'nobody'}`;
      el('rect', { x: at[0] - 16, y: at[1] - UY - 6, width: 32, height: 12, rx: 6, class: 'pill' }, g);
      el('text', { x: at[0], y: at[1] - UY + 3.5, class: 'objective-text' }, g).textContent = `★ ${o.points}`;
    }
    for (const r of view.reinforcements || []) {
      for (const hex of r.hexes.slice(0, 1)) {
        const at = this.centres.get(hex);
        if (!at) continue;
        const side = view.sides.indexOf(r.side);
        const g = el('g', { class: `entry ${SIDES[side] || ''}`, 'data-hex': hex, 'data-unit-to-come': r.id }, layer);
        el('title', {}, g).textContent = `${r.id} enters here at ${r.time}`;
        el('rect', { x: at[0] - 19, y: at[1] + UY - 12, width: 38, height: 12, rx: 2, class: 'pill' }, g);
        el('text', { x: at[0], y: at[1] + UY - 3, class: 'objective-text' }, g).textContent = `⤓ ${r.time}`;
      }
    }
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

  /* The part of the map shown: during a gesture the one it is bringing, else the viewBox's. */
  box() {
    if (this.gesture) return this.gesture.box;
    const b = this.svg.viewBox.baseVal;
    return { x: b.x, y: b.y, width: b.width, height: b.height };
  }

  /* Shows that part at once (a gesture under way ends there). */
  setBox(x, y, w, h) {
    if (this.gesture) this.endGesture();
    this.svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
  }

  /* How a box lies on the svg element (its viewBox's xMidYMid meet): a map point p is at
   * k * p + t in the element's own pixels. */
  placing(b) {
    const width = this.svg.clientWidth || b.width;
    const height = this.svg.clientHeight || b.height;
    const k = Math.min(width / b.width, height / b.height);
    return { k, tx: (width - b.width * k) / 2 - b.x * k, ty: (height - b.height * k) / 2 - b.y * k };
  }

  /* A drag, a pinch or a wheel's turns: each frame moves the map as drawn by a CSS transform,
   * which the compositor applies without drawing its thousands of hexes again; the viewBox
   * takes the part shown once, when the gesture ends (the pointer up, the wheel still). */
  glide(x, y, w, h) {
    if (!this.gesture) {
      const drawn = this.box();
      const r = this.svg.getBoundingClientRect();
      this.gesture = { drawn, from: this.placing(drawn), left: r.left, top: r.top };
    }
    const g = this.gesture;
    g.box = { x, y, width: w, height: h };
    const to = this.placing(g.box);
    const s = to.k / g.from.k;
    this.svg.style.transform = `translate(${to.tx - s * g.from.tx}px, ${to.ty - s * g.from.ty}px) scale(${s})`;
  }

  endGesture() {
    const g = this.gesture;
    if (!g) return;
    this.gesture = null;
    clearTimeout(this.wheelEnd);
    this.svg.style.transform = '';
    const b = g.box || g.drawn;
    this.svg.setAttribute('viewBox', `${b.x} ${b.y} ${b.width} ${b.height}`);
  }

  fit() {
    this.setBox(0, 0, this.width, this.height);
  }

  /* The map at its own scale (a map pixel a screen pixel: the counters legible), centred on hex;
   * the whole map when it fits. */
  home(hex) {
    const w = this.svg.clientWidth;
    const h = this.svg.clientHeight;
    const at = this.centres.get(hex);
    if (!w || !h || !at || (w >= this.width && h >= this.height)) {
      this.fit();
      return;
    }
    const x = Math.max(0, Math.min(this.width - w, at[0] - w / 2));
    const y = Math.max(0, Math.min(this.height - h, at[1] - h / 2));
    this.setBox(x, y, w, h);
  }

  /* Zooms by factor about the map point (cx, cy) (the centre when not given); glide: as a
   * gesture's frame. */
  zoomBy(factor, cx, cy, glide = false) {
    const b = this.box();
    const w = Math.min(this.width * 2, Math.max(this.width / 8, b.width / factor));
    const f = b.width / w;
    const h = b.height / f;
    const px = cx ?? b.x + b.width / 2;
    const py = cy ?? b.y + b.height / 2;
    (glide ? this.glide : this.setBox).call(this, px - (px - b.x) / f, py - (py - b.y) / f, w, h);
  }

  pan(dx, dy, glide = false) {
    const b = this.box();
    (glide ? this.glide : this.setBox).call(this, b.x + dx, b.y + dy, b.width, b.height);
  }

  focusOn(ref) {
    const hex = this.centres.has(ref) ? ref : this.view?.units.find((u) => u.id === ref)?.hexes[0];
    const at = hex && this.centres.get(hex);
    if (!at) return;
    const b = this.box();
    // centred on it, but not past the map's edges when the map is larger than what is shown
    const clamp = (v, size, whole) => (size >= whole ? v : Math.max(0, Math.min(whole - size, v)));
    this.setBox(clamp(at[0] - b.width / 2, b.width, this.width),
      clamp(at[1] - b.height / 2, b.height, this.height), b.width, b.height);
  }

  // client pixels to map coordinates (during a gesture, by the part it is bringing)
  point(clientX, clientY) {
    const g = this.gesture;
    if (g) {
      const { k, tx, ty } = this.placing(g.box);
      return [(clientX - g.left - tx) / k, (clientY - g.top - ty) / k];
    }
    const m = this.svg.getScreenCTM().inverse();
    const p = new DOMPoint(clientX, clientY).matrixTransform(m);
    return [p.x, p.y];
  }

  listen() {
    const svg = this.svg;
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const [x, y] = this.point(e.clientX, e.clientY);
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, x, y, true);
      clearTimeout(this.wheelEnd);
      this.wheelEnd = setTimeout(() => this.endGesture(), WHEEL_STILL_MS);
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
        if (this.pinch) this.zoomBy(d / this.pinch, ...this.point((a.x + b.x) / 2, (a.y + b.y) / 2), true);
        this.pinch = d;
        p.moved += 10;
        return;
      }
      const [x0, y0] = this.point(p.x, p.y);
      const [x1, y1] = this.point(e.clientX, e.clientY);
      p.moved += Math.abs(e.clientX - p.x) + Math.abs(e.clientY - p.y);
      if (p.moved > 5) {
        svg.setPointerCapture?.(e.pointerId);
        this.pan(x0 - x1, y0 - y1, true);
        this.dragged = true;
      }
      p.x = e.clientX;
      p.y = e.clientY;
    });
    const up = (e) => {
      this.pointers.delete(e.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
      if (!this.pointers.size) this.endGesture();
    };
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    svg.addEventListener('click', (e) => {
      if (this.dragged) {
        this.dragged = false;
        return;
      }
      const unit = e.target.closest('[data-unit]');
      let hex = e.target.closest('[data-hex]')?.dataset.hex;
      // a unit in several hexes (a line, a screen) answers with the one of its hexes clicked
      if (unit && !e.target.closest('.layer-go')) {
        hex = this.nearest(unit.dataset.hexes.split(' '), this.point(e.clientX, e.clientY));
      }
      this.handlers.click(hex, unit?.dataset.unit, e);
    });
    svg.addEventListener('keydown', (e) => this.key(e));
    svg.addEventListener('focusin', (e) => {
      const hex = e.target.closest?.('.hex')?.dataset.hex;
      if (hex) this.moveCursor(hex, false);
    });
    svg.addEventListener('pointerleave', () => this.handlers.hover(null));
  }

  /* The hex of hexes whose centre is nearest the point [x, y]. */
  nearest(hexes, [x, y]) {
    let best = hexes[0];
    let bestD = Infinity;
    for (const hex of hexes) {
      const c = this.centres.get(hex);
      const d = c ? (c[0] - x) ** 2 + (c[1] - y) ** 2 : Infinity;
      if (d < bestD) {
        best = hex;
        bestD = d;
      }
    }
    return best;
  }

  /* ---- the keyboard: one hex takes the focus, arrows go to its neighbours -------------------- */

  hexElement(hex) {
    return this.layers.terrain.querySelector(`.hex[data-hex="${hex}"]`);
  }

  /* Puts the cursor on hex (the one tab stop of the map); with focus, the keyboard goes there. */
  moveCursor(hex, focus = true) {
    if (!this.centres.has(hex)) return;
    this.anchorY = null;
    if (this.cursorHex !== hex) {
      this.hexElement(this.cursorHex)?.setAttribute('tabindex', '-1');
      this.cursorHex = hex;
      const e = this.hexElement(hex);
      e.setAttribute('tabindex', '0');
      e.setAttribute('aria-label', this.handlers.describe?.(hex) || hex);
    }
    this.clear('cursor');
    this.markHex('cursor', hex, 'cursor');
    if (focus) {
      this.hexElement(hex).focus({ preventScroll: true });
      this.keepInView(hex);
    }
    this.handlers.cursor?.(hex);
  }

  /* The neighbour of hex in an arrow's direction: up and down in its column; left and right to
   * the next column, keeping to the row the cursor came along. */
  neighbour(hex, key) {
    const [x, y] = this.centres.get(hex);
    const dx = { ArrowLeft: -1, ArrowRight: 1 }[key] || 0;
    const dy = { ArrowUp: -1, ArrowDown: 1 }[key] || 0;
    let best = null;
    let bestScore = Infinity;
    for (const [other, [ox, oy]] of this.centres) {
      const ddx = ox - x;
      const ddy = oy - y;
      if (Math.hypot(ddx, ddy) > 2 * UY + 1 || other === hex) continue;
      if (dx && (Math.sign(ddx) !== dx || Math.abs(ddx) < UX)) continue;
      if (dy && (Math.abs(ddx) > 1 || Math.sign(ddy) !== dy)) continue;
      const score = dx ? Math.abs(oy - (this.anchorY ?? y)) + (oy < y ? 0 : 0.1) : Math.abs(ddy);
      if (score < bestScore) {
        best = other;
        bestScore = score;
      }
    }
    return best;
  }

  key(e) {
    const hex = e.target.closest?.('.hex')?.dataset.hex;
    if (!hex) return;
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      const vertical = e.key === 'ArrowUp' || e.key === 'ArrowDown';
      if (vertical || this.anchorY === null) this.anchorY = this.centres.get(hex)[1];
      const next = this.neighbour(hex, e.key);
      if (next) {
        const anchor = vertical ? this.centres.get(next)[1] : this.anchorY;
        this.moveCursor(next);
        this.anchorY = anchor;
      }
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.handlers.enter(hex);
    }
  }

  /* Pans so that hex is inside the shown part of the map. */
  keepInView(hex) {
    const [x, y] = this.centres.get(hex);
    const b = this.box();
    const m = 2 * UY;
    if (x - m < b.x || x + m > b.x + b.width || y - m < b.y || y + m > b.y + b.height) {
      this.focusOn(hex);
    }
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
