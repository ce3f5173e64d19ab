// Browser tests of the scenario editor: a small battle built from scratch through the page only
// (paint, place, objectives), a located problem seen to come and go, undo and redo, the file
// downloaded and passed by `labataille check --strict`, a turn of it played; and painting a
// 100×100 map, its frame times taken from Chromium's trace.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  env, shots, violations, setUp, tearDown, newPage, open, viewOf, waitSeqAbove, seqOf, frameTimes, pct,
  TRACE_FRAMES,
} from './harness.mjs';

const program = process.env.LB_PROGRAM || 'build-test/labataille';

before(setUp);
after(tearDown);

/* The centre of hex col,row on the editor's map, in page pixels (editor-canvas.js: a margin of
 * 12, flat-topped hexes of radius 16, 12 past 50 columns, times the zoom; even columns half a
 * hex lower). */
async function hexPoint(page, col, row, cols, side = null) {
  const box = await page.locator('#map-box').boundingBox();
  const zoom = Number(await page.getAttribute('#map-box', 'data-zoom'));
  const r = (cols > 50 ? 12 : 16) * zoom;
  const h = Math.sqrt(3) * r;
  let x = box.x + 12 + r + 1.5 * r * (col - 1);
  let y = box.y + 12 + h / 2 + h * (row - 1) + (col % 2 === 0 ? h / 2 : 0);
  if (side !== null) { // near the middle of side (0 N … 5 NW), inside the hex
    const a = ((side * 60 - 90) * Math.PI) / 180;
    x += 0.75 * (h / 2) * Math.cos(a);
    y += 0.75 * (h / 2) * Math.sin(a);
  }
  return [x, y];
}

async function clickHex(page, col, row, cols, side = null) {
  const [x, y] = await hexPoint(page, col, row, cols, side);
  await page.mouse.click(x, y);
}

const brush = (page, kind, value) => page.check(`input[name=brush][value="${kind}:${value}"]`);

/* The check's verdict after the last change: "ok" or "problems". */
async function verdict(page) {
  await page.waitForFunction(() => document.body.dataset.check &&
    !/checking/.test(document.getElementById('verdict').textContent));
  return page.getAttribute('body', 'data-check');
}

let file;      // the downloaded scenario
let editor;

