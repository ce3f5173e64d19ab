// The game page: the view of this link's role, kept live, and every choice the rules offer it.
// Nothing here applies a rule: reachable hexes, sight lines, odds and paths are the server's
// answers (the previews), and a decision is one of the options the server listed.
import { api, ApiError } from './api.js';
import { MapView } from './map.js';
import { h } from './dom.js';
import { battlePanel, resultContent, standing } from './battle.js';
import { showRecent, newRecent } from './recent.js';
import { legend } from './legend.js';
import { remember } from './mine.js';
import * as notify from './notify.js';
import * as webhook from './webhook.js';
import {
  labelWords, promptWords, meleeWords, chargeWords, mixed, segmentWords, keyWords, formationWords,
} from './words.js';

const $ = (id) => document.getElementById(id);
const token = decodeURIComponent(location.pathname.split('/')[2] || '');

const S = {
  view: null,
  selected: null,      // a unit id
  moves: null,         // the move preview of the selected unit
  plan: null,          // a charge being planned: { unit, path: [] }
  fire: null,          // a fire being prepared: { lead, hex, joined: [] } (R-FIRE-23)
  traceSeq: 0,
  journalSeq: 0,
  losKey: null,
  liveSeq: -1,         // the last journal length the live updates told
  present: null,       // whether each side's page is open, in side order (live updates)
  chatN: 0,            // the number of the last chat message shown
  deadline: null,
  clockPaused: false,
  busy: false,
  recent: newRecent(), // what the other side did since this side's last decision
  resultShown: false,
  keyboard: false,     // the player is using the keyboard (the last input was a key)
};

const map = new MapView($('map'), {
  click: onClick, hover: onHover, enter: onEnter, describe: describeHex, cursor: onCursor,
});

/* ---- small helpers --------------------------------------------------------------------------- */

function toast(message) {
  const t = $('toast');
  t.textContent = message;
  t.hidden = !message;
  clearTimeout(toast.timer);
  if (message) toast.timer = setTimeout(() => { t.hidden = true; }, 6000);
}

function status(text) {
  $('status').replaceChildren(...(Array.isArray(text) ? text : [text || '']));
}

const pending = () => S.view?.pending || null;
const mine = () => Boolean(pending()?.yours);
const optionKeys = () => (pending()?.options || []).map((o) => o.key);
const unitOf = (id) => S.view?.units.find((u) => u.id === id);
const unitsAt = (hex) => (S.view?.units || []).filter((u) => u.hexes.includes(hex));

/* The options of the pending decision about unit id: keys VERB:ID[:…], and melee:HEX:ID. */
function optionsOf(id) {
  return (pending()?.options || []).filter((o) => {
    const parts = o.key.split(':');
    return parts[0] === 'melee' ? parts[2] === id : parts[1] === id;
  });
}

function optionFor(verb, id, hex) {
  const key = hex === undefined ? `${verb}:${id}` : `${verb}:${id}:${hex}`;
  return (pending()?.options || []).find((o) => o.key === key);
}

/* Text with its unit ids and hex labels as references that light up on the map. */
function withRefs(text) {
  const ids = new Set((S.view?.units || []).map((u) => u.id));
  const parts = String(text).split(/([A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9])/);
  return parts.map((p) => {
    if (ids.has(p) || (map.centre(p) && /^\d{4,}$/.test(p))) {
      return h('span', {
        class: 'ref', tabindex: 0, dataset: { ref: p },
        on: {
          mouseenter: () => map.highlight(p), mouseleave: () => map.highlight(null),
          focus: () => map.highlight(p), blur: () => map.highlight(null),
          click: () => map.focusOn(p),
        },
      }, p);
    }
    return p;
  });
}

/* ---- answers --------------------------------------------------------------------------------- */

/* The buttons that send an answer: the segment's, the decision's, a unit's and the odds'. */
const ANSWER_BUTTONS = '#end, #undo, #decision button, #unit button, #odds button';

