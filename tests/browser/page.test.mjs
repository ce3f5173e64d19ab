// Browser tests of what a player does on the page with clicks and keys only (the acting side
// never calls the API; the tests read the game through it to check): a combined fire, a fire at
// each hex of a two-hex line, a move onto a friendly-occupied hex, a player turn by keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  env, shots, setUp, tearDown, api, tokenOf, viewOf, unitIn, open, seqOf, waitSeqAbove, waitSeq,
  demoGame, clickHex,
} from './harness.mjs';

before(setUp);
after(tearDown);

const journalOf = async (link) => (await api('GET', `/api/g/${tokenOf(link)}/journal?from=0`)).json.entries;
const decisions = async (link) => (await journalOf(link)).filter((e) => e.decision).map((e) => e.key);

/* The demo of seed 11 played by clicks to the French Offensive Fire: both pages open. */
async function toOffensiveFire(links) {
  const fr = await open(links.french);
  const au = await open(links.austrian);
  await fr.click('#end');                       // the French Charge segment
  await waitSeqAbove(fr, 0);
  await fr.click('#end');                       // the French Movement segment
  await waitSeqAbove(au, 1);
  await au.waitForSelector('#whose.yours');
  await au.click('#end');                       // the Austrian Defensive Fire: nothing
  await waitSeqAbove(fr, 2);
  await fr.waitForSelector('#whose.yours');
  assert.match(await fr.textContent('#segment'), /offensive fire/);
  return { fr, au };
}

// R-FIRE-23: fr-26le-1 (24 at 0911, a flank) and fr-24le-vlt (9/2 at two hexes) fire together
// at 0911 in one fire: 24 + 9/2 = 57/2 against 6, the 4:1 column (the preview's breakdown).
test('two units fire together at one hex', async () => {
  const links = await demoGame(11);
  const { fr, au } = await toOffensiveFire(links);
  await fr.click('#decision button[data-target="0911"]');
  await fr.waitForSelector('#odds h3:has-text("fr-26le-1 fires at 0911")');
  await fr.click('#odds button[data-join="fr-24le-vlt"]');
  await fr.waitForSelector('#odds h3:has-text("fr-26le-1 + fr-24le-vlt fire at 0911")');
  assert.match(await fr.textContent('#odds'), /fire value 28½ against fire defence 6: odds 4:1/);
  await fr.screenshot({ path: path.join(shots, 'fire-combined.png') });
  const seq = await seqOf(fr);
  await fr.click('#odds button.confirm');
  await waitSeqAbove(fr, seq);
  assert.ok((await decisions(links.french)).includes('fire:fr-26le-1+fr-24le-vlt:0911'));
  // the confirm button went with its fire: the panel is back to its hint
  assert.equal(await fr.locator('#odds button.confirm').count(), 0);
  assert.deepEqual(fr.errors, []);
  assert.deepEqual(au.errors, []);
});

