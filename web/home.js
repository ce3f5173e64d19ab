// The home page: the scenarios the server offers, a new game, its secret links, and the editor.
import { api } from './api.js';
import { games, forget } from './mine.js';

const $ = (id) => document.getElementById(id);

function showError(message) {
  $('error').textContent = message;
  $('error').hidden = !message;
}

async function start() {
  const scenarios = await api.scenarios();
  for (const s of scenarios) {
    const o = new Option(`${s.title} (${s.columns}×${s.rows}, ${s.rules})`, s.id);
    o.dataset.sides = s.sides.join(',');
    $('scenario').add(o);
  }
  const sides = () => {
    for (const id of ['ai', 'computer']) {
      $(id).replaceChildren(...$('scenario').selectedOptions[0].dataset.sides.split(',')
        .reverse().map((side) => new Option(side, side)));
    }
  };
  $('edit-from').replaceChildren(...scenarios.map((s) => new Option(s.title, s.id)));
  const editLink = () => { $('edit-scenario').href = `/web/editor.html#from=${$('edit-from').value}`; };
  $('edit-from').addEventListener('change', editLink);
  editLink();
  $('scenario').addEventListener('change', sides);
  sides();
  $('new-game').addEventListener('submit', async (e) => {
    e.preventDefault();
    showError('');
    const form = new FormData(e.target);
    const mode = form.get('mode');
    const machine = mode === 'ai' || mode === 'computer';
    const body = { scenario: form.get('scenario'), mode: machine ? 'two-players' : mode };
    if (mode === 'ai') body.ai = form.get('ai');
    if (mode === 'computer') {
      body.computer = form.get('computer');
      body.level = form.get('level');
    }
    if (form.get('rules')) body.rules = form.get('rules');
    if (form.get('seed') !== '') body.seed = Number(form.get('seed'));
    if (Number(form.get('limit')) > 0) body.movement_time_limit_s = Number(form.get('limit'));
    if (form.get('charge_questions')) body.charge_questions = true; // R-OCH-12
    try {
      const game = await api.createGame(body);
      $('game-id').textContent = game.game;
      $('link-list').replaceChildren(...Object.entries(game.links).map(([role, href]) => {
        const li = document.createElement('li');
        const url = new URL(href, location.href).href;
        const a = document.createElement('a');
        a.href = url;
        a.textContent = role;
        a.dataset.role = role;
        const code = document.createElement('code');
        code.textContent = url;
        li.append(a, ' ', code);
        return li;
      }));
      $('links').hidden = false;
    } catch (err) {
      showError(err.message);
    }
  });
}

/* The games this browser opened, newest first, with where each stood when last seen. */
function listMine() {
  const mine = games();
  $('mine').hidden = mine.length === 0;
  $('mine-list').replaceChildren(...mine.map((g) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = g.link;
    a.textContent = `${g.title} — ${g.role}`;
    const where = document.createElement('span');
    where.className = g.yours ? 'where yours' : 'where';
    where.textContent = g.yours ? `${g.where}: your decision` : g.where;
    const drop = document.createElement('button');
    drop.type = 'button';
    drop.className = 'forget';
    drop.textContent = 'forget';
    drop.setAttribute('aria-label', `forget ${g.title} — ${g.role} (the game goes on)`);
    drop.addEventListener('click', () => {
      forget(g.link);
      listMine();
    });
    li.append(a, ' ', where, ' ', drop);
    return li;
  }));
}

listMine();
start().catch((err) => showError(err.message));