async function send(fn) {
  if (S.busy) return;
  S.busy = true;
  // while an answer is on its way the buttons that answer wait for it (a click now would be
  // lost), and the map says so
  const held = [...document.querySelectorAll(ANSWER_BUTTONS)].filter((b) => !b.disabled);
  for (const b of held) b.disabled = true;
  document.body.classList.add('sending');
  // against the computer, the answer comes back with its reply: it decides meanwhile
  const thinking = Boolean(S.view?.ai_player && S.view.ai_player !== 'random');
  $('thinking').hidden = !thinking;
  document.body.classList.toggle('thinking', thinking);
  try {
    const view = await fn();
    await render(view, { own: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 409 && err.body.view) {
      toast(`The game moved on: ${err.message}`);
      await render(err.body.view);
    } else {
      toast(err.rule ? `${err.message} [${err.rule}]` : err.message);
    }
  } finally {
    S.busy = false;
    for (const b of held) b.disabled = false;
    document.body.classList.remove('sending');
    $('thinking').hidden = true;
    document.body.classList.remove('thinking');
  }
  if (S.liveSeq > S.view.seq) refresh();
}

const ODDS_HINT = 'Before a fire or a charge its exact outcomes show here.';

/* The odds panel back to its hint: its confirm button answered, or the game moved on. */
function clearOdds() {
  S.fire = null;
  $('odds').replaceChildren(h('p', { class: 'hint' }, ODDS_HINT));
}

async function decide(key, param) {
  const fromKeyboard = document.activeElement && document.activeElement !== document.body
    && !$('map').contains(document.activeElement);
  S.plan = null;
  clearOdds();
  map.clear('plan');
  await send(() => api.decide(token, S.view.seq, key, param));
  // a decision taken from a panel by keyboard gives the keyboard back to the map
  if (fromKeyboard && (!document.activeElement || document.activeElement === document.body)) {
    map.moveCursor(map.cursorHex || S.view.units[0]?.hexes[0]);
  }
}

/* ---- the view -------------------------------------------------------------------------------- */

async function refresh() {
  try {
    await render(await api.view(token));
  } catch (err) {
    toast(err.message);
  }
}

async function render(view, { own = false } = {}) {
  // two fetches of the view crossed: the older answer, come last, would show the game back
  // where it was (its buttons too) until the next event; the seq never goes back
  if (S.view && view.seq < S.view.seq) return;
  const first = !S.view;
  const before = S.view;
  S.view = view;
  document.body.dataset.role = view.role;
  if (first) {
    performance.mark('lb-view-in');
    map.drawMap(view.map);
    performance.mark('lb-map-drawn');
    map.home(startHex(view));
    map.moveCursor(startHex(view), false);
    // a phone or a tablet: the long panels start closed, the map and the decision first
    if (matchMedia('(max-width: 900px)').matches) {
      for (const id of ['panel-rulings', 'panel-unit', 'panel-odds']) $(id).open = false;
    }
  }
  // the game moved on: an odds panel's confirm button would answer a decision gone
  if (before && before.seq !== view.seq && !S.plan) clearOdds();
  // a retreat's end to choose: the keyboard's cursor goes to the unit that retreats
  const p = view.pending;
  const was = before?.pending;
  if (!first && p?.yours && p.kind === 'path' && (was?.kind !== 'path' || was.subject !== p.subject)) {
    const at = view.units.find((u) => u.id === p.subject)?.hexes[0];
    if (at) map.moveCursor(at, $('map').contains(document.activeElement));
  }
  document.title = `${view.pending?.yours ? '▶ ' : ''}${view.title} — ${view.role}`;
  notify.tell(before, view, view.pending ? promptWords(view.pending.prompt) : '');
  remember(location.href, view);
  $('notify').hidden = view.role === 'spectator' || !notify.supported();
  if (S.selected && !unitOf(S.selected)) S.selected = null;
  renderBar();
  renderPresence();
  renderDecision();
  $('battle').replaceChildren(...battlePanel(view));
  $('concede-box').hidden = view.role === 'spectator' || Boolean(view.result);
  // R-GAME-23: the coach, for the role's own decision: against the server's player, or between
  // two people while both sides allow hints (R-WEB-19: each side's box, and the state said)
  const people = !view.ai && view.role !== 'spectator' && !view.result;
  const coached = Boolean(view.pending?.yours) && (Boolean(view.ai) || people);
  if (!coached || $('coach-answer').dataset.seq !== String(view.seq)) $('coach-answer').textContent = '';
  $('coach-box').hidden = !coached && !people;
  $('coach').hidden = !coached;
  $('hints-box').hidden = !people;
  if (people) showHints(api.hints(token));
  map.drawUnits(view, S.selected);
  if (first) performance.mark('lb-counters-drawn'); // the page's own timing (BENCHMARKS.md)
  drawCharge(view);
  map.drawObjectives(view);
  await renderSelection();
  renderPaths();
  // the result screen needs the view only: shown before the rulings and the log are fetched
  if (view.result && !S.resultShown) showResult();
  renderQuestion();
  const [, news] = await Promise.all([loadTraces(), loadLog()]);
  if (before && news.entries.length) {
    const mySide = view.sides.includes(view.role) ? view.role : null;
    const line = own && !mySide ? ''
      : showRecent(map, S.recent, { before, after: view, entries: news.entries, mySide, sides: view.sides });
    $('summary').textContent = line;
    $('summary').hidden = !line;
    // the map goes to the action when it is out of sight: the unit this side is asked about,
    // else where the other side acted last (not while a gesture or a plan is under way)
    const asked = p?.yours && p.subject ? unitOf(p.subject)?.hexes[0] : null;
    const to = asked || (line && S.recent.at);
    if (to && !S.plan && !map.gesture) map.keepInView(to);
  }
  // the page shows this seq whole (its rulings and log too) once data-seq says it
  document.body.dataset.seq = view.seq;
}

/* The result screen: who won, how, and where every point came from. */
function showResult() {
  S.resultShown = true;
  $('result-body').replaceChildren(...resultContent(S.view));
  if ($('result').showModal) $('result').showModal();
  else $('result').setAttribute('open', '');
  $('result-close').focus();
  performance.mark('lb-result-ready');
}

/* Where the keyboard's cursor starts: the subject of the pending decision, else a unit of ours. */
function startHex(view) {
  const side = view.role === 'both' || view.role === 'spectator' ? view.phasing : view.role;
  const unit = view.units.find((u) => u.id === view.pending?.subject)
    || view.units.find((u) => u.side === side) || view.units[0];
  return unit?.hexes[0] || view.map.hexes[0].hex;
}

function renderBar() {
  const v = S.view;
  $('title').textContent = v.title;
  $('time').textContent = v.clock;
  $('turn').textContent = `turn ${v.turn}${v.last_turn ? ` (last ${v.last_turn})` : ''}`;
  $('segment').textContent = segmentWords(v.segment);
  $('phasing').textContent = `${v.phasing} phasing`;
  $('role').textContent = v.role === 'both' ? 'both sides (hot-seat)' : v.role;
  $('score').replaceChildren(...v.sides.map((s) => h('span', { class: 'points', dataset: { side: s } },
    `${s} ${v.score.points[s]}`)));
  $('score').title = `${standing(v)}: the score, where each point comes from`;
  const p = v.pending;
  const over = v.result;
  $('whose').textContent = over ? 'Battle over' : !p ? '' : p.yours ? 'Your decision' : `Waiting for ${p.side}`;
  $('whose').className = p?.yours ? 'yours' : '';
  $('prompt').replaceChildren(...(over ? [over.winner ? `${over.winner}: a ${over.outcome} victory${over.conceded ? ` (${over.conceded} conceded)` : ''}` : 'a draw']
    : p ? withRefs(promptWords(p.prompt)) : []));
  $('end').hidden = !(p?.yours && optionKeys().includes('end'));
  // R-GAME-14: shown only when the engine would take back this role's last decision now
  $('undo').hidden = !v.undo;
  // R-WEB-8: once the battle is over, a player plays it again with the sides swapped; the
  // other's page learns that a rematch waits for it
  for (const b of document.querySelectorAll('.rematch')) {
    b.hidden = !over || v.role === 'spectator';
    b.textContent = v.rematch ? 'Join the rematch' : b.id === 'rematch' ? 'Rematch' : 'Rematch, sides swapped';
  }
  // R-GAME-14: the policy of this game's Undo; the dice never rewind
  $('undo').title = (v.mode === 'hotseat'
    ? 'take back the last decision (u): back to any decision; '
      + 'the dice after it are fresh, never the ones taken back'
    : 'take back your last decision (u): only while the next decision is still yours '
      + 'and no die has been rolled since')
    + '; nothing is taken back once the battle is over';
  const clock = v.movement_clock;
  // R-OCH-11: the clock stands while the other side answers (its left time frozen)
  S.deadline = clock ? performance.now() + clock.left_ms : null;
  S.clockPaused = Boolean(clock && clock.paused);
  $('countdown').hidden = !clock;
  tick();
}

function tick() {
  if (!S.deadline) return;
  if (S.clockPaused) S.deadline = performance.now() + S.view.movement_clock.left_ms;
  const left = Math.max(0, S.deadline - performance.now());
  const s = Math.ceil(left / 1000);
  const shown = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  $('countdown').textContent = S.clockPaused
    ? `${S.view.movement_clock.side} moves: ${shown}, stopped while the other side answers`
    : left > 0 ? `${S.view.movement_clock.side} moves: ${shown}` : 'time is up';
  $('countdown').classList.toggle('urgent', left < 30000);
}
setInterval(tick, 250);

/* The decision panel: the prompt's options that are not about one unit, and the units that
 * have some. */
function renderDecision() {
  const p = pending();
  const box = $('decision');
  if (!p) {
    box.replaceChildren(h('p', {}, S.view.result ? 'The battle is over.' : ''));
    return;
  }
  const items = [h('p', { class: 'prompt' }, withRefs(promptWords(p.prompt)))];
  if (!p.yours) {
    items.push(h('p', { class: 'hint' }, `${p.side} decides.`));
    box.replaceChildren(...items);
    return;
  }
  const byUnit = new Map();
  const general = [];
  for (const o of p.options) {
    const parts = o.key.split(':');
    const id = parts[0] === 'melee' ? parts[2] : parts[1];
    if (id && unitOf(id) && p.kind === 'action') {
      if (!byUnit.has(id)) byUnit.set(id, []);
      byUnit.get(id).push(o);
    } else if (o.key !== 'end') {
      general.push(o);
    }
  }
  if (byUnit.size) {
    items.push(h('p', { class: 'hint' }, 'Units with something to do (select one):'));
    items.push(h('div', { class: 'chips' }, [...byUnit.entries()].map(([id, opts]) => h('button', {
      type: 'button', class: 'chip', dataset: { unit: id },
      on: { click: () => select(id) },
    }, `${id} (${[...new Set(opts.map((o) => verbWords(o.key.split(':')[0])))].join(', ')})`))));
  }
  const targets = fireTargets();
  if (targets.size) {
    items.push(h('p', { class: 'hint' }, 'Fire at a hex (one unit, or several together):'));
    items.push(h('div', { class: 'chips' }, [...targets.entries()].map(([hex, firers]) => h('button', {
      type: 'button', class: 'chip', dataset: { target: hex },
      on: { click: () => fireAt(firers[0], hex) },
    }, `${hex} ← ${firers.join(', ')}`))));
  }
  for (const o of general) {
    if (o.key === 'fire') continue;           // the fire targets above, R-FIRE-23
    const several = o.key.startsWith('melee:') && o.param;
    const click = several ? () => startMelee(o.key.split(':')[1]) : () => decide(o.key);
    items.push(h('button', {
      type: 'button', class: 'option', dataset: { key: o.key }, on: { click }, title: o.key,
    }, several ? `Several units melee ${o.key.split(':')[1]}…` : labelWords(o.label)));
  }
  items.push(...neverAskControls(p));
  box.replaceChildren(...items);
}

/* The cavalry units a reaction or opportunity-charge question offers (R-OCH-4, R-RCH-5). */
function askedCavalry(p) {
  const verb = p?.kind === 'reaction' ? 'react:' : p?.kind === 'opportunity' ? 'charge:' : null;
  return verb ? p.options.map((o) => o.key).filter((k) => k.startsWith(verb))
    .map((k) => k.slice(verb.length)).filter((id) => !id.includes(':')) : [];
}

/* R-WEB-17, R-OCH-13: beside the player's cavalry question, a button per unit it offers that
 * says never to ask about it again (the question on screen stays, to be answered), and the
 * units the side is never asked about. */
function neverAskControls(p) {
  const never = new Set(Object.values(S.view.never_ask || {}).flat());
  const items = askedCavalry(p).filter((id) => !never.has(id)).map((id) => h('button', {
    type: 'button', class: 'never-ask', dataset: { unit: id },
    title: `${id} is not asked about again from the next question on; answer this one still`,
    on: { click: () => send(() => api.neverAsk(token, S.view.seq, id)) },
  }, `Don't ask me again about ${id}`));
  if (never.size && askedCavalry(p).length) {
    items.push(h('p', { class: 'hint never-asked' }, `Never asked about: ${[...never].join(', ')}`));
  }
  return items;
}

const VERBS = { move: 'move', path: 'move', fire: 'fire', melee: 'melee', charge: 'charge',
  form: 'formation', face: 'facing', march: 'road march', attach: 'leader' };
const verbWords = (verb) => VERBS[verb] || verb;

/* The hexes the pending decision offers a fire at, each with the units that may fire at it. */
function fireTargets() {
  const targets = new Map();
  for (const o of pending()?.options || []) {
    const [verb, unit, hex] = o.key.split(':');
    if (verb !== 'fire' || !hex) continue;
    if (!targets.has(hex)) targets.set(hex, []);
    targets.get(hex).push(unit);
  }
  return targets;
}

/* ---- a unit ---------------------------------------------------------------------------------- */

async function select(id) {
  S.selected = id;
  S.plan = null;
  map.drawUnits(S.view, id);
  await renderSelection();
}

function unitDetails(u) {
  const c = S.view.counters[u.id] || {};
  const rows = [
    ['side', u.side], ['arm', u.arm], ['hexes', u.hexes.join(' ')],
    ['formation', u.formation ? formationWords(u.formation) : null], ['facing', u.facing ? `${u.facing} o'clock` : null],
    ['state', u.state], ['readiness', u.arm === 'cavalry' ? u.readiness : null],
    ['increments', u.strength !== undefined ? `${u.strength} of ${c.increments}` : null],
    ['fire · melee · movement', c.fire !== undefined ? `${c.fire} · ${c.melee} · ${c.movement}` : null],
    ['morale', c.morale || null], ['nation', c.nation], ['class', c.class],
    ['goes with', c.attached],
    ['bonus', c.bonus && Object.keys(c.bonus).length
      ? Object.entries(c.bonus).map(([k, v]) => `${k} ${v > 0 ? '+' : ''}${v}`).join(', ') : null],
  ];
  return h('dl', {}, rows.filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))]));
}