// au-ir4-1 stands in line on 0910+0911: fr-26le-1 fires at 0910 with 12, at 0911 (its flank)
// with 24 (the API's options say so); a click on either half of the counter names that hex.
test('a fire at each hex of a two-hex line', async () => {
  const links = await demoGame(11);
  const { fr } = await toOffensiveFire(links);
  await fr.click('#decision button.chip[data-unit="fr-26le-1"]');
  await fr.waitForSelector('.layer-targets .mark.target[data-hex="0911"]');
  await clickHex(fr, '0911');
  await fr.waitForSelector('#odds h3:has-text("fr-26le-1 fires at 0911")');
  assert.match(await fr.textContent('#odds'), /fire value 24 against/);
  await clickHex(fr, '0910');
  await fr.waitForSelector('#odds h3:has-text("fr-26le-1 fires at 0910")');
  assert.match(await fr.textContent('#odds'), /fire value 12 against/);
  let seq = await seqOf(fr);
  await fr.click('#odds button.confirm');
  await waitSeqAbove(fr, seq);
  let view = await viewOf(links.french);
  // whatever the fire did, the other hex of the line is still a target of fr-24le-vlt
  if (unitIn(view, 'au-ir4-1')?.hexes.includes('0911') && view.pending?.yours !== false
      && view.pending.options.some((o) => o.key === 'fire:fr-24le-vlt:0911')) {
    await fr.waitForFunction((s) => Number(document.body.dataset.seq) === s, view.seq);
    await fr.click('#decision button.chip[data-unit="fr-24le-vlt"]');
    await fr.waitForSelector('.layer-targets .mark.target[data-hex="0911"]');
    await clickHex(fr, '0911');
    await fr.waitForSelector('#odds h3:has-text("fr-24le-vlt fires at 0911")');
    seq = await seqOf(fr);
    await fr.click('#odds button.confirm');
    await waitSeqAbove(fr, seq);
  }
  const keys = await decisions(links.french);
  assert.ok(keys.includes('fire:fr-26le-1:0910'), keys.join(' '));
  view = await viewOf(links.french);
  if (unitIn(view, 'au-ir4-1')?.hexes.includes('0911')) assert.ok(keys.includes('fire:fr-24le-vlt:0911'), keys.join(' '));
  assert.deepEqual(fr.errors, []);
});

// fr-46li-1 may move onto 0715, where fr-18li-2 stands: a click on the counter there selects
// fr-18li-2; the move badge on the hex moves fr-46li-1 there.
test('move onto a hex a friendly unit holds', async () => {
  const links = await demoGame(11);
  const fr = await open(links.french);
  await fr.click('#end');
  await waitSeqAbove(fr, 0);
  await fr.click('[data-unit="fr-46li-1"]');
  await fr.waitForSelector('.layer-go .badge[data-hex="0715"]');
  await fr.screenshot({ path: path.join(shots, 'move-onto-friend.png') });
  const seq = await seqOf(fr);
  await fr.click('[data-unit="fr-18li-2"]');
  await fr.waitForSelector('#unit h3:has-text("fr-18li-2")');
  assert.equal(await seqOf(fr), seq);
  await fr.click('[data-unit="fr-46li-1"]');
  await fr.click('.layer-go .badge[data-hex="0715"]');
  await waitSeqAbove(fr, seq);
  assert.deepEqual(unitIn(await viewOf(links.french), 'fr-46li-1').hexes, ['0715']);
  assert.deepEqual(unitIn(await viewOf(links.french), 'fr-18li-2').hexes, ['0715']);
  assert.deepEqual(fr.errors, []);
});

