// Accessibility of the pages, checked by axe-core (npm) in the real browser: the home page, the
// scenario editor and the game page in the states a player meets (its decision, the odds panel,
// waiting for the other side, a phone, the result screen) have no serious or critical violation.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  env, setUp, tearDown, newPage, open, seqOf, waitSeqAbove, demoGame, closePages,
} from './harness.mjs';

before(setUp);
after(tearDown);
afterEach(closePages);

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/* axe's serious and critical violations on the page as it stands, one line each: the rule, the
 * impact and the first offending element, so that a failure says what to fix. The script is
 * evaluated by the browser's debugging protocol, which the page's Content-Security-Policy does
 * not govern (the page itself loads no script but its own). */
async function seriousViolations(page) {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, target: v.nodes[0]?.target.join(' '),
      count: v.nodes.length }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}, ${v.count}×): ${v.target}`);
}

test('the home page', async () => {
  const page = await newPage();
  await page.goto(`${env.base}/`);
  await page.waitForSelector('form');
  assert.deepEqual(await seriousViolations(page), []);
  await page.close();
});

test('the scenario editor, on the demo, with a problem listed', async () => {
  const page = await newPage();
  await page.goto(`${env.base}/web/editor.html#from=demo`);
  await page.waitForSelector('[data-unit="fr-26le-1"]');
  await page.click('[data-unit="fr-26le-1"]');
  await page.fill('.unit-form label:has-text("morale") input', '70');
  await page.press('.unit-form label:has-text("morale") input', 'Tab');
  await page.waitForSelector('#problems .problem');
  assert.deepEqual(await seriousViolations(page), []);
  await page.close();
});

test('the game page: a decision, the odds, waiting, the result screen', async () => {
  const links = await demoGame(11);
  const fr = await open(links.french);
  const au = await open(links.austrian);
  assert.deepEqual(await seriousViolations(fr), [], 'the French page, their decision');
  assert.deepEqual(await seriousViolations(au), [], 'the Austrian page, waiting');
  // the Movement segment, a unit chosen: its reach drawn, the unit panel
  await fr.click('#end');
  await waitSeqAbove(fr, 0);
  await fr.click('[data-unit="fr-46li-1"]');
  await fr.waitForSelector('.layer-go .badge[data-hex="0715"]');
  assert.deepEqual(await seriousViolations(fr), [], 'the French page, a unit chosen');
  // the score dialog, then the result screen after a concession
  await fr.click('#score');
  assert.deepEqual(await seriousViolations(fr), [], 'the score dialog');
  const seq = await seqOf(au);
  await fr.click('#concede');
  await fr.click('#concede-yes');
  await waitSeqAbove(au, seq);
  for (const page of [fr, au]) {
    await page.waitForSelector('#result[open] #result-title');
    assert.deepEqual(await seriousViolations(page), [], 'the result screen');
  }
});

test('the game page on a phone', async () => {
  const links = await demoGame(11);
  const fr = await open(links.french, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  assert.deepEqual(await seriousViolations(fr), []);
});