async function renderSelection() {
  map.clear('reach', 'targets', 'plan', 'los', 'go');
  const id = S.selected;
  const u = id && unitOf(id);
  if (!u) {
    $('unit').replaceChildren(h('p', { class: 'hint' }, 'Select a unit on the map (or n / p).'));
    S.moves = null;
    return;
  }
  const stack = unitsAt(u.hexes[0]);
  const parts = [h('h3', {}, u.id), u.name ? h('p', { class: 'name' }, u.name) : null, unitDetails(u)];
  if (stack.length > 1) {
    parts.push(h('p', { class: 'hint' }, 'In this hex:'), h('div', { class: 'chips' },
      stack.map((s) => h('button', {
        type: 'button', class: `chip${s.id === id ? ' on' : ''}`, dataset: { unit: s.id },
        on: { click: () => select(s.id) },
      }, s.id))));
  }
  const opts = mine() ? optionsOf(id) : [];
  const actions = [];
  for (const o of opts) {
    const [verb, , rest] = o.key.split(':');
    if (verb === 'move') continue;           // the highlighted hexes
    if (verb === 'fire') {
      map.markHex('targets', rest, 'target', '◎');
      actions.push(h('button', { type: 'button', class: 'option', dataset: { key: o.key },
        on: { click: () => fireAt(id, rest) } }, `Fire at ${rest}…`));
    } else if (verb === 'melee') {
      const hex = o.key.split(':')[1];
      map.markHex('targets', hex, 'target', '⚔');
      actions.push(h('button', { type: 'button', class: 'option', dataset: { key: o.key },
        on: { click: () => meleeOdds(hex, [id], o.key) } }, `Melee ${hex}…`));
    } else if (verb === 'charge') {
      actions.push(h('button', { type: 'button', class: 'option', dataset: { key: o.key },
        on: { click: () => startCharge(id) } }, 'Plan a charge…'));
    } else if (o.param) {
      continue;                               // a path: click the hexes instead
    } else {
      actions.push(h('button', { type: 'button', class: 'option', dataset: { key: o.key }, title: o.key,
        on: { click: () => decide(o.key) } }, labelWords(o.label)));
    }
  }
  const moveCount = opts.filter((o) => o.key.startsWith('move:')).length;
  if (moveCount) {
    parts.push(h('p', { class: 'hint' }, `Click a shaded hex to move there (${moveCount} hexes; the number is its cost in MP); on a hex with friendly units, click its round badge.`));
    parts.push(legend(['can', 'reach', 'pass', 'stop', 'go']));
  }
  if (opts.some((o) => /^(fire|melee):/.test(o.key))) parts.push(legend(['target']));
  if (actions.length) parts.push(h('div', { class: 'actions' }, actions));
  parts.push(h('p', { class: 'hint' }, 'Hover any hex for the line of sight.'));
  const info = h('div', { id: 'move-info' });
  parts.push(info);
  $('unit').replaceChildren(...parts);
  if (u.arm === 'leader' && !opts.length) return;
  try {
    const m = await api.preview(token, 'move', { unit: id });
    if (S.selected !== id || S.plan) return;
    S.moves = m;
    // the hexes in reach matter in the Movement segment; elsewhere the numbers say it
    if (S.view.segment === 'movement') drawReach(m, id);
    info.replaceChildren(h('p', {}, `Allowance ${m.allowance} MP (${m.spent} spent); `,
      `${m.reachable_count} hexes in reach`, m.no_step ? ` — no step: ${m.no_step.reason} [${m.no_step.rule}]` : ''));
  } catch (err) {
    info.replaceChildren(h('p', { class: 'hint' }, err.message));
  }
}