test('New scenario from the home page: a blank battle that passes the check', async () => {
  const page = await newPage();
  page.setDefaultTimeout(20000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(`${env.base}/`);
  await page.waitForSelector('#edit-from option[value="demo"]', { state: 'attached' });
  await page.click('#new-scenario');
  await page.waitForSelector('input[name=brush]');
  assert.equal(await verdict(page), 'ok');
  await page.fill('#columns', '12');
  await page.fill('#rows', '10');
  await page.click('#resize');
  assert.equal(await verdict(page), 'ok');
  editor = page;
});

test('paint woods, a stream and elevation; place units, a leader, a corps, reinforcements; objectives', async () => {
  const page = editor;
  await brush(page, 'terrain', 'woods');
  // a drag over 0302, 0303, 0304 (column 3 is odd: straight down)
  const [x1, y1] = await hexPoint(page, 3, 2, 12);
  const [, y4] = await hexPoint(page, 3, 4, 12);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move(x1, y4, { steps: 8 });
  await page.mouse.up();
  await brush(page, 'hexside', 'stream');
  await clickHex(page, 6, 5, 12, 2);           // 0605 SE (0705 NW)
  await brush(page, 'elevation', '2');
  await clickHex(page, 9, 9, 12);
  await page.click('#add-unit');
  await page.click('#add-unit');
  await page.waitForSelector('[data-unit="u2"].chosen');
  await page.selectOption('.unit-form label:has-text("side") select', 'austrian');
  await page.selectOption('.unit-form label:has-text("nation") select', 'austrian');
  await page.selectOption('.unit-form label:has-text("class") select', 'linie');
  await brush(page, 'unit', '');
  await clickHex(page, 5, 5, 12);
  await page.click('[data-unit="u1"]');
  await brush(page, 'unit', '');
  await clickHex(page, 5, 5, 12);
  // both sides in hex 0505 (R-SCN-4): the problem is listed and its hex outlined
  assert.equal(await verdict(page), 'problems');
  await page.waitForSelector('#problems .problem[data-hex="0505"]');
  assert.ok(await page.isDisabled('#play-button'));
  await page.screenshot({ path: path.join(shots, 'editor-problem.png') });
  // u1 to 0508: the problem is gone
  await clickHex(page, 5, 8, 12);
  assert.equal(await verdict(page), 'ok');
  assert.equal(await page.locator('#problems .problem').count(), 0);
  // a leader with u1, a corps of u1, and u2 to come at 13:40
  await page.click('#add-unit');
  await page.waitForSelector('[data-unit="u3"].chosen');
  await page.selectOption('.unit-form label:has-text("arm") select', 'leader');
  await page.waitForSelector('.unit-form label:has-text("morale bonus")');
  await page.fill('.unit-form label:has-text("morale bonus") input', '2');
  await page.press('.unit-form label:has-text("morale bonus") input', 'Tab');
  await brush(page, 'unit', '');
  await clickHex(page, 5, 8, 12);
  await page.waitForSelector('[data-unit="u3"]:has-text("0508")');
  await page.click('text=Add a corps or division');
  await page.selectOption('select[aria-label="the units of corps-1"]', ['u1', 'u3']);
  await page.click('text=Add reinforcements');
  await page.fill('#roster .org label:has-text("time") input', '13:40');
  await page.press('#roster .org label:has-text("time") input', 'Tab');
  await page.selectOption('select[aria-label="the units that come at 13:40"]', ['u2']);
  assert.equal(await verdict(page), 'ok');
  // u2 comes at 13:40 and enters at 0505, inside the 12x10 map: a warning (R-SCN-12), its hex
  // outlined, that does not block play
  await page.waitForSelector('#problems .warning[data-hex="0505"][data-path="units[1].hexes"]');
  assert.equal(await page.locator('#problems .problem').count(), 0);
  await brush(page, 'objective', '');
  await page.fill('#objective-points', '10');
  await page.selectOption('#objective-holder', 'austrian');
  await clickHex(page, 8, 3, 12);
  await page.waitForSelector('.objectives li:has-text("0803")');
  // undo takes the objective away, redo brings it back
  await page.click('#editor-undo');
  await page.waitForSelector('.objectives li', { state: 'detached' });
  await page.click('#editor-redo');
  await page.waitForSelector('.objectives li:has-text("0803")');
  assert.equal(await verdict(page), 'ok');
  assert.ok(await page.isEnabled('#play-button'));
  await page.screenshot({ path: path.join(shots, 'editor.png') });
});

test('download: the file is what was built, and `labataille check --strict` passes it', async () => {
  const page = editor;
  await page.fill('#draft-name', 'small-battle');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  assert.equal(download.suggestedFilename(), 'small-battle.json');
  file = path.join(env.folder, 'small-battle.json');
  await download.saveAs(file);
  const s = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(s.map.columns, 12);
  assert.equal(s.map.rows, 10);
  const at = (col, row) => s.map.legend[[...s.map.terrain[row - 1]][col - 1]];
  assert.deepEqual([at(3, 2), at(3, 3), at(3, 4), at(3, 5), at(4, 2)],
    ['woods', 'woods', 'woods', 'clear', 'clear']);
  assert.deepEqual(s.map.hexsides, [{ hex: '0605', side: 'SE', type: 'stream' }]);
  assert.equal(s.map.elevation[8][8], '2');
  assert.deepEqual(s.units.map((u) => [u.id, u.side, u.hexes]),
    [['u1', 'french', ['0508']], ['u2', 'austrian', ['0505']], ['u3', 'french', ['0508']]]);
  assert.deepEqual(s.victory.objectives, [{ hex: '0803', points: 10, holder: 'austrian' }]);
  const leader = s.units[2];
  assert.deepEqual([leader.id, leader.arm, leader.side, leader.hexes, leader.bonus],
    ['u3', 'leader', 'french', ['0508'], { morale: 2 }]);
  assert.equal(leader.morale, undefined);
  assert.deepEqual(s.organisation, [{ id: 'corps-1', side: 'french', units: ['u1', 'u3'] }]);
  assert.deepEqual(s.reinforcements, [{ time: '13:40', units: ['u2'] }]);
  const out = execFileSync(program, ['check', '--strict', file], { encoding: 'utf8' });
  // check counts the units on the map at the start (the demo: 15 listed, one to come, "14 units
  // (12 combat)"): u1 and the leader u3, u2 being to come; no "rules": the module's edition
  assert.equal(out, `${file}: valid: 12x10 map, 2 units (1 combat), game deutsch-wagram-1809, rules premier-2018\n`);
  // the draft is kept in this browser under its name
  await page.click('#save-draft');
  assert.ok(await page.locator('#drafts option[value="small-battle"]').count());
});

test('zoom by the buttons, the keys and Ctrl+wheel (R-WEB-20); a hex painted at the pointer is the hex under it', async () => {
  const page = editor;
  const zoom = async () => Number(await page.getAttribute('#map-box', 'data-zoom'));
  assert.equal(await zoom(), 1);
  await page.click('#zoom-in');
  assert.equal(await zoom(), 1.25);
  assert.equal(await page.textContent('#zoom-level'), '125%');
  await page.keyboard.press('+');
  assert.equal(await zoom(), 1.5);
  const [px, py] = await hexPoint(page, 4, 4, 12);
  await page.mouse.move(px, py);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await page.waitForFunction(() => document.getElementById('map-box').dataset.zoom === '2');
  // radius 32 now (16 x 2): the map is 24 + 64 + 48 x 11 = 616 pixels wide
  assert.equal((await page.locator('#map-box').boundingBox()).width, 616);
  await page.$eval('#map-scroll', (s) => s.scrollTo(0, 0));
  await page.waitForFunction(() => document.getElementById('map-scroll').scrollTop === 0);
  // woods on 0207, at 92, 400 from the map's corner (12 + 32 + 48; 12 + 27.7 + 6 x 55.4 +
  // 27.7): at zoom 1 that point would be below the map (315 pixels high)
  await brush(page, 'terrain', 'woods');
  await clickHex(page, 2, 7, 12);
  // u2 (to come at 13:40) moved to 0105, on the west edge: the warning goes
  await page.click('[data-unit="u2"]');
  await brush(page, 'unit', '');
  await clickHex(page, 1, 5, 12);
  await page.waitForSelector('[data-unit="u2"]:has-text("0105")');
  assert.equal(await verdict(page), 'ok');
  assert.equal(await page.locator('#problems .warning').count(), 0);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const zoomed = path.join(env.folder, 'zoomed.json');
  await download.saveAs(zoomed);
  const s = JSON.parse(fs.readFileSync(zoomed, 'utf8'));
  const at = (col, row) => s.map.legend[[...s.map.terrain[row - 1]][col - 1]];
  // 0207 painted, its neighbours (0107, 0307, 0206, 0208) not
  assert.deepEqual([at(2, 7), at(1, 7), at(3, 7), at(2, 6), at(2, 8)],
    ['woods', 'clear', 'clear', 'clear', 'clear']);
  assert.deepEqual(s.units[1].hexes, ['0105']);
  // back to 100% by the key, past the first step the button is offered again
  for (let i = 0; i < 3; i++) await page.keyboard.press('-');
  assert.equal(await zoom(), 1);
  assert.equal(await page.textContent('#zoom-level'), '100%');
});

test('a draft comes back in this browser, by its name', async () => {
  const page = editor;
  await page.goto('about:blank');
  await page.goto(`${env.base}/web/editor.html#draft=small-battle`);
  await page.waitForSelector('[data-unit="u3"]');
  assert.equal(await page.inputValue('#columns'), '12');
  assert.equal(await page.inputValue('#draft-name'), 'small-battle');
  assert.equal(await verdict(page), 'ok');
});

test('Play this: a hot-seat game of it, one whole game turn played on the game page', async () => {
  const page = editor;
  await page.check('input[name=play-mode][value=hotseat]');
  await page.click('#play-button');
  const link = env.base + await page.getAttribute('#play-links a[data-role="both"]', 'href');
  const game = await open(link);
  assert.equal((await viewOf(link)).clock, '13:00');
  for (let i = 0; i < 40 && (await viewOf(link)).clock === '13:00'; i++) {
    const seq = await seqOf(game);
    await game.click('#end');
    await waitSeqAbove(game, seq);
  }
  assert.equal((await viewOf(link)).clock, '13:20');
  assert.deepEqual(game.errors, []);
  // against the computer: a link for the person's side only
  await page.check('input[name=play-mode][value=computer]');
  await page.selectOption('#play-computer', 'austrian');
  await page.click('#play-button');
  await page.waitForSelector('#play-links a[data-role="french"]');
  assert.equal(await page.locator('#play-links a[data-role="austrian"]').count(), 0);
});

test('Edit a bundled scenario; upload a file', async () => {
  const page = await newPage();
  await page.goto(`${env.base}/`);
  await page.waitForSelector('#edit-from option[value="demo"]', { state: 'attached' });
  await page.click('#edit-scenario');
  await page.waitForSelector('[data-unit="fr-26le-1"]');
  assert.equal(await page.inputValue('#columns'), '24');
  await page.setInputFiles('#upload', file);
  await page.waitForSelector('[data-unit="u2"]');
  assert.equal(await page.inputValue('#columns'), '12');
  assert.equal(await verdict(page), 'ok');
  await page.close();
});

// The frame times are printed for BENCHMARKS.md, not asserted: a test asserts no time.
test('painting a 100×100 map: strokes drawn, their frame times printed', async () => {
  const page = editor;
  await page.fill('#columns', '100');
  await page.fill('#rows', '100');
  await page.click('#resize');
  await verdict(page);
  await brush(page, 'terrain', 'woods');
  const box = await page.locator('#map-scroll').boundingBox();
  await env.browser.startTracing(page, { categories: TRACE_FRAMES });
  // strokes to and fro over the visible map, each move a few hexes on
  for (let stroke = 0; stroke < 6; stroke++) {
    const y = box.y + 40 + stroke * ((box.height - 80) / 6);
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 20, y + 30, { steps: 60 });
    await page.mouse.up();
  }
  const trace = await env.browser.stopTracing();
  const { wall, cpu } = frameTimes(trace);
  assert.ok(cpu.length >= 100, `${cpu.length} frames`);
  assert.ok(cpu.at(-1) > 0 && wall.at(-1) > 0, 'the trace holds the tasks of the frames');
  const ms = (x) => x.toFixed(2);
  console.log(`paint 100x100: ${cpu.length} frames; main thread per frame: cpu p50 ${ms(pct(cpu, 0.5))} ms, p95 ${ms(pct(cpu, 0.95))} ms, max ${ms(cpu.at(-1))} ms; wall p50 ${ms(pct(wall, 0.5))} ms, p95 ${ms(pct(wall, 0.95))} ms (load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
  await page.screenshot({ path: path.join(shots, 'editor-100x100.png') });
  assert.deepEqual(editor.errors, []);
  assert.deepEqual(violations, []);
});
