// The big battle's page in Debian's chromium (issue 28): a Russbach game opened RUNS times (from
// the navigation's start to every counter drawn), then panned by mouse drags and zoomed by the
// wheel with every counter drawn, each frame's time read from requestAnimationFrame (median,
// p95, most). A screenshot of the battle goes to LB_SCREENSHOTS. Figures, not assertions:
// printed for BENCHMARKS.md.
//   node bench/load/page_frames.mjs   (LB_PROGRAM, LB_WEB as for the browser tests)
import path from 'node:path';
import { env, shots, setUp, tearDown, api } from '../../tests/browser/harness.mjs';

const RUNS = Number(process.env.LB_BENCH_RUNS || 5);
const DRAGS = 6;       // mouse drags across the map, each in STEPS moves
const STEPS = 40;
const WHEELS = 30;     // wheel turns, in and out

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const quantile = (xs, q) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

/* Frame intervals recorded while fn runs: every requestAnimationFrame's time since the last. */
async function frames(page, fn) {
  await page.evaluate(() => {
    window.lbFrames = [];
    let last = performance.now();
    const tick = (t) => {
      window.lbFrames.push(t - last);
      last = t;
      if (window.lbFrames.length < 100000) window.lbRaf = requestAnimationFrame(tick);
    };
    window.lbRaf = requestAnimationFrame(tick);
  });
  await fn();
  return page.evaluate(() => {
    cancelAnimationFrame(window.lbRaf);
    return window.lbFrames.slice(1);
  });
}

await setUp();
try {
  const made = await api('POST', '/api/games', { scenario: 'wagram-russbach-1809', mode: 'two-players', seed: 3 });
  if (made.status !== 201) throw new Error(JSON.stringify(made.json));
  const link = env.base + made.json.links.french;
  const drawn = [];
  const steps = [];
  let page;
  let context;
  for (let i = 0; i < RUNS; i += 1) {
    if (context) await context.close();
    context = await env.browser.newContext({ viewport: { width: 1366, height: 820 } });
    page = await context.newPage();
    await page.goto(link, { waitUntil: 'commit' });
    await page.waitForSelector('.layer-units [data-unit]');
    // the page's own mark (web/game.js), without this script's polling in it
    const marks = await page.evaluate(() => Object.fromEntries(['lb-view-in', 'lb-map-drawn', 'lb-counters-drawn']
      .map((n) => [n, performance.getEntriesByName(n)[0].startTime])));
    drawn.push(marks['lb-counters-drawn']);
    steps.push(marks);
  }
  const counters = await page.locator('.layer-units [data-unit]').count();
  await page.screenshot({ path: path.join(shots, 'russbach.png') });
  await page.click('#zoom [data-zoom="fit"]');
  await page.screenshot({ path: path.join(shots, 'russbach-whole.png') });
  const box = await page.locator('#map').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const panned = await frames(page, async () => {
    for (let d = 0; d < DRAGS; d += 1) {
      const dir = d % 2 ? -1 : 1;
      await page.mouse.move(cx - 200 * dir, cy);
      await page.mouse.down();
      await page.mouse.move(cx + 200 * dir, cy + 50 * dir, { steps: STEPS });
      await page.mouse.up();
    }
  });
  const zoomed = await frames(page, async () => {
    for (let w = 0; w < WHEELS; w += 1) {
      await page.mouse.move(cx, cy);
      await page.mouse.wheel(0, w < WHEELS / 2 ? -120 : 120);
      await page.waitForTimeout(16);
    }
  });
  const say = (what, xs) => `${what}: ${xs.length} frames, median ${quantile(xs, 0.5).toFixed(1)} ms, `
    + `p95 ${quantile(xs, 0.95).toFixed(1)} ms, most ${Math.max(...xs).toFixed(1)} ms`;
  console.log(`the Russbach battle (${counters} counters drawn), its page opened ${RUNS} times: counters `
    + `drawn median ${quantile(drawn, 0.5).toFixed(0)} ms (most ${Math.max(...drawn).toFixed(0)})`);
  const mid = (k) => quantile(steps.map((m) => m[k]), 0.5).toFixed(0);
  console.log(`  its steps (medians): the view in at ${mid('lb-view-in')} ms, the map drawn by `
    + `${mid('lb-map-drawn')} ms, the counters by ${mid('lb-counters-drawn')} ms`);
  console.log(say('panned by mouse drags', panned));
  console.log(say('zoomed by the wheel', zoomed));
  await context.close();
} finally {
  await tearDown();
}