function drawReach(m, id) {
  map.clear('reach');
  const movable = mine();
  for (const [hex, cost] of Object.entries(m.reachable)) {
    const option = movable && optionFor('move', id, hex);
    map.markHex('reach', hex, option ? 'reach can' : 'reach', mixed(cost));
    // a hex with units on it: its counters select them, this badge moves there
    if (option && unitsAt(hex).length) map.badge('go', hex, 'go', mixed(cost), `move ${id} here`);
  }
  for (const hex of m.pass_only) map.markHex('reach', hex, 'pass');
  for (const hex of m.must_stop) map.markHex('reach', hex, 'stop');
}

/* ---- line of sight on hover ------------------------------------------------------------------ */

let losTimer = null;
function onHover(hex, side) {
  clearTimeout(losTimer);
  if (side) {
    status(`hexside ${side.hexes.replace('|', ' | ')}: ${side.type}`);
    return;
  }
  if (!hex) {
    map.clear('los');
    status('');
    return;
  }
  const here = unitsAt(hex).map((u) => u.id).join(', ');
  const cost = S.moves?.reachable?.[hex];
  status(`${hex}${here ? ` · ${here}` : ''}${cost !== undefined ? ` · ${cost} MP` : ''}`);
  if (S.plan) return;
  const from = S.selected;
  if (!from || unitOf(from)?.hexes.includes(hex)) {
    map.clear('los');
    return;
  }
  losTimer = setTimeout(() => drawLos(from, hex), 120);
}

async function drawLos(from, to) {
  const key = `${S.view.seq}:${from}:${to}`;
  S.losKey = key;
  let r;
  try {
    r = await api.preview(token, 'los', { from, to });
  } catch (err) {
    return;
  }
  if (S.losKey !== key) return;
  map.clear('los');
  map.line('los', r.from, r.to, r.visible ? 'los-line seen' : 'los-line blocked');
  for (const b of r.blocked_by) {
    const m = map.markHex('los', b.hex, 'blocker');
    m?.setAttribute('data-reason', b.reason);
    if (b.pair) map.markHex('los', b.pair, 'blocker pair');
  }
  const first = r.blocked_by[0];
  status([`Line of sight ${from} → ${to}: `, r.visible
    ? h('b', { class: 'seen' }, 'sees')
    : h('b', { class: 'blocked' }, `blocked at ${first.hex}${first.pair ? `|${first.pair}` : ''}: ${first.reason} [${first.rule}]`),
  ` · ${r.distance} hexes, elevation ${r.elevation_from} to ${r.elevation_to}`]);
}

/* ---- fire ------------------------------------------------------------------------------------- */

const pct = (p) => {
  const [n, d] = String(p).split('/').map(Number);
  return d ? n / d : n;
};

/* Rows [words, p, code?] as bars; the engine's code of a row in its tooltip. */
function bars(rows) {
  return h('div', { class: 'chart', role: 'img' }, rows.map(([label, p, code]) => {
    const v = pct(p);
    return h('div', { class: 'bar', dataset: { p: String(p), code: code || '' } },
      h('span', { class: 'what', title: code || null }, label),
      h('span', { class: 'track' }, h('span', { class: 'fill', style: { width: `${(100 * v).toFixed(1)}%` } })),
      h('span', { class: 'p' }, `${p} (${(100 * v).toFixed(1)}%)`));
  }));
}

