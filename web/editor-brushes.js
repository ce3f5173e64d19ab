// The editor's brushes: terrain, elevation, hexside features, roads through built-up hexes, a
// unit's hex and objectives, painted on the map with the pointer, a drag one undo step.

import { h } from './dom.js';

const BUILT_UP = ['hamlet', 'village', 'town', 'granary', 'church'];

export class Brushes {
  /* box: the palette's element; canvas: the MapCanvas; roster: asked for the unit to place. */
  constructor(box, model, canvas, roster) {
    this.box = box;
    this.model = model;
    this.canvas = canvas;
    this.roster = roster;
    this.kind = 'terrain';
    this.painting = false;
    this.listen();
  }

  /* The palette for a game module's charts: a button per terrain type and hexside feature. */
  build(charts) {
    const radio = (kind, value, text, title) => h('label', { class: 'brush', title },
      h('input', { type: 'radio', name: 'brush', value: `${kind}:${value}`,
        dataset: { kind, value }, on: { change: () => this.choose(kind, value) } }), text);
    this.box.replaceChildren(
      h('fieldset', {}, h('legend', {}, 'Terrain'),
        charts.terrain.map((t) => radio('terrain', t.id, t.name, `paint ${t.id}`))),
      h('fieldset', {}, h('legend', {}, 'Hexsides (near an edge)'),
        charts.hexsides.map((t) => radio('hexside', t.id, t.name, `draw ${t.id} on a hexside`)),
        radio('hexside', '', 'clear a side', 'take a hexside feature away')),
      h('fieldset', {}, h('legend', {}, 'Elevation'),
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => radio('elevation', String(n), String(n),
          `elevation ${n}`))),
      h('fieldset', {}, h('legend', {}, 'Other'),
        radio('road', '1', 'road through a built-up hex', 'map.roads'),
        radio('road', '', 'no road there', 'off map.roads'),
        radio('unit', '', 'place the chosen unit', 'the unit chosen in the roster moves here'),
        radio('objective', '', 'objective on/off', 'victory.objectives'),
        h('label', {}, 'points ', h('input', { id: 'objective-points', type: 'number', min: 0,
          max: 10000, value: 10 })),
        h('label', {}, 'held by ', h('select', { id: 'objective-holder' },
          h('option', { value: '' }, 'nobody'),
          (this.model.s.sides || []).map((s) => h('option', { value: s }, s))))));
    const first = this.box.querySelector('input[name=brush]');
    first.checked = true;
    this.choose(first.dataset.kind, first.dataset.value);
  }

  choose(kind, value) {
    this.kind = kind;
    this.value = value;
  }

  listen() {
    const surface = this.canvas.view;
    const at = (e) => this.canvas.hexAt(...this.canvas.toMap(e.clientX, e.clientY));
    surface.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      surface.setPointerCapture(e.pointerId);
      this.painting = true;
      this.model.beginStroke();
      this.apply(at(e), true);
    });
    surface.addEventListener('pointermove', (e) => {
      const hit = at(e);
      this.canvas.pointAt(hit);
      if (!this.painting) return;
      for (const ev of e.getCoalescedEvents ? e.getCoalescedEvents() : [e]) this.apply(at(ev), false);
    });
    const end = () => {
      if (!this.painting) return;
      this.painting = false;
      this.model.endStroke();
      this.model.changed('stroke');
    };
    surface.addEventListener('pointerup', end);
    surface.addEventListener('pointercancel', end);
    surface.addEventListener('pointerleave', () => this.canvas.pointAt(null));
  }

  /* The brush on one hex; first: the stroke's first hex (a click's brushes act only there). */
  apply(hit, first) {
    if (!hit) return;
    const m = this.model;
    const { col, row } = hit;
    switch (this.kind) {
      case 'terrain': m.paintTerrain(col, row, this.value); break;
      case 'elevation': m.paintElevation(col, row, Number(this.value)); break;
      case 'hexside': if (hit.edge) m.paintHexside(col, row, hit.side, this.value || null); break;
      case 'road':
        if (BUILT_UP.includes(m.terrainAt(col, row))) m.toggleRoad(col, row, !!this.value);
        break;
      case 'unit': if (first) this.roster.placeAt(m.label(col, row)); break;
      case 'objective': if (first) this.toggleObjective(m.label(col, row)); break;
      default: break;
    }
  }

  toggleObjective(hex) {
    const points = Number(document.getElementById('objective-points').value) || 0;
    const holder = document.getElementById('objective-holder').value || null;
    const s = this.model.s;
    if (!s.victory) s.victory = { last_turn: '15:00' };
    const list = s.victory.objectives || [];
    s.victory.objectives = list.some((o) => o.hex === hex) ? list.filter((o) => o.hex !== hex)
      : [...list, holder ? { hex, points, holder } : { hex, points }];
    this.model.changed('units');
  }
}
