// Who is winning: the score with where each point comes from (the scenario's victory key), the
// objectives and their holders, the reinforcements to come, and the result when it is over.
import { h } from './dom.js';

/* The victory a margin of diff points gives (R-VIC-4), or null for a draw. */
export function outcomeOf(view, diff) {
  const margins = view.score.margins || {};
  let best = null;
  for (const [outcome, points] of Object.entries(margins)) {
    if (diff >= points && (best === null || points > margins[best])) best = outcome;
  }
  return best;
}

/* Where a side's points come from: [what, count or null, points each or null, points]. */
export function scoreRows(view, side) {
  const d = view.score.detail[side];
  const per = view.score.per || { increment: 1, surrendered: 1, leader: 1 };
  const held = (view.objectives || []).filter((o) => o.holder === side);
  const levels = (per.morale_levels || []).length
    ? [[`enemy organisations on a Morale Level (${per.morale_levels
      .map((l) => `${l.organisation} Level ${l.level}: ${l.points}`).join(', ')})`,
    null, null, d.morale_levels]]
    : [];
  return [
    [`objectives held${held.length ? ` (${held.map((o) => `${o.hex}: ${o.points}`).join(', ')})` : ''}`,
      null, null, d.objectives],
    ['enemy increments eliminated', d.increments, per.increment, d.increments * per.increment],
    ['enemy units surrendered', d.surrendered, per.surrendered, d.surrendered * per.surrendered],
    ['enemy leaders killed or captured', d.leaders, per.leader, d.leaders * per.leader],
    ...levels,
  ];
}

/* One side's score as a table: each source, its count × its points, and the total. */
function scoreTable(view, side) {
  const rows = scoreRows(view, side);
  return h('table', { class: 'score', dataset: { side } },
    h('caption', {}, `${side}: ${view.score.points[side]} points`),
    h('tbody', {}, rows.map(([what, n, each, points]) => h('tr', {},
      h('th', { scope: 'row' }, what),
      h('td', { class: 'times' }, n === null ? '' : `${n} × ${each}`),
      h('td', { class: 'pts' }, String(points))))));
}

/* "austrian leads by 15: a substantive victory if the battle ended now". */
export function standing(view) {
  const r = view.result;
  if (r) return r.winner ? `${r.winner} won: a ${r.outcome} victory` : 'the battle ended in a draw';
  const [a, b] = view.sides;
  const pa = view.score.points[a];
  const pb = view.score.points[b];
  if (pa === pb) return 'level: a draw if the battle ended now';
  const [lead, diff] = pa > pb ? [a, pa - pb] : [b, pb - pa];
  const outcome = outcomeOf(view, diff);
  return `${lead} leads by ${diff}: ${outcome ? `a ${outcome} victory` : 'a draw'} if the battle ended now`;
}

/* The battle panel: the score, the margins, the objectives, the reinforcements to come. */
export function battlePanel(view) {
  const margins = Object.entries(view.score.margins || {})
    .map(([outcome, points]) => `${outcome} ${points}`).join(', ');
  const parts = [
    h('p', { class: 'standing' }, standing(view)),
    ...view.sides.map((s) => scoreTable(view, s)),
    h('p', { class: 'hint' }, `Victory margins (points ahead): ${margins}. The battle ends at ${view.last_turn || 'no set time'}.`),
    h('h4', {}, 'Objectives'),
    h('ul', { class: 'objectives' }, (view.objectives || []).map((o) => h('li', { dataset: { hex: o.hex } },
      `★ ${o.hex}: ${o.points} points, held by ${o.holder || 'nobody'}`))),
  ];
  const reserve = view.reinforcements || [];
  parts.push(h('h4', {}, 'Reinforcements to come'));
  parts.push(reserve.length
    ? h('ul', { class: 'reinforcements' }, reserve.map((r) => h('li', { dataset: { unit: r.id } },
      `${r.time}: ${r.id} (${r.side}) enters at ${r.hexes.join(', ')}`)))
    : h('p', { class: 'hint' }, 'None.'));
  return parts;
}

/* The result screen's content: who won and how, and where every point came from. */
export function resultContent(view) {
  const r = view.result;
  const headline = r.winner
    ? `${r.winner}: a ${r.outcome} victory${r.conceded ? ` (${r.conceded} conceded)` : ''}`
    : 'A draw';
  return [
    h('h2', { id: 'result-title' }, headline),
    h('p', {}, `${view.sides.map((s) => `${s} ${view.score.points[s]}`).join(' · ')} at ${view.clock}, turn ${view.turn}.`),
    ...view.sides.map((s) => scoreTable(view, s)),
    h('p', { class: 'hint' }, `Victory margins (points ahead): ${Object.entries(view.score.margins || {})
      .map(([o, p]) => `${o} ${p}`).join(', ')}.`),
  ];
}