function traceList(trace) {
  return h('details', { class: 'trace' }, h('summary', {}, `the rulings (${trace.length})`),
    h('ol', {}, trace.map((t) => h('li', {}, h('span', { class: 'rule' }, `${t.rule} ${t.section}`), ' ', withRefs(t.text)))));
}

/* The odds of lead firing at hex, with the units joined to its fire (R-FIRE-23: a hex is fired
 * at once per segment, every unit that fires at it in one fire). The confirm button answers
 * `fire:LEAD:HEX` alone, or the option `fire` with `LEAD+U2+…:HEX`. */
async function fireAt(lead, hex, joined = []) {
  const fire = { lead, hex, joined };
  S.fire = fire;
  $('panel-odds').open = true;
  const firers = [lead, ...joined];
  const others = (fireTargets().get(hex) || []).filter((u) => u !== lead);
  try {
    const f = await api.preview(token, 'fire', { unit: lead, target: hex, with: joined.join(',') });
    if (S.fire !== fire) return;
    const parts = [h('h3', {}, `${firers.join(' + ')} fire${firers.length > 1 ? '' : 's'} at ${hex}`)];
    if (others.length) {
      parts.push(h('p', { class: 'hint' }, 'Fire together with (one fire, one roll, R-FIRE-23):'),
        h('div', { class: 'chips' }, others.map((u) => h('button', {
          type: 'button', class: `chip${joined.includes(u) ? ' on' : ''}`, dataset: { join: u },
          'aria-pressed': String(joined.includes(u)),
          on: {
            click: () => fireAt(lead, hex, joined.includes(u)
              ? joined.filter((x) => x !== u) : [...joined, u]),
          },
        }, u))));
    }
    if (!f.allowed) {
      parts.push(h('p', { class: 'refused' }, f.reason, h('span', { class: 'rule' }, f.rule)));
    } else {
      parts.push(h('p', {}, h('span', { title: f.breakdown || '' }, `fire value ${mixed(f.fire_value_exact)}`),
        ` against fire defence ${f.fire_defense}: odds ${f.odds || 'none'}`,
        f.massed_modifier ? `, massed target ${f.massed_modifier > 0 ? '+' : ''}${f.massed_modifier}` : ''));
      if (f.breakdown) parts.push(h('details', { class: 'code' }, h('summary', {}, 'how'), h('p', { class: 'small' }, f.breakdown)));
      // R-FIRE-13: what the target units lose in all; the fire table's loss to the hex beside it
      // when they take less of it (lone unlimbered guns, a loss beyond their strength)
      parts.push(h('p', { class: 'hint' }, 'Increments lost, exactly:'));
      parts.push(bars(Object.entries(f.taken_exact).map(([n, p]) => [`${n} lost`, p])));
      const spread = (d) => Object.entries(d).map(([n, p]) => `${n}: ${p}`).join(', ');
      if (spread(f.outcomes_exact) !== spread(f.taken_exact)) {
        parts.push(h('p', { class: 'small' }, 'the hex\'s loss by the fire table, of which its '
          + `units take less (R-FIRE-13): ${spread(f.outcomes_exact)}`));
      }
      for (const t of f.units) {
        parts.push(h('p', { class: 'small' }, withRefs(`${t.unit}: morale check ${t.p_check_exact}, eliminated ${t.p_eliminated_exact}`)));
      }
      if (f.leaders.length) parts.push(h('p', { class: 'small' }, `leader casualty check ${f.p_leader_casualty_exact}`));
      const key = joined.length ? 'fire' : `fire:${lead}:${hex}`;
      const param = joined.length ? `${firers.join('+')}:${hex}` : undefined;
      parts.push(h('button', { type: 'button', class: 'confirm', dataset: { key, param: param || '' },
        on: { click: () => decide(key, param) } }, `Fire at ${hex}`));
    }
    parts.push(traceList(f.trace));
    const focused = $('odds').contains(document.activeElement) ? document.activeElement.dataset.join : null;
    $('odds').replaceChildren(...parts);
    $('panel-odds').scrollIntoView({ block: 'nearest' });
    keyboardTo(focused ? $('odds').querySelector(`[data-join="${focused}"]`) : $('odds').querySelector('.confirm'));
  } catch (err) {
    toast(err.message);
  }
}

/* ---- charge ----------------------------------------------------------------------------------- */

/* A charge waiting for a decision, as both sides see it: the hexes its cavalry has charged
 * through so far, to where it stands now (the view's pending.charge, R-WEB-7). */
function drawCharge(view) {
  map.clear('charge');
  const c = view.pending?.charge;
  if (!c || c.path.length < 2) return;
  const line = map.polyline('charge', c.path, 'charge-path', { 'marker-end': 'url(#arrowhead)' });
  const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  title.textContent = `${c.unit} charges: ${c.path.join(' → ')} (${c.mp_spent} MP so far)`
    + (c.target ? `, its target ${c.target}` : '');
  line.append(title);
}

function startCharge(id) {
  S.plan = { unit: id, path: [] };
  map.clear('reach', 'los');
  $('panel-odds').open = true;
  renderPlan();
}

async function renderPlan() {
  const plan = S.plan;
  map.clear('plan');
  if (!plan) return;
  const start = unitOf(plan.unit).hexes[0];
  if (plan.path.length) map.polyline('plan', [start, ...plan.path], 'plan-line');
  plan.path.forEach((hex, i) => map.markHex('plan', hex, 'plan-hex', String(i + 1)));
  const parts = [h('h3', {}, `${plan.unit} charges`),
    h('p', { class: 'hint' }, 'Click the hexes it enters, in order (click the last again to take it back).'),
    h('p', { class: 'path' }, plan.path.length ? plan.path.join(', ') : '—')];
  const cancel = h('button', { type: 'button', on: { click: () => { S.plan = null; map.clear('plan'); $('odds').replaceChildren(); renderSelection(); } } }, 'Cancel');
  if (!plan.path.length) {
    $('odds').replaceChildren(...parts, cancel);
    return;
  }
  const path = plan.path.join(',');
  try {
    const c = await api.preview(token, 'charge', { unit: plan.unit, path });
    if (S.plan !== plan || plan.path.join(',') !== path) return;
    if (!c.allowed) {
      parts.push(h('p', { class: 'refused' }, `${c.reason} [${c.rule}]`));
    } else {
      parts.push(h('p', { class: 'hint' }, `Every way it can end, exactly (undecided choices automatic, R-CHG-25; ${c.odds.runs} passes):`));
      parts.push(bars(c.odds.outcomes.map((o) => [chargeWords(o.summary), o.p, o.summary])));
      parts.push(h('button', { type: 'button', class: 'confirm', dataset: { key: `charge:${plan.unit}` },
        on: { click: () => decide(`charge:${plan.unit}`, path) } }, `Charge along ${path}`));
    }
    parts.push(traceList(c.trace));
  } catch (err) {
    parts.push(h('p', { class: 'refused' }, err.message));
  }
  $('odds').replaceChildren(...parts, cancel);
  $('panel-odds').scrollIntoView({ block: 'nearest' });
}

