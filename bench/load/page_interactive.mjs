// How long a finished game's page takes to be interactive (issue 27): a demo game played to its
// end through the API (each side ends its segments, passes, or takes the rules' automatic choice),
// then its page opened afresh RUNS times in Debian's chromium: from the navigation's start to the
// map's counters drawn, and to the result screen shown with its buttons (what a player can use),
// as the page marks them (performance.mark in web/game.js).
// Figures, not assertions: printed for BENCHMARKS.md.
//   node bench/load/page_interactive.mjs   (LB_PROGRAM, LB_WEB as for the browser tests)
import { env, setUp, tearDown, api, tokenOf, viewOf, demoGame } from '../../tests/browser/harness.mjs';

const RUNS = Number(process.env.LB_BENCH_RUNS || 7);

/* Plays the two-players game of links to its end as the browser test does; its journal length. */
async function playToEnd(links) {
  for (let n = 0; n < 2000; n += 1) {
    const view = await viewOf(links.french);
    if (!view.pending) return view.seq;
    const link = view.pending.side === 'french' ? links.french : links.austrian;
    const keys = view.pending.options.map((o) => o.key);
    const key = ['end', 'pass', 'auto'].find((k) => keys.includes(k)) || keys[0];
    const r = await api('POST', `/api/g/${tokenOf(link)}/decide`, { seq: view.seq, key });
    if (r.status !== 200) throw new Error(`${key}: ${r.status} ${JSON.stringify(r.json)}`);
  }
  throw new Error('the game did not end in 2000 decisions');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await setUp();
try {
  const links = await demoGame(11);
  const seq = await playToEnd(links);
  const drawn = [];
  const ready = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await env.browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await page.goto(links.french, { waitUntil: 'commit' });
    await page.waitForSelector('#result[open] #result-close');
    // the page's own marks (web/game.js): when it drew the counters and opened the result
    // screen, from the navigation's start, without this script's polling in them
    const mark = (name) => page.evaluate((n) => performance.getEntriesByName(n)[0]?.startTime, name);
    const counters = await mark('lb-counters-drawn');
    const result = await mark('lb-result-ready');
    drawn.push(counters);
    ready.push(result);
    await context.close();
  }
  console.log(`a finished demo game (journal ${seq} entries), its page opened ${RUNS} times: `
    + `counters drawn median ${median(drawn).toFixed(0)} ms (most ${Math.max(...drawn).toFixed(0)}), `
    + `result screen ready median ${median(ready).toFixed(0)} ms (most ${Math.max(...ready).toFixed(0)})`);
} finally {
  await tearDown();
}
