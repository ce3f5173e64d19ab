// The editor's forms: the roster (each unit's fields of docs/scenario-format.md, nations and
// classes from the charts), leaders, organisation, reinforcements, victory and the turn.

import { h } from './dom.js';

const ARMS = ['infantry', 'cavalry', 'artillery', 'leader'];
const FORMATIONS = {
  infantry: ['column', 'line', 'carre', 'skirmish', 'general', 'road'],
  cavalry: ['column', 'line', 'skirmish', 'general', 'road'],
  artillery: ['limbered', 'unlimbered'],
};
const STATES = { infantry: ['good', 'disordered', 'routed'], cavalry: ['good', 'routed'],
  artillery: ['good', 'disordered', 'routed'] };
const COMBAT_NUMBERS = [['increments', 1, 999], ['losses', 0, 998], ['fire', 0, 999],
  ['melee', 0, 999], ['movement', 0, 999]];

/* A labelled field whose changes go to set(value). */
function field(text, input, set) {
  input.addEventListener('change', () => set(input.value));
  return h('label', { class: 'field' }, `${text} `, input);
}

function choice(value, options, labels = {}) {
  const s = h('select', {}, options.map((o) => h('option', { value: o }, labels[o] || o || '—')));
  s.value = value === undefined || value === null ? '' : value;
  return s;
}

const number = (value, min, max) => h('input', { type: 'number', min, max,
  value: value === undefined ? '' : value });
const text = (value, attrs = {}) => h('input', { type: 'text', value: value || '', ...attrs });
const idsOf = (s, side) => (s.units || []).filter((u) => !side || u.side === side).map((u) => u.id);

/* A multiple choice of unit ids whose changes give the chosen list. */
function unitPicker(s, side, chosen, set, name) {
  const sel = h('select', { multiple: true, size: 5, 'aria-label': name },
    idsOf(s, side).map((id) => h('option', { value: id, selected: chosen.includes(id) }, id)));
  sel.addEventListener('change', () => set([...sel.selectedOptions].map((o) => o.value)));
  return sel;
}

export class Roster {
  constructor(box, model) {
    this.box = box;
    this.model = model;
    this.charts = null;
    this.current = -1;    // the unit chosen in the roster (placed by the unit brush)
  }

  setCharts(charts) { this.charts = charts; }

  /* An edit of the scenario from a form: one undo step, the forms drawn again. */
  edit(fn) { this.model.edit('units', fn); }

  /* The chosen unit moves to hex (inside a brush's stroke). */
  placeAt(hex) {
    const u = this.model.s.units[this.current];
    if (!u) return;
    u.hexes = [hex];
    this.model.changed('units');
  }

  newUnit() {
    const s = this.model.s;
    let n = s.units.length + 1;
    while (s.units.some((u) => u.id === `u${n}`)) n++;
    const side = s.sides[0];
    const classes = this.classes(side, 'infantry');
    this.edit(() => {
      s.units.push({ id: `u${n}`, side, arm: 'infantry', nation: side, class: classes[0],
        increments: 8, fire: 8, melee: 24, movement: 6, morale: '33', formation: 'column',
        state: 'good', hexes: [] });
      this.current = s.units.length - 1;
    });
  }

  /* The charts' classes of a nation for an arm. */
  classes(nation, arm) {
    const n = this.charts && this.charts.nations[nation];
    return n ? Object.entries(n.classes).filter(([, c]) => c.arm === arm).map(([id]) => id) : [];
  }

  draw() {
    const s = this.model.s;
    const list = h('ol', { class: 'roster-list' }, s.units.map((u, i) => h('li', {},
      h('button', { type: 'button', class: i === this.current ? 'unit chosen' : 'unit',
        dataset: { unit: u.id },
        on: { click: () => { this.current = i; this.draw(); } } },
      `${u.id} · ${u.side} · ${u.arm} · ${(u.hexes || [])[0] || 'not placed'}`))));
    this.box.replaceChildren(
      h('section', { id: 'turn-form' }, h('h3', {}, 'Battle'), this.battleForm()),
      h('section', {}, h('h3', {}, 'Roster'), list,
        h('button', { type: 'button', id: 'add-unit', on: { click: () => this.newUnit() } },
          'Add a unit'),
        this.unitForm(s.units[this.current], this.current)),
      h('section', {}, h('h3', {}, 'Organisation'), this.organisationForm()),
      h('section', {}, h('h3', {}, 'Reinforcements'), this.reinforcementsForm()));
  }

  battleForm() {
    const s = this.model.s;
    const v = s.victory || {};
    return h('div', {},
      field('title', text(s.title, { id: 'title' }), (x) => this.edit(() => { s.title = x; })),
      field('first turn', text(s.turn.time, { id: 'turn-time', size: 5 }),
        (x) => this.edit(() => { s.turn.time = x; })),
      field('first side', choice(s.turn.phasing, s.sides),
        (x) => this.edit(() => { s.turn.phasing = x; })),
      field('last turn', text(v.last_turn, { id: 'last-turn', size: 5 }),
        (x) => this.edit(() => { s.victory = { ...v, last_turn: x }; })),
      h('ul', { class: 'objectives' }, (v.objectives || []).map((o, i) => h('li', {},
        `objective ${o.hex}: ${o.points} points, held by ${o.holder || 'nobody'} `,
        h('button', { type: 'button', on: { click: () => this.edit(() => {
          v.objectives.splice(i, 1);
        }) } }, 'remove')))));
  }