/* ---- melee ------------------------------------------------------------------------------------ */

/* The odds of attackers on hex; confirm answers key (with param for several attackers). */
async function meleeOdds(hex, attackers, key, param) {
  $('panel-odds').open = true;
  const parts = [h('h3', {}, `${attackers.join(', ')} melee ${hex}`)];
  try {
    const m = await api.preview(token, 'melee', { attackers: attackers.join(','), target: hex });
    if (!m.allowed) {
      parts.push(h('p', { class: 'refused' }, `${m.reason} [${m.rule}]`));
    } else {
      parts.push(h('p', {}, `melee value ${m.attack_value} against ${m.defence_value}: odds ${m.odds || 'none'}, through the ${m.through}`));
      parts.push(h('p', { class: 'hint' }, `The melee takes place: ${m.p_melee}. Its results, exactly:`));
      parts.push(bars(Object.entries(m.outcomes).map(([r, p]) => [meleeWords(r), String(p), r])));
      for (const u of m.units.filter((x) => x.checks)) {
        parts.push(h('p', { class: 'small' }, withRefs(`${u.id} passes its pre-melee check: ${u.p_pass}`)));
      }
      parts.push(h('button', { type: 'button', class: 'confirm', dataset: { key },
        on: { click: () => decide(key, param) } }, `Melee ${hex}`));
    }
    parts.push(traceList(m.trace));
  } catch (err) {
    parts.push(h('p', { class: 'refused' }, err.message));
  }
  $('odds').replaceChildren(...parts);
  $('panel-odds').scrollIntoView({ block: 'nearest' });
}

/* Several units on one hex: the player clicks their units to take part. */
function startMelee(hex) {
  S.plan = { melee: hex, attackers: [] };
  map.clear('reach', 'los', 'plan');
  map.markHex('plan', hex, 'plan-hex', '⚔');
  $('odds').replaceChildren(h('h3', {}, `Several units melee ${hex}`),
    h('p', { class: 'hint' }, 'Click each of your units that takes part.'));
  $('panel-odds').open = true;
}

function toggleAttacker(id) {
  const plan = S.plan;
  const i = plan.attackers.indexOf(id);
  if (i >= 0) plan.attackers.splice(i, 1);
  else plan.attackers.push(id);
  map.clear('plan');
  map.markHex('plan', plan.melee, 'plan-hex', '⚔');
  plan.attackers.forEach((a) => map.markHex('plan', unitOf(a).hexes[0], 'plan-hex', '+'));
  if (plan.attackers.length) {
    meleeOdds(plan.melee, plan.attackers, `melee:${plan.melee}`, plan.attackers.join('+'));
  }
}

/* ---- a retreat's end ------------------------------------------------------------------------- */

function renderPaths() {
  map.clear('paths');
  const p = pending();
  if (!p || p.kind !== 'path') return;
  const ends = new Set(p.options.map((o) => o.key).filter((k) => k !== 'auto'));
  const edges = new Set();
  for (const path of p.retreat?.paths || []) {
    for (let i = 1; i < path.length; i++) {
      const e = `${path[i - 1]}>${path[i]}`;
      if (!edges.has(e)) {
        edges.add(e);
        map.line('paths', path[i - 1], path[i], 'retreat-edge');
      }
    }
  }
  const later = new Set(p.retreat?.surrender_later || []); /* R-RET-8 */
  for (const hex of ends) {
    const m = map.markHex('paths', hex, (p.yours ? 'retreat-end can' : 'retreat-end') +
                          (later.has(hex) ? ' surrender-later' : ''));
    m?.addEventListener('mouseenter', () => {
      map.clear('plan');
      for (const path of (p.retreat?.paths || []).filter((q) => q[q.length - 1] === hex)) {
        map.polyline('plan', path, 'retreat-path');
      }
    });
  }
  if (p.subject) map.markHex('paths', unitOf(p.subject)?.hexes[0], 'retreat-start');
}

/* ---- cavalry in the enemy's turn ----------------------------------------------------------------- */

/* R-OCH-4, R-RCH-5: a reaction or opportunity-charge question drawn on the map: each cavalry
 * unit the question offers, an arrow from it to the enemy it would charge (a charger where its
 * charge has brought it), and the hexes of its zone the view lists (R-WEB-18). */
function renderQuestion() {
  map.clear('question');
  const p = pending();
  const offered = askedCavalry(p);
  if (!offered.length) return;
  const mover = p.charge?.unit === p.subject ? p.charge.at[0] : unitOf(p.subject)?.hexes[0];
  map.markHex('question', mover, 'question-mover');
  for (const id of offered) {
    const from = unitOf(id)?.hexes[0];
    if (!map.centres.get(from)) continue;
    // R-WEB-18: the hexes the engine says the zone holds (extent, front, line of sight)
    for (const hex of p.zones?.[id] || []) map.markHex('question', hex, 'question-zone');
    map.markHex('question', from, 'question-cavalry');
    map.arrow('question', from, mover, 'question-arrow', p.kind === 'reaction' ? 'reacts?' : 'charges?');
  }
}

/* ---- clicks ------------------------------------------------------------------------------------ */

/* Acts on hex as the pending decision allows: a charge's next hex, a retreat's end, the selected
 * unit's fire, melee or move there. Returns whether it did. */
function actOn(hex, unitId) {
  const p = pending();
  if (S.plan?.melee) {
    if (unitId) toggleAttacker(unitId);
    return Boolean(unitId);
  }
  if (S.plan) {
    const path = S.plan.path;
    if (path[path.length - 1] === hex) path.pop();
    else path.push(hex);
    renderPlan();
    return true;
  }
  if (p?.yours && p.kind === 'path' && optionKeys().includes(hex)) {
    decide(hex);
    return true;
  }
  const sel = S.selected;
  if (!sel || !p?.yours) return false;
  if (optionFor('fire', sel, hex)) {
    fireAt(sel, hex);
    return true;
  }
  if (p.options.some((o) => o.key === `melee:${hex}:${sel}`)) {
    meleeOdds(hex, [sel], `melee:${hex}:${sel}`);
    return true;
  }
  return false;
}