/* Presses Tab until the focused element matches selector. */
async function tabTo(page, selector) {
  for (let n = 0; n < 120; n += 1) {
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const cursorHex = (page) => page.evaluate(() => document.activeElement?.closest('.hex')?.dataset.hex);

/* Moves the keyboard's cursor on page from hex to hex by arrows, each step checked. */
async function arrows(page, steps) {
  for (const [key, hex] of steps) {
    await page.keyboard.press(key);
    assert.equal(await cursorHex(page), hex, `${key} goes to ${hex}`);
  }
}

/* Moves the keyboard's cursor to hex by arrows, each step toward it. */
async function walkTo(page, hex) {
  const centre = async (h) => {
    const b = await page.locator(`.layer-terrain .hex[data-hex="${h}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const [tx, ty] = await centre(hex);
  for (let n = 0; n < 40 && await cursorHex(page) !== hex; n += 1) {
    const [x, y] = await centre(await cursorHex(page));
    const key = Math.abs(tx - x) > 5 ? (tx > x ? 'ArrowRight' : 'ArrowLeft') : (ty > y ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press(key);
  }
  assert.equal(await cursorHex(page), hex);
}

/* The side to decide ends its segment by keyboard: e to the End button, Enter. */
async function endByKeyboard(page) {
  const seq = await seqOf(page);
  await page.waitForSelector('#end:not([hidden])');
  await page.keyboard.press('e');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'end');
  await page.keyboard.press('Enter');
  await waitSeqAbove(page, seq);
}

// The French player turn of the demo, seed 11, by keyboard alone on both pages: the French end
// their charges, move fr-18li-2 from 0715 to 0714 (n to the unit, arrows, Enter), the Austrians
// end their Defensive Fire, the French fire fr-26le-1 at 0910 (the odds take the keyboard, Enter
// fires), every decision it leaves is answered by keys, and the French end their fire and melee.
test('a player turn by keyboard alone', async () => {
  const links = await demoGame(11);
  const fr = await open(links.french);
  const au = await open(links.austrian);
  await endByKeyboard(fr);
  await fr.keyboard.press('Escape');
  for (let n = 0; n < 3; n += 1) await fr.keyboard.press('n');
  assert.equal(await fr.textContent('#unit h3'), 'fr-18li-2');
  assert.equal(await cursorHex(fr), '0715');
  await fr.waitForSelector('.layer-reach .mark.can[data-hex="0714"]');
  await arrows(fr, [['ArrowUp', '0714']]);
  assert.match(await fr.textContent('#status'), /Enter: fr-18li-2 moves here \(1 MP\)/);
  let seq = await seqOf(fr);
  await fr.keyboard.press('Enter');
  await waitSeqAbove(fr, seq);
  assert.deepEqual(unitIn(await viewOf(links.french), 'fr-18li-2').hexes, ['0714']);
  await endByKeyboard(fr);
  await waitSeqAbove(au, await seqOf(fr) - 1);
  await au.waitForSelector('#whose.yours');
  await endByKeyboard(au);
  await fr.waitForSelector('#whose.yours');
  assert.match(await fr.textContent('#segment'), /offensive fire/);
  await fr.keyboard.press('Escape');
  await fr.keyboard.press('n');
  assert.equal(await fr.textContent('#unit h3'), 'fr-26le-1');
  assert.equal(await cursorHex(fr), '0810');
  await fr.waitForSelector('.layer-targets .mark.target[data-hex="0910"]');
  await arrows(fr, [['ArrowRight', '0910']]);
  await fr.keyboard.press('Enter');
  await fr.waitForSelector('#odds h3:has-text("fr-26le-1 fires at 0910")');
  await fr.waitForFunction(() => document.activeElement?.matches('#odds button.confirm'));
  await fr.screenshot({ path: path.join(shots, 'keyboard-fire.png') });
  seq = await seqOf(fr);
  await fr.keyboard.press('Enter');
  await waitSeqAbove(fr, seq);
  assert.ok((await decisions(links.french)).includes('fire:fr-26le-1:0910'));
  // every decision left to the end of the French Melee segment, by keys on the deciding page
  for (let n = 0; n < 20; n += 1) {
    const view = await viewOf(links.french);
    if (!view.pending || view.phasing !== 'french') break;
    const page = view.pending.side === 'french' ? fr : au;
    await waitSeq(page, view.seq);
    const keys = view.pending.options.map((o) => o.key);
    if (view.pending.kind === 'path') {
      // a retreat's end: the cursor goes there from the retreating unit's hex by arrows
      const end = keys.find((k) => /^\d{4}$/.test(k));
      await page.keyboard.press('m');
      await walkTo(page, end);
      await page.keyboard.press('Enter');
    } else if (keys.includes('end')) {
      await page.keyboard.press('e');
      await page.keyboard.press('Enter');
    } else {
      const key = ['pass', 'auto'].find((k) => keys.includes(k)) || keys[0];
      await tabTo(page, `#decision button[data-key="${key}"]`);
      await page.keyboard.press('Enter');
    }
    await waitSeqAbove(page, view.seq);
  }
  const view = await viewOf(links.french);
  assert.equal(view.phasing, 'austrian');
  assert.deepEqual(fr.errors, []);
  assert.deepEqual(au.errors, []);
});
