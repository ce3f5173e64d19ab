// The editor's map: two layers, the ground (terrain, elevation, hexsides, roads) drawn once and
// then one hex at a time as it is painted, and the marks (units, objectives, problems) redrawn
// when they change; a canvas the size of the visible part shows them (only a painted hex's
// rectangle copied again), and an element moved over it marks the hex under the pointer. Zoom
// scales the hexes and draws the layers again at the new size, the map's point under the
// pointer (or the view's centre) kept where it was (R-WEB-20).

import { neighbour } from './editor-model.js';

const MARGIN = 12;
const ROOT3 = Math.sqrt(3);
const FILLS = {
  clear: '#ece7c9', slope: '#dccb98', road: '#e6dcb8', woods: '#7e9f5c', garden: '#a9c78b',
  hamlet: '#c39a78', village: '#c49a72', town: '#a8775a', granary: '#b08a60', church: '#9c6b50',
  redoubt: '#8d7f6a', swamp: '#93ab9c', river: '#6e9fd4',
};
const SIDE_STROKES = {
  stream: ['#3f7fcf', 4], russbach: ['#2f5fb0', 6], slope: ['#9a7a3a', 3], wall: ['#3b3b3b', 4],
  bridge: ['#7a5a3a', 7], ford: ['#7fb0e0', 7],
};
const SIDE_COLOURS = ['#2f4f9f', '#f4f4f0'];
/* The zooms offered, from the whole map at a glance to a hex a finger wide. */
export const ZOOMS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 2.5, 3];