  unitForm(u, i) {
    if (!u) return h('p', { class: 'hint' }, 'Choose a unit to edit it; the "place" brush puts it on the map.');
    const s = this.model.s;
    const set = (key, conv = (x) => x) => (x) => this.edit(() => {
      if (x === '') delete s.units[i][key];
      else s.units[i][key] = conv(x);
    });
    const fields = [
      field('id', text(u.id, { id: 'unit-id' }), set('id')),
      field('name', text(u.name), set('name')),
      field('side', choice(u.side, s.sides), set('side')),
      field('arm', choice(u.arm, ARMS, {}), (x) => this.edit(() => this.changeArm(s.units[i], x))),
    ];
    if (u.arm === 'leader') {
      const bonus = u.bonus || {};
      for (const key of ['morale', 'melee']) {
        fields.push(field(`${key} bonus`, number(bonus[key], -99, 99), (x) => this.edit(() => {
          const b = { ...(s.units[i].bonus || {}) };
          if (x === '') delete b[key]; else b[key] = Number(x);
          s.units[i].bonus = b;
        })));
      }
      fields.push(field('attached to', choice(u.attached_to || '', ['', ...idsOf(s, u.side)]),
        set('attached_to')));
    } else {
      const nations = Object.keys(this.charts ? this.charts.nations : {});
      fields.push(field('nation', choice(u.nation, ['', ...nations]), set('nation')));
      fields.push(field('class', choice(u.class, ['', ...this.classes(u.nation, u.arm)]),
        set('class')));
      for (const [key, min, max] of COMBAT_NUMBERS) {
        fields.push(field(key, number(u[key], min, max), set(key, Number)));
      }
      fields.push(field('morale', text(u.morale, { size: 2 }), set('morale')));
      fields.push(field('formation', choice(u.formation, FORMATIONS[u.arm]), set('formation')));
      fields.push(field('state', choice(u.state, STATES[u.arm]), set('state')));
      fields.push(field('facing', number(u.facing, 1, 12), set('facing', Number)));
    }
    fields.push(field('hexes', text((u.hexes || []).join(','), { id: 'unit-hexes' }),
      (x) => this.edit(() => { s.units[i].hexes = x.split(',').map((t) => t.trim()).filter(Boolean); })));
    fields.push(h('button', { type: 'button', on: { click: () => this.edit(() => {
      s.units.splice(i, 1);
      this.current = -1;
    }) } }, 'Remove the unit'));
    return h('div', { class: 'unit-form' }, fields);
  }

  /* A leader keeps only a leader's fields; a combat unit gets the formation of its arm. */
  changeArm(u, arm) {
    u.arm = arm;
    if (arm === 'leader') {
      for (const key of ['nation', 'class', 'increments', 'losses', 'fire', 'melee', 'movement',
        'morale', 'formation', 'state', 'facing']) delete u[key];
      return;
    }
    u.formation = FORMATIONS[arm][0];
    u.state = 'good';
    u.class = this.classes(u.nation || u.side, arm)[0];
    for (const [key] of COMBAT_NUMBERS) if (u[key] === undefined) u[key] = key === 'losses' ? 0 : 6;
    if (!u.morale) u.morale = '33';
    delete u.bonus;
    delete u.attached_to;
  }

  organisationForm() {
    const s = this.model.s;
    const org = s.organisation || [];
    return h('div', {}, org.map((o, i) => h('div', { class: 'org' },
      field('id', text(o.id), (x) => this.edit(() => { org[i].id = x; })),
      field('name', text(o.name), (x) => this.edit(() => { org[i].name = x; })),
      field('side', choice(o.side, s.sides), (x) => this.edit(() => { org[i].side = x; })),
      field('kind', choice(o.kind || 'corps', ['corps', 'division']),
        (x) => this.edit(() => { org[i].kind = x; })),
      unitPicker(s, o.side, o.units || [], (ids) => this.edit(() => { org[i].units = ids; }),
        `the units of ${o.id}`),
      h('button', { type: 'button', on: { click: () => this.edit(() => {
        org.splice(i, 1);
        if (!org.length) delete s.organisation;
      }) } }, 'remove'))),
    h('button', { type: 'button', on: { click: () => this.edit(() => {
      s.organisation = [...org, { id: `corps-${org.length + 1}`, side: s.sides[0], units: [] }];
    }) } }, 'Add a corps or division'));
  }

  reinforcementsForm() {
    const s = this.model.s;
    const groups = s.reinforcements || [];
    return h('div', {}, h('p', { class: 'hint' }, 'A unit to come enters at its first hex, on an edge of the map.'),
      groups.map((g, i) => h('div', { class: 'org' },
        field('time', text(g.time, { size: 5 }), (x) => this.edit(() => { groups[i].time = x; })),
        unitPicker(s, null, g.units || [], (ids) => this.edit(() => { groups[i].units = ids; }),
          `the units that come at ${g.time}`),
        h('button', { type: 'button', on: { click: () => this.edit(() => {
          groups.splice(i, 1);
          if (!groups.length) delete s.reinforcements;
        }) } }, 'remove'))),
      h('button', { type: 'button', on: { click: () => this.edit(() => {
        s.reinforcements = [...groups, { time: (s.victory || {}).last_turn || s.turn.time,
          units: [] }];
      }) } }, 'Add reinforcements'));
  }
}
