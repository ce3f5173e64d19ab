// What the browser tests share: the real server on a free port, Debian's chromium driven by
// playwright-core (no browser download), pages watched for script errors and for every
// Content-Security-Policy violation, and the game's state read from the API to check the page.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const program = process.env.LB_PROGRAM || 'build-test/labataille';
const webRoot = process.env.LB_WEB || 'web';
export const shots = process.env.LB_SCREENSHOTS || 'build/screenshots';

// base: the server's address; printed: the links serve printed (a two-players game of the
// demo, seed 3); violations: every CSP violation seen, as "page URL: directive blocked-URI"
export const env = {
  base: null, printed: null, browser: null, folder: null, server: null, contexts: [],
};
export const violations = [];
export const VIOLATION = 'CSP violation: ';

async function startServer() {
  env.folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-browser-'));
  const server = spawn(program, ['serve', '--db', path.join(env.folder, 'games.db'), '--port', '0',
    '--seed', '3', '--web', webRoot], { stdio: ['ignore', 'pipe', 'inherit'] });
  env.server = server;
  process.on('exit', () => server.kill('SIGTERM'));
  let out = '';
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      out += chunk;
      if (/spectator\s+\S+\n/.test(out)) resolve();
    });
    server.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
  env.base = out.match(/labataille serve: (http:\/\/[^/]+)\//)[1];
  env.printed = Object.fromEntries(['french', 'austrian', 'spectator']
    .map((role) => [role, out.match(new RegExp(`${role}\\s+(\\S+)`))[1]]));
}

export async function setUp() {
  fs.mkdirSync(shots, { recursive: true });
  await startServer();
  env.browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    // playwright gives each launch a fresh profile folder of its own
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function tearDown() {
  await env.browser?.close();
  env.server?.kill('SIGTERM');
  fs.rmSync(env.folder, { recursive: true, force: true });
}

export async function api(method, url, body) {
  const r = await fetch(env.base + url, {
    method, body: body && JSON.stringify(body), headers: { 'Content-Type': 'application/json' },
  });
  return { status: r.status, json: await r.json() };
}

export const tokenOf = (link) => link.split('/g/')[1];
export const viewOf = async (link) => (await api('GET', `/api/g/${tokenOf(link)}`)).json;
export const unitIn = (view, id) => view.units.find((u) => u.id === id);

// The page reports each CSP violation as a securitypolicyviolation event, passed on to its
// console.
export async function watched(page) {
  await page.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${prefix}${e.violatedDirective} ${e.blockedURI || '(none)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  }, VIOLATION);
  page.on('console', (msg) => {
    if (msg.text().startsWith(VIOLATION)) violations.push(`${page.url()}: ${msg.text()}`);
  });
  return page;
}

export const newPage = async () => watched(await env.browser.newPage());

/* A link's page in a context of its own, its script errors in page.errors. */
export async function open(link, viewport = { width: 1366, height: 820 }, options = {}) {
  const context = await env.browser.newContext({ viewport, ...options });
  env.contexts.push(context);
  const page = await watched(await context.newPage());
  page.setDefaultTimeout(20000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(link);
  await page.waitForSelector('.layer-units [data-unit]');
  return page;
}

/* Closes every page open() opened: each holds a live updates stream, and the server caps them
 * per address (docs/api.md, Limits: address-streams). */
export async function closePages() {
  const contexts = env.contexts.splice(0);
  await Promise.all(contexts.map((c) => c.close()));
}

export async function seqOf(page) {
  return Number(await page.getAttribute('body', 'data-seq'));
}

export async function waitSeqAbove(page, seq) {
  await page.waitForFunction((s) => Number(document.body.dataset.seq) > s, seq);
}

export async function waitSeq(page, seq) {
  await page.waitForFunction((s) => Number(document.body.dataset.seq) === s, seq);
}

/* A two-players game of the demo of seed, made through the API: its links by role. */
export async function demoGame(seed, extra = {}) {
  const r = await api('POST', '/api/games', { scenario: 'demo', mode: 'two-players', seed, ...extra });
  if (r.status !== 201) throw new Error(JSON.stringify(r.json));
  return Object.fromEntries(Object.entries(r.json.links).map(([role, l]) => [role, env.base + l]));
}

/* Clicks the page at the centre of hex (on whatever is drawn there: a counter, a mark). */
export async function clickHex(page, hex) {
  const box = await page.locator(`.layer-terrain .hex[data-hex="${hex}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/* Per frame of the page's renderer main thread (between two BeginMainThreadFrame), the time its
 * top-level tasks took, in ms: `wall` by the clock, `cpu` by the thread's own clock (the trace's
 * tdur: what the frame cost, whatever else the machine runs). */
export function frameTimes(trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const counts = new Map();
  for (const e of events) {
    if (e.name === 'BeginMainThreadFrame') {
      counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) || 0) + 1);
    }
  }
  const [thread] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === thread).sort((a, b) => a.ts - b.ts);
  const wall = [];
  const cpu = [];
  let work = null;
  let busyUntil = 0;
  for (const e of mine) {
    if (e.name === 'BeginMainThreadFrame') {
      if (work !== null) {
        wall.push(work.wall / 1000);
        cpu.push(work.cpu / 1000);
      }
      work = { wall: 0, cpu: 0 };
    } else if (/RunTask$/.test(e.name) && e.ph === 'X' && work !== null && e.ts >= busyUntil) {
      work.wall += e.dur;
      work.cpu += e.tdur || 0;
      busyUntil = e.ts + e.dur;
    }
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

/* The p-quantile (0.95) of an ascending list. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

// The trace categories frameTimes reads.
export const TRACE_FRAMES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline.frame'];
