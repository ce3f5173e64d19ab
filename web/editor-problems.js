// The editor's live check: the scenario sent to POST /api/scenario/check a moment after each
// change (the loader of `labataille check --strict`), each problem listed with its path and its
// hex outlined on the map; only a scenario with none may be played (R-WEB-12). Beside them,
// warnings that do not block play: a reinforcement whose entry hex is not on the map's edge
// (R-SCN-12), its hex outlined in another colour.

import { h } from './dom.js';

const DELAY_MS = 300;

/* R-SCN-12: each reinforcement whose entry hex (its first hex) is on the map but not on its
 * edge (the first or last column or row), as a warning {path, hex, message}. */
export function entryWarnings(model) {
  const s = model.s;
  const units = new Map((s.units || []).map((u, k) => [u.id, [u, k]]));
  const warnings = [];
  (s.reinforcements || []).forEach((group, g) => {
    for (const id of (group && Array.isArray(group.units) ? group.units : [])) {
      const [u, k] = units.get(id) || [];
      const hex = u && (Array.isArray(u.hexes) ? u.hexes[0] : u.hexes);
      const at = typeof hex === 'string' ? model.parse(hex) : null;
      if (!at || at.col === 1 || at.row === 1 || at.col === model.cols || at.row === model.rows) continue;
      warnings.push({ path: `units[${k}].hexes`, hex, message: `${id} comes at ${group.time} `
        + `and enters at ${hex}, which is not on the map's edge: a transcription error? `
        + '(a warning: the scenario may still be played)' });
    }
  });
  return warnings;
}

export class Problems {
  constructor(box, model, canvas, onVerdict) {
    this.box = box;
    this.model = model;
    this.canvas = canvas;
    this.onVerdict = onVerdict;
    this.timer = null;
    this.asked = 0;       // the number of the last check sent: an older answer is dropped
    this.ok = false;
  }

  /* A change: the check is sent once the changes pause. */
  soon() {
    this.ok = false;
    this.onVerdict(false, 'checking');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), DELAY_MS);
  }

  async check() {
    const n = ++this.asked;
    let answer;
    try {
      const r = await fetch('/api/scenario/check', { method: 'POST', body: this.model.text(),
        headers: { 'Content-Type': 'application/json' } });
      answer = await r.json();
      if (!r.ok) answer = { ok: false, problems: [{ path: '', message: answer.error.message }] };
    } catch (err) {
      answer = { ok: false, problems: [{ path: '', message: `not checked: ${err.message}` }] };
    }
    if (n !== this.asked) return;
    this.show(answer);
  }

  /* A problem or a warning (kind), as an item of the list. */
  item(kind, p) {
    return h('li', { class: kind, dataset: { path: p.path, hex: p.hex || '' } },
      kind === 'warning' ? h('strong', {}, 'Warning: ') : '',
      h('code', {}, p.path || '(the file)'), p.line ? ` line ${p.line}:${p.col}` : '',
      p.hex ? h('button', { type: 'button', class: 'hex-link',
        on: { click: () => this.canvas.scrollTo(p.hex) } }, `hex ${p.hex}`) : '',
      ' ', p.message);
  }

  show(answer) {
    this.ok = answer.ok;
    const problems = answer.problems;
    const warnings = entryWarnings(this.model);
    document.body.dataset.check = answer.ok ? 'ok' : 'problems';
    this.box.replaceChildren(answer.ok
      ? h('p', { class: 'ok' }, 'No problem: the scenario can be played.')
      : h('ul', {}, problems.map((p) => this.item('problem', p))),
    warnings.length ? h('ul', { class: 'warnings' }, warnings.map((p) => this.item('warning', p))) : '');
    this.canvas.showProblems(problems.filter((p) => p.hex).map((p) => p.hex),
      warnings.map((p) => p.hex));
    this.onVerdict(answer.ok, answer.ok ? 'ok' : `${problems.length} problem${problems.length > 1 ? 's' : ''}`);
  }
}