/* A click on the map: on a counter it selects the unit (again: the next of its stack) unless the
 * selected unit fires at or melees its hex; on a hex, or a move badge, it moves there. */
function onClick(hex, unitId) {
  if (!S.view || !hex) return;
  if (actOn(hex, unitId)) return;
  const sel = S.selected;
  if (unitId) {
    const stack = unitsAt(hex);
    const next = sel && stack.length > 1 && stack.some((u) => u.id === sel) && unitId === sel
      ? stack[(stack.findIndex((u) => u.id === sel) + 1) % stack.length].id : unitId;
    select(next);
  } else if (sel && mine() && optionFor('move', sel, hex)) {
    decide(`move:${sel}:${hex}`);
  } else {
    select(null);
  }
}

/* Enter on the hex under the keyboard's cursor: the hex's action first (a move onto friends
 * too), else its units in turn. */
function onEnter(hex) {
  if (!S.view) return;
  if (actOn(hex)) return;
  const sel = S.selected;
  if (sel && mine() && optionFor('move', sel, hex)) {
    decide(`move:${sel}:${hex}`);
    return;
  }
  const stack = unitsAt(hex);
  if (!stack.length) {
    select(null);
    return;
  }
  const i = stack.findIndex((u) => u.id === sel);
  select(stack[(i + 1) % stack.length].id);
}

/* What the hex under the cursor holds and offers, for the status line and screen readers. */
function describeHex(hex) {
  const parts = [hex];
  const here = unitsAt(hex).map((u) => u.id);
  if (here.length) parts.push(here.join(', '));
  const sel = S.selected;
  const p = pending();
  if (p?.yours && p.kind === 'path' && optionKeys().includes(hex)) parts.push('Enter: retreat here');
  else if (sel && optionFor('fire', sel, hex)) parts.push(`Enter: ${sel} fires here`);
  else if (sel && p?.options?.some((o) => o.key === `melee:${hex}:${sel}`)) parts.push(`Enter: ${sel} melees here`);
  else if (sel && mine() && optionFor('move', sel, hex)) {
    parts.push(`Enter: ${sel} moves here (${S.moves?.reachable?.[hex] ?? '?'} MP)`);
  }
  return parts.join(' · ');
}

function onCursor(hex) {
  const text = describeHex(hex);
  map.hexElement(hex)?.setAttribute('aria-label', text);
  status(text);
}

/* ---- rulings and the log ----------------------------------------------------------------------- */

async function loadTraces() {
  const t = await api.traces(token, S.traceSeq);
  for (const one of t.traces) {
    $('rulings').prepend(h('li', { dataset: { seq: one.seq } },
      h('div', { class: 'who' }, `${one.seq} · ${one.role}: `, withRefs(keyWords(one.what)),
        one.by !== 'player' ? ` (${one.by})` : '', ' ', h('code', { class: 'key' }, one.what)),
      h('ol', {}, one.trace.map((step) => h('li', step.section === 'ai' ? { class: 'ai-reason' } : {},
        h('span', { class: 'rule' }, `${step.rule} ${step.section}`), ' ', withRefs(step.text),
        step.dice ? h('span', { class: 'dice' }, ` (dice: ${step.dice.map((d) => `${d.purpose} ${d.value}`).join(', ')})`) : null)))));
  }
  S.traceSeq = t.seq;
}

async function loadLog() {
  if (S.journalSeq > S.view.seq) {
    $('log').replaceChildren();
    S.journalSeq = 0;
  }
  const j = await api.journal(token, S.journalSeq);
  const sides = S.view.sides;
  j.entries.forEach((e, i) => {
    const n = j.from + i + 1;
    let text;
    if (e.decision) text = `${sides[e.side]}: ${keyWords(e.key)}${e.subject ? ` (${e.decision} about ${e.subject})` : ''}${e.by !== 'player' ? ` (${e.by})` : ''}`;
    else if (e.undo !== undefined) text = `${sides[e.side]} takes back the game to entry ${e.undo}`;
    else text = `${e.die} ${e.value}: ${e.purpose}`;
    $('log').append(h('li', { value: n, class: e.die ? 'dice' : '', title: e.key || null }, withRefs(text)));
  });
  S.journalSeq = j.seq;
  $('log').lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  return j;
}

/* ---- controls ---------------------------------------------------------------------------------- */

function ownUnits() {
  const v = S.view;
  const side = v.role === 'both' || v.role === 'spectator' ? v.phasing : v.role;
  return v.units.filter((u) => u.side === side);
}

function cycle(step) {
  const units = ownUnits();
  if (!units.length) return;
  const i = units.findIndex((u) => u.id === S.selected);
  const next = units[(i + step + units.length) % units.length];
  select(next.id);
  map.focusOn(next.id);
  map.moveCursor(next.hexes[0]);
}

$('undo').addEventListener('click', () => send(() => api.undo(token, S.view.seq)));
$('notify').setAttribute('aria-pressed', String(notify.wanted()));
$('notify').addEventListener('click', async () => {
  $('notify').setAttribute('aria-pressed', String(await notify.toggle()));
});
$('score').addEventListener('click', () => {
  $('panel-battle').open = true;
  $('panel-battle').scrollIntoView({ block: 'nearest' });
});
/* R-WEB-19: whether this side allows hints, whether the other does, and the coach's button
 * open only while both do. */
async function showHints(pending) {
  try {
    const state = await pending;
    const sides = Object.keys(state.allowed);
    const mine = S.view.role === 'both' ? sides.every((s) => state.allowed[s]) : Boolean(state.allowed[S.view.role]);
    $('hints-allow').checked = mine;
    $('coach').disabled = !state.open;
    $('hints-state').textContent = state.open ? 'Both sides allow hints.'
      : mine ? 'The other side has not allowed hints.' : 'Hints are off until both sides allow them.';
  } catch (err) {
    $('hints-state').textContent = err.message;
  }
}

$('hints-allow').addEventListener('change', () => showHints(api.allowHints(token, $('hints-allow').checked)));

/* R-AI-16: the computer's answer, then its best options ranked with their values and reasons. */
function coachWords(hint) {
  const options = hint.options || [{ key: hint.key, value: null, reason: hint.reason }];
  const value = (v) => (v === null || v === undefined ? 'not valued' : `${v >= 0 ? '+' : ''}${v.toFixed(2)} points`);
  return [
    h('p', {}, `${hint.key}: ${hint.reason}`),
    h('ol', { class: 'coach-options' }, ...options.map((o) => h('li', {}, `${o.key} (${value(o.value)}): ${o.reason}`)))
  ];
}

