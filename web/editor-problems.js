// The editor's live check: the scenario sent to POST /api/scenario/check a moment after each
// change (the loader of `labataille check --strict`), each problem listed with its path and its
// hex outlined on the map; only a scenario with none may be played (R-WEB-12).

import { h } from './dom.js';

const DELAY_MS = 300;

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

  show(answer) {
    this.ok = answer.ok;
    const problems = answer.problems;
    document.body.dataset.check = answer.ok ? 'ok' : 'problems';
    this.box.replaceChildren(answer.ok
      ? h('p', { class: 'ok' }, 'No problem: the scenario can be played.')
      : h('ul', {}, problems.map((p) => h('li', { class: 'problem', dataset: { path: p.path, hex: p.hex || '' } },
        h('code', {}, p.path || '(the file)'), p.line ? ` line ${p.line}:${p.col}` : '',
        p.hex ? h('button', { type: 'button', class: 'hex-link',
          on: { click: () => this.canvas.scrollTo(p.hex) } }, `hex ${p.hex}`) : '',
        ' ', p.message))));
    this.canvas.showProblems(problems.filter((p) => p.hex).map((p) => p.hex));
    this.onVerdict(answer.ok, answer.ok ? 'ok' : `${problems.length} problem${problems.length > 1 ? 's' : ''}`);
  }
}
