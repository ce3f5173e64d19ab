// The scenario editor's page: a scenario made new, from a bundled one or from a draft, the map,
// the brushes, the forms and the live check tied together; drafts, download and upload, undo and
// redo, and "Play this".

import { api } from './api.js';
import { h } from './dom.js';
import { Brushes } from './editor-brushes.js';
import { MapCanvas, ZOOMS } from './editor-canvas.js';
import { draftNames, loadDraft, saveDraft } from './editor-drafts.js';
import { blankScenario, Model } from './editor-model.js';
import { Problems } from './editor-problems.js';
import { Roster } from './editor-roster.js';

const $ = (id) => document.getElementById(id);
const AUTOSAVE_MS = 1000;

function showError(message) {
  $('error').textContent = message;
  $('error').hidden = !message;
}

/* The scenario to start from: #from=ID a bundled one, #draft=NAME a draft, else a new battle
 * (in the fragment: the page's address takes no query). */
async function firstScenario(charts) {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get('from')) {
    const r = await fetch(`/api/scenarios/${encodeURIComponent(params.get('from'))}`);
    if (r.ok) return [await r.json(), params.get('from')];
  }
  if (params.get('draft') && loadDraft(params.get('draft'))) {
    return [loadDraft(params.get('draft')), params.get('draft')];
  }
  return [blankScenario(charts), 'new battle'];
}

class Editor {
  constructor(charts, scenario, name) {
    this.charts = charts;
    this.model = new Model(scenario);
    this.canvas = new MapCanvas($('map-box'), this.model);
    this.roster = new Roster($('roster'), this.model);
    this.brushes = new Brushes($('palette'), this.model, this.canvas, this.roster);
    this.problems = new Problems($('problems'), this.model, this.canvas,
      (ok, text) => this.verdict(ok, text));
    this.autosave = null;
    $('draft-name').value = name;
    this.model.onChange((kind, detail) => this.changed(kind, detail));
    this.wire();
    this.gameChanged();
    this.changed('all');
  }

  chartsOf(id) { return this.charts.find((c) => c.id === id) || this.charts[0]; }

  /* The game module named by the scenario: its choices in the palette and the forms. */
  gameChanged() {
    const charts = this.chartsOf(this.model.s.game);
    $('game').value = charts.id;
    this.roster.setCharts(charts);
    this.brushes.build(charts);
  }

  changed(kind, detail) {
    if (kind === 'hex') {
      this.canvas.drawHex(detail.col, detail.row);
      return;
    }
    if (kind === 'all') {
      $('columns').value = this.model.cols;
      $('rows').value = this.model.rows;
      this.canvas.drawAll();
      $('play-computer').replaceChildren(...this.model.s.sides.map((s) => new Option(s, s)));
    }
    if (kind === 'units') this.canvas.drawMarks();
    if (kind !== 'stroke') this.roster.draw();
    this.problems.soon();
    clearTimeout(this.autosave);
    this.autosave = setTimeout(() => this.saveDraft(), AUTOSAVE_MS);
  }

  /* One zoom step in (1) or out (-1), about the page's point (x, y) or the view's centre. */
  zoom(step, x = null, y = null) {
    this.canvas.zoomStep(step, x, y);
    $('zoom-level').textContent = `${Math.round(this.canvas.zoom * 100)}%`;
    $('zoom-in').disabled = this.canvas.zoom === ZOOMS.at(-1);
    $('zoom-out').disabled = this.canvas.zoom === ZOOMS[0];
  }

  verdict(ok, text) {
    $('verdict').textContent = text;
    $('verdict').className = ok ? 'ok' : 'not-ok';
    $('play-button').disabled = !ok;
  }

  saveDraft() {
    const name = $('draft-name').value.trim() || 'draft';
    saveDraft(name, this.model.s);
    $('drafts').replaceChildren(...draftNames().map((n) => new Option(n, n)));
    $('drafts').value = name;
  }