$('coach').addEventListener('click', async () => {
  try {
    const hint = await api.hint(token);
    $('coach-answer').dataset.seq = String(hint.seq);
    $('coach-answer').replaceChildren(...coachWords(hint));
  } catch (err) {
    $('coach-answer').textContent = err.message;
  }
});
$('concede').addEventListener('click', () => {
  $('concede-confirm').hidden = false;
  $('concede-no').focus();
});
$('concede-no').addEventListener('click', () => { $('concede-confirm').hidden = true; });
$('concede-yes').addEventListener('click', () => {
  $('concede-confirm').hidden = true;
  send(() => api.concede(token, S.view.seq));
});
for (const b of document.querySelectorAll('.rematch')) {
  b.addEventListener('click', async () => {
    try {
      const made = await api.rematch(token);
      location.href = made.link;
    } catch (err) {
      toast(err.message);
    }
  });
}
$('result-close').addEventListener('click', () => $('result').close?.() ?? $('result').removeAttribute('open'));
$('legend').append(legend());
$('end').addEventListener('click', () => decide('end'));
$('zoom').addEventListener('click', (e) => {
  const z = e.target.closest('[data-zoom]')?.dataset.zoom;
  if (z === 'in') map.zoomBy(1.25);
  if (z === 'out') map.zoomBy(1 / 1.25);
  if (z === 'fit') map.fit();
});
function toggleLabels() {
  const on = $('map').classList.toggle('labels');
  if (on) map.showLabels();
  $('labels').setAttribute('aria-pressed', String(on));
}
$('labels').addEventListener('click', toggleLabels);
function toggleCounters() {
  const hidden = $('map').classList.toggle('no-counters');
  $('counters').setAttribute('aria-pressed', String(hidden));
}
$('counters').addEventListener('click', toggleCounters);

/* The keyboard goes to el when the player is using the keyboard (not after a click). */
function keyboardTo(el) {
  if (S.keyboard && el) el.focus();
}
document.addEventListener('pointerdown', () => { S.keyboard = false; }, true);

document.addEventListener('keydown', (e) => {
  S.keyboard = true;
  if (e.defaultPrevented || e.target.closest('input, select, textarea') || e.ctrlKey || e.metaKey
      || e.altKey) return;
  if ((e.key === 'Enter' || e.key === ' ') && e.target.closest('button, summary, .ref')) return;
  const step = 60;
  const keys = {
    '+': () => map.zoomBy(1.25), '=': () => map.zoomBy(1.25), '-': () => map.zoomBy(1 / 1.25),
    0: () => map.fit(), l: toggleLabels, c: toggleCounters, n: () => cycle(1), p: () => cycle(-1),
    u: () => !$('undo').hidden && $('undo').click(),
    // the End button takes the keyboard: Enter then ends the segment
    e: () => !$('end').hidden && $('end').focus(),
    d: () => $('decision').querySelector('button')?.focus(),
    m: () => map.moveCursor(map.cursorHex || ownUnits()[0]?.hexes[0]),
    ArrowLeft: () => map.pan(-step, 0), ArrowRight: () => map.pan(step, 0),
    ArrowUp: () => map.pan(0, -step), ArrowDown: () => map.pan(0, step),
    Escape: () => { S.plan = null; map.clear('plan'); clearOdds(); select(null); },
  };
  const fn = keys[e.key];
  if (fn) {
    e.preventDefault();
    fn();
  }
});

/* ---- the chat (R-WEB-9) ------------------------------------------------------------------------ */

/* The messages said since the last shown, each "side: text" with its time (UTC); a new one
 * marks the closed panel. */
async function loadChat() {
  let got;
  try {
    got = await api.chat(token, S.chatN);
  } catch (err) {
    return;
  }
  for (const m of got.messages) {
    if (m.n <= S.chatN) continue;
    S.chatN = m.n;
    const li = h('li', { title: `${m.at} UTC` }, h('b', {}, `${m.role}: `), m.text);
    $('chat').append(li);
  }
  if (got.messages.length && !$('panel-chat').open) $('chat-new').hidden = false;
}

$('panel-chat').addEventListener('toggle', () => { if ($('panel-chat').open) $('chat-new').hidden = true; });
$('chat-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const text = $('chat-text').value.trim();
  if (!text) return;
  try {
    await api.say(token, text);
    $('chat-text').value = '';
    await loadChat();
  } catch (err) {
    toast(err.message);
  }
});

/* ---- live updates ------------------------------------------------------------------------------ */

/* In a game of two players, whether the other side's page is open (a spectator sees both): the
 * presence the server sends on the live stream. */
function renderPresence() {
  const view = S.view;
  const box = $('presence');
  if (!view || !S.present || view.mode !== 'two-players') {
    box.hidden = true;
    return;
  }
  const others = view.sides.map((side, i) => ({ side, here: S.present[i] }))
    .filter((o) => o.side !== view.role && o.side !== view.ai);
  box.replaceChildren(...others.map((o) => {
    const span = document.createElement('span');
    span.className = o.here ? 'here' : 'away';
    span.textContent = `${o.side}: ${o.here ? 'page open' : 'away'}`;
    span.title = o.here ? `the ${o.side} player has this game's page open`
      : `no page of the ${o.side} player is open: it will learn of your moves when it opens one`;
    return span;
  }));
  box.hidden = others.length === 0;
}

function live() {
  const events = api.events(token);
  events.addEventListener('open', () => { $('live').className = 'on'; });
  events.addEventListener('error', () => { $('live').className = 'off'; });
  events.addEventListener('chat', () => loadChat());
  // R-WEB-19: a side allowed hints or took that back: the box says it at once
  events.addEventListener('hints', () => { if (!$('hints-box').hidden) showHints(api.hints(token)); });
  events.addEventListener('presence', (e) => {
    S.present = JSON.parse(e.data).present;
    renderPresence();
    // a rematch made by the other side comes with a presence event: the view says so
    if (S.view?.result && !S.view.rematch && !S.busy) refresh();
  });
  events.addEventListener('seq', (e) => {
    const seq = JSON.parse(e.data).seq;
    S.liveSeq = seq;
    if (S.view && seq !== S.view.seq && !S.busy) refresh();
  });
}

async function start() {
  try {
    await render(await api.view(token));
    $('chat-form').hidden = S.view.role === 'spectator';
    loadChat();
    webhook.setup(token, S.view.role);
    live();
  } catch (err) {
    document.body.classList.add('failed');
    $('prompt').textContent = err.status === 404 ? 'No game behind this link.' : err.message;
  }
}

start();