/* A colour for a terrain type the table does not name: from its name's letters. */
function fillOf(type) {
  if (FILLS[type]) return FILLS[type];
  let h = 0;
  for (const c of type || '?') h = (h * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${h} 35% 70%)`;
}

export class MapCanvas {
  constructor(box, model) {
    this.box = box;
    this.scroller = box.parentElement;
    this.model = model;
    // the layers, whole-map canvases kept out of the document (the browser never copies them to
    // the screen); the view, a canvas the size of the visible part, shows them
    this.ground = document.createElement('canvas');
    this.marks = document.createElement('canvas');
    this.view = document.createElement('canvas');
    this.view.className = 'view';
    this.view.setAttribute('aria-label', 'the map: click or drag to paint with the brush');
    this.view.setAttribute('role', 'img');
    this.cursor = document.createElement('div');
    this.cursor.className = 'cursor';
    this.cursor.hidden = true;
    box.append(this.view, this.cursor);
    this.radius = 16;
    this.zoom = 1;
    this.problemHexes = new Set();
    this.warningHexes = new Set();
    this.scroller.addEventListener('scroll', () => this.showAll(), { passive: true });
    window.addEventListener('resize', () => this.showAll());
  }

  /* A point of the page (clientX, clientY) in the map's pixels, from where the view was last
   * placed (nothing read from the layout while the pointer paints). */
  toMap(clientX, clientY) {
    return [clientX - this.viewRect.left + this.viewX, clientY - this.viewRect.top + this.viewY];
  }

  /* ---- geometry ----------------------------------------------------------------------------- */

  centre(col, row) {
    const r = this.radius;
    return [MARGIN + r + 1.5 * r * (col - 1),
      MARGIN + (ROOT3 / 2) * r + ROOT3 * r * (row - 1) + (col % 2 === 0 ? (ROOT3 / 2) * r : 0)];
  }

  corners(col, row) {
    const [x, y] = this.centre(col, row);
    const r = this.radius;
    return [0, 1, 2, 3, 4, 5].map((k) => [x + r * Math.cos((k * Math.PI) / 3),
      y + r * Math.sin((k * Math.PI) / 3)]);
  }

  /* The ends of side d (0 N … 5 NW) of a hex: corners at 240°+60°·d and the next. */
  sideEnds(col, row, d) {
    const c = this.corners(col, row);
    return [c[(4 + d) % 6], c[(5 + d) % 6]];
  }

  /* The hex (col, row) under a point of the canvas, and the side of it nearest the point. */
  hexAt(x, y) {
    const r = this.radius;
    const guess = Math.round((x - MARGIN - r) / (1.5 * r)) + 1;
    let best = null;
    for (let col = guess - 1; col <= guess + 1; col++) {
      const shift = col % 2 === 0 ? (ROOT3 / 2) * r : 0;
      const rowGuess = Math.round((y - MARGIN - (ROOT3 / 2) * r - shift) / (ROOT3 * r)) + 1;
      for (let row = rowGuess - 1; row <= rowGuess + 1; row++) {
        if (col < 1 || row < 1 || col > this.model.cols || row > this.model.rows) continue;
        const [cx, cy] = this.centre(col, row);
        const d2 = (cx - x) ** 2 + (cy - y) ** 2;
        if (!best || d2 < best.d2) best = { col, row, d2, cx, cy };
      }
    }
    if (!best || best.d2 > r * r) return null;
    const angle = (Math.atan2(y - best.cy, x - best.cx) * 180) / Math.PI;
    const side = ((Math.round((angle + 90) / 60) % 6) + 6) % 6;
    const edge = Math.sqrt(best.d2) > r * 0.55;
    return { col: best.col, row: best.row, side, edge };
  }

  /* ---- the ground --------------------------------------------------------------------------- */

  /* The layers sized for the map, and the box that scrolls over it. */
  size() {
    this.radius = (this.model.cols > 50 ? 12 : 16) * this.zoom;
    this.box.dataset.radius = String(this.radius);
    this.box.dataset.zoom = String(this.zoom);
    const r = this.radius;
    const w = Math.ceil(2 * MARGIN + 2 * r + 1.5 * r * (this.model.cols - 1));
    const h = Math.ceil(2 * MARGIN + ROOT3 * r * (this.model.rows + 0.5));
    for (const c of [this.ground, this.marks]) {
      c.width = w;
      c.height = h;
    }
    this.box.style.width = `${w}px`;
    this.box.style.height = `${h}px`;
  }

  /* Zoom z (one of ZOOMS): the map drawn again at its size, the map's point at the page's point
   * (clientX, clientY) kept there; the view's centre when no point is given. */
  zoomTo(z, clientX = null, clientY = null) {
    if (z === this.zoom || !ZOOMS.includes(z)) return;
    const s = this.scroller;
    const frame = s.getBoundingClientRect();
    const px = clientX === null ? frame.left + s.clientWidth / 2 : clientX;
    const py = clientY === null ? frame.top + s.clientHeight / 2 : clientY;
    const box = this.box.getBoundingClientRect();
    const [left, top] = [s.scrollLeft, s.scrollTop];
    const scale = z / this.zoom;
    // a point of the map scales about the margin's corner, where the hexes start
    const x = MARGIN + (px - box.left - MARGIN) * scale;
    const y = MARGIN + (py - box.top - MARGIN) * scale;
    this.zoom = z;
    this.pointed = null;
    this.cursor.hidden = true;
    this.drawAll();
    s.scrollLeft = x - (px - box.left) + left;
    s.scrollTop = y - (py - box.top) + top;
    this.showAll();
  }

  /* One zoom in (step 1) or out (step -1) from the present one. */
  zoomStep(step, clientX = null, clientY = null) {
    const k = ZOOMS.indexOf(this.zoom) + step;
    if (k >= 0 && k < ZOOMS.length) this.zoomTo(ZOOMS[k], clientX, clientY);
  }

  drawAll() {
    this.size();
    const g = this.ground.getContext('2d');
    for (let col = 1; col <= this.model.cols; col++) {
      for (let row = 1; row <= this.model.rows; row++) this.fillHex(g, col, row);
    }
    for (let col = 1; col <= this.model.cols; col++) {
      for (let row = 1; row <= this.model.rows; row++) this.edges(g, col, row);
    }
    this.drawMarks();
  }

  /* The view over the visible part of the map: placed there and the layers copied into it. */
  showAll() {
    const s = this.scroller;
    const w = Math.min(s.clientWidth, this.ground.width);
    const h = Math.min(s.clientHeight, this.ground.height);
    if (this.view.width !== w) this.view.width = w;
    if (this.view.height !== h) this.view.height = h;
    this.viewX = Math.min(s.scrollLeft, this.ground.width - w);
    this.viewY = Math.min(s.scrollTop, this.ground.height - h);
    this.view.style.transform = `translate(${this.viewX}px, ${this.viewY}px)`;
    this.viewRect = this.view.getBoundingClientRect();
    this.show(this.viewX, this.viewY, w, h);
  }

  /* A rectangle of the map (its pixels) copied from the layers into the view. */
  show(x, y, w, h) {
    const x0 = Math.max(Math.floor(x), this.viewX);
    const y0 = Math.max(Math.floor(y), this.viewY);
    const x1 = Math.min(Math.ceil(x + w), this.viewX + this.view.width);
    const y1 = Math.min(Math.ceil(y + h), this.viewY + this.view.height);
    if (x1 <= x0 || y1 <= y0) return;
    const g = this.view.getContext('2d');
    g.clearRect(x0 - this.viewX, y0 - this.viewY, x1 - x0, y1 - y0);
    for (const layer of [this.ground, this.marks]) {
      g.drawImage(layer, x0, y0, x1 - x0, y1 - y0, x0 - this.viewX, y0 - this.viewY, x1 - x0,
        y1 - y0);
    }
  }

  /* One hex painted: its ground and the six sides around it, nothing else; only its rectangle
   * shown again. */
  drawHex(col, row) {
    const g = this.ground.getContext('2d');
    this.fillHex(g, col, row);
    this.edges(g, col, row);
    for (let d = 0; d < 6; d++) {
      const n = neighbour(col, row, d);
      if (n.col >= 1 && n.row >= 1 && n.col <= this.model.cols && n.row <= this.model.rows) {
        this.edge(g, n.col, n.row, (d + 3) % 6);
      }
    }
    const [x, y] = this.centre(col, row);
    const reach = this.radius + 4;
    this.show(x - reach, y - reach, 2 * reach, 2 * reach);
  }

  fillHex(g, col, row) {
    const m = this.model;
    const type = m.terrainAt(col, row);
    const pts = this.corners(col, row);
    g.beginPath();
    pts.forEach(([x, y], k) => (k ? g.lineTo(x, y) : g.moveTo(x, y)));
    g.closePath();
    g.fillStyle = fillOf(type);
    g.fill();
    const level = m.elevationAt(col, row);
    if (level > 0) {
      g.fillStyle = `rgba(90, 60, 20, ${Math.min(0.5, level * 0.08)})`;
      g.fill();
    }
    const [x, y] = this.centre(col, row);
    if ((m.s.map.roads || []).includes(m.label(col, row)) || type === 'road') {
      g.fillStyle = '#7a5a3a';
      g.fillRect(x - this.radius * 0.5, y - 1.5, this.radius, 3);
    }
    if (level > 0 && this.radius >= 10) {
      g.fillStyle = '#4a3a20';
      g.font = `${Math.round(this.radius * 0.6)}px system-ui, sans-serif`;
      g.textAlign = 'center';
      g.fillText(String(level), x, y + this.radius * 0.75);
    }
  }

  edges(g, col, row) {
    for (let d = 0; d < 6; d++) this.edge(g, col, row, d);
  }

  /* A side: its feature's stroke, else the thin line of the grid. */
  edge(g, col, row, d) {
    const type = this.model.hexsideAt(col, row, d);
    const [[x1, y1], [x2, y2]] = this.sideEnds(col, row, d);
    const [colour, width] = type ? SIDE_STROKES[type] || ['#5a3a8a', 4] : ['#b5ad93', 1];
    g.beginPath();
    g.moveTo(x1, y1);
    g.lineTo(x2, y2);
    g.strokeStyle = colour;
    g.lineWidth = width;
    g.stroke();
  }

  /* ---- the marks ---------------------------------------------------------------------------- */

  drawMarks() {
    const m = this.model;
    const g = this.marks.getContext('2d');
    g.clearRect(0, 0, this.marks.width, this.marks.height);
    const r = this.radius;
    for (const o of (m.s.victory && m.s.victory.objectives) || []) {
      const at = m.parse(o.hex);
      if (!at) continue;
      const [x, y] = this.centre(at.col, at.row);
      g.beginPath();
      g.arc(x, y, r * 0.8, 0, 2 * Math.PI);
      g.strokeStyle = '#b03a2e';
      g.lineWidth = 3;
      g.stroke();
    }
    const stacked = new Map();
    for (const u of m.s.units || []) {
      const first = Array.isArray(u.hexes) ? u.hexes[0] : u.hexes;
      const at = m.parse(first);
      if (!at) continue;
      const n = stacked.get(first) || 0;
      stacked.set(first, n + 1);
      const [x, y] = this.centre(at.col, at.row);
      const s = r * 0.9;
      const side = (m.s.sides || []).indexOf(u.side);
      g.fillStyle = SIDE_COLOURS[side] || '#999';
      g.strokeStyle = '#222';
      g.lineWidth = 1;
      g.fillRect(x - s / 2 + n * 3, y - s / 2 - n * 3, s, s);
      g.strokeRect(x - s / 2 + n * 3, y - s / 2 - n * 3, s, s);
      g.fillStyle = side === 0 ? '#fff' : '#222';
      g.font = `${Math.round(s * 0.6)}px system-ui, sans-serif`;
      g.textAlign = 'center';
      g.fillText((u.arm || '?')[0].toUpperCase(), x + n * 3, y + s * 0.22 - n * 3);
    }
    for (const hex of this.warningHexes) this.ring(g, hex, '#e08a00', 3);
    for (const hex of this.problemHexes) this.ring(g, hex, '#d00000', 3);
    this.showAll();
  }

  ring(g, hex, colour, width) {
    const at = this.model.parse(hex);
    if (!at) return;
    const pts = this.corners(at.col, at.row);
    g.beginPath();
    pts.forEach(([x, y], k) => (k ? g.lineTo(x, y) : g.moveTo(x, y)));
    g.closePath();
    g.strokeStyle = colour;
    g.lineWidth = width;
    g.stroke();
  }

  /* The hex under the pointer, marked by an element moved over the canvases (nothing redrawn). */
  pointAt(at) {
    const key = at ? `${at.col},${at.row}` : '';
    if (key === this.pointed) return;
    this.pointed = key;
    this.cursor.hidden = !at;
    if (!at) return;
    const [x, y] = this.centre(at.col, at.row);
    const r = this.radius;
    Object.assign(this.cursor.style, { width: `${2 * r}px`, height: `${ROOT3 * r}px`,
      transform: `translate(${x - r}px, ${y - (ROOT3 / 2) * r}px)` });
  }

  /* The hexes the problems are at, outlined; the map scrolled to the first when asked. */
  showProblems(hexes, warnings = []) {
    this.problemHexes = new Set(hexes);
    this.warningHexes = new Set(warnings);
    this.drawMarks();
  }

  scrollTo(hex) {
    const at = this.model.parse(hex);
    if (!at) return;
    const [x, y] = this.centre(at.col, at.row);
    const scroller = this.box.parentElement;
    scroller.scrollTo({ left: x - scroller.clientWidth / 2, top: y - scroller.clientHeight / 2 });
  }
}