  wire() {
    $('game').replaceChildren(...this.charts.map((c) => new Option(c.title, c.id)));
    $('game').addEventListener('change', () => {
      this.model.edit('units', (s) => { s.game = $('game').value; });
      this.gameChanged();
    });
    $('resize').addEventListener('click', () => {
      this.model.resize(Number($('columns').value), Number($('rows').value));
    });
    $('editor-undo').addEventListener('click', () => this.model.undo());
    $('editor-redo').addEventListener('click', () => this.model.redo());
    document.addEventListener('keydown', (e) => {
      // + and - zoom, but not while a field is being typed in (a brush's radio button is none)
      const typing = e.target.matches('input:not([type=radio]):not([type=checkbox]), select, textarea');
      if (!typing && !(e.ctrlKey || e.metaKey || e.altKey) && ['+', '=', '-'].includes(e.key)) {
        this.zoom(e.key === '-' ? -1 : 1);
        e.preventDefault();
        return;
      }
      if (!(e.ctrlKey || e.metaKey) || e.target.matches('input, select')) return;
      if (e.key === 'z') this.model.undo();
      else if (e.key === 'y') this.model.redo();
      else return;
      e.preventDefault();
    });
    $('zoom-in').addEventListener('click', () => this.zoom(1));
    $('zoom-out').addEventListener('click', () => this.zoom(-1));
    // Ctrl and the wheel (a touchpad's pinch too) zoom about the pointer; the wheel alone scrolls
    $('map-scroll').addEventListener('wheel', (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.deltaY === 0) return;
      e.preventDefault();
      this.zoom(e.deltaY < 0 ? 1 : -1, e.clientX, e.clientY);
    }, { passive: false });
    $('save-draft').addEventListener('click', () => this.saveDraft());
    $('drafts').replaceChildren(...draftNames().map((n) => new Option(n, n)));
    $('open-draft').addEventListener('click', () => {
      const scenario = loadDraft($('drafts').value);
      if (!scenario) return;
      $('draft-name').value = $('drafts').value;
      this.model.replace(scenario);
      this.gameChanged();
    });
    $('download').addEventListener('click', () => this.download());
    $('upload').addEventListener('change', () => this.upload());
    $('play-button').addEventListener('click', () => this.play().catch((e) => showError(e.message)));
  }

  download() {
    const blob = new Blob([`${this.model.text()}\n`], { type: 'application/json' });
    const a = h('a', { href: URL.createObjectURL(blob),
      download: `${($('draft-name').value.trim() || 'scenario').replace(/[^\w.-]+/g, '-')}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  async upload() {
    const file = $('upload').files[0];
    if (!file) return;
    try {
      const scenario = JSON.parse(await file.text());
      if (!scenario || typeof scenario !== 'object' || !scenario.map || !Array.isArray(scenario.map.terrain)) {
        throw new Error('a scenario object with a map is needed here');
      }
      if (!scenario.units) scenario.units = [];
      $('draft-name').value = file.name.replace(/\.json$/, '');
      this.model.replace(scenario);
      this.gameChanged();
      showError('');
    } catch (err) {
      showError(`${file.name}: ${err.message}`);
    }
  }

  /* A game of the scenario (only one the check passed): two players, hot-seat or against the
   * computer; its links listed. */
  async play() {
    if (!this.problems.ok) return;
    const mode = document.querySelector('input[name=play-mode]:checked').value;
    const body = { scenario: this.model.s };
    if (mode === 'computer') body.computer = $('play-computer').value;
    else body.mode = mode;
    const game = await api.createGame(body);
    $('play-links').replaceChildren(...Object.entries(game.links).map(([role, href]) =>
      h('li', {}, h('a', { href, dataset: { role }, target: '_blank' }, role))));
  }
}

async function start() {
  const charts = await (await fetch('/api/charts')).json();
  const [scenario, name] = await firstScenario(charts);
  if (!scenario.units) scenario.units = [];
  return new Editor(charts, scenario, name);
}

start().catch((err) => showError(err.message));
