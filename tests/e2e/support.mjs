// Shared by the browser tests: a static server for build/web/site on a free loopback port,
// headless Chromium, and helpers that drive the page the way a person would — real mouse and
// keyboard input on the canvas, located through the page's widget rectangles.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// DDB_SITE_DIR points the tests at another build's site folder (e.g. build/ui-web/site).
export const siteDir = process.env.DDB_SITE_DIR ? path.resolve(process.env.DDB_SITE_DIR) : path.join(repoRoot, 'build/web/site');
export const artifactsDir = path.join(repoRoot, 'artifacts/e2e');
// How many lessons the curriculum lists (lessons/index.json), for tests that count them.
export const lessonCount = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/index.json'), 'utf8')).lessons.length;

const mimeTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', // lets the browser compile while downloading
  '.data': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

// Serves `root` on 127.0.0.1 at a port the OS picks, under the path `prefix` ("/" or e.g.
// "/courses/dynamodb/"). Resolves to { url, close() }. `headers(file)` may add headers to a
// file's answer, as some servers do (Content-Encoding: gzip for a .gz file).
export async function serveSite(root = siteDir, { requireBuild = true, prefix = '/', headers = () => ({}) } = {}) {
  if (requireBuild && !fs.existsSync(path.join(root, 'playground.wasm.gz'))) {
    throw new Error(`${root} has no playground.wasm.gz: build the page first (cmake --preset web && cmake --build --preset web -j1)`);
  }
  const server = http.createServer((req, res) => {
    let pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    if (!pathname.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    pathname = '/' + pathname.slice(prefix.length);
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.stat(file, (statErr, stat) => {
      const etag = statErr ? null : `"${stat.size}-${stat.mtimeMs}"`;
      if (etag && req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag, 'cache-control': 'no-cache' }).end();
        return;
      }
      fs.readFile(file, (err, data) => {
        if (err) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, {
          'content-type': mimeTypes[path.extname(file)] ?? 'application/octet-stream', etag, 'cache-control': 'no-cache',
          ...headers(path.relative(root, file)),
        });
        res.end(data);
      });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}${prefix}`,
    // Closes the browser's keep-alive and preconnected sockets too: server.close() alone waits
    // for them, up to Node's 300 s request timeout for a socket that never sent a request.
    close: () => new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    }),
  };
}

// Chromium's command line: headless, no network of its own (the machine has none), WebGL2
// without a GPU: ANGLE on SwiftShader (Chromium refuses the software fallback silently
// otherwise, or warns that it is deprecated).
export const chromiumOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  ],
};

// The run's one browser when scripts/test-e2e started it (tests/e2e/run.mjs sets
// DDB_BROWSER_WS): each test file connects to it instead of starting its own, which saved a
// Chromium start per file. Run on its own (node --test FILE), a file starts its own browser.
// Either way a test file's pages are its own: a tab is reused only within a file (openPage).
// CPU seconds used so far by a process and every process below it, living or reaped
// (/proc/PID/stat: utime, stime, cutime, cstime in clock ticks).
const ticksPerSecond = 100;
export function treeCpuSeconds(rootPid) {
  const children = new Map();
  const stats = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text;
    try { text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8'); } catch { continue; }
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    stats.set(Number(entry), fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0));
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(entry));
  }
  let ticks = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    ticks += stats.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / ticksPerSecond;
}

export async function launchBrowser() {
  if (process.env.DDB_BROWSER_WS) return chromium.connect(process.env.DDB_BROWSER_WS);
  return chromium.launch(chromiumOptions);
}

// For a test file: serves the site and starts the browser before its tests, and stops both
// after them. Returns an object whose `server` and `browser` are set once they are up.
export function siteAndBrowser() {
  const shared = { server: null, browser: null };
  before(async () => {
    shared.server = await serveSite();
    shared.browser = await launchBrowser();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}

// The size the browser tests open the page at unless a test is about layout: the smallest the
// page supports, where every control must be usable, and the cheapest to draw without a GPU
// (Chromium's software rasteriser is most of the run's CPU; 1024x640 is 36 % fewer pixels
// than 1280x800).
export const defaultViewport = { width: 1024, height: 640 };
// The size the workbench needs to show a form's fields, an item's inspector and the grid's
// columns together, and the size the layout tests measure the panels at.
export const roomyViewport = { width: 1280, height: 800 };
// A test file whose tests are about what the roomier page shows opens its pages at that size
// (each test file runs in a process of its own).
let fileViewport = defaultViewport;
export function openPagesAt(size) {
  fileViewport = size;
}

// Opens the page and waits for its first frame. Console errors and page errors are collected in
// the returned `errors` array. `routes` ({glob: handler}) answer requests in place of the server
// (page.route); the service worker is blocked then, since requests it makes would bypass them.
// Every page of the context draws on demand (playground.drawOnDemand: the frames waitFrames
// asks for, a few after each input and one a second when idle), which cut Chromium's CPU in the
// run by about a third; `drawOnDemand: false` keeps the page's own rhythm, for the tests
// of that rhythm. Nor does the page paint (playground.paint): its frames are built, so its
// state and widget rectangles are what a painted page's are, but the canvas is painted only for
// a screenshot (screenshot() below), which took another third off Chromium's CPU in the
// heaviest files (curriculum, lessons, presenter, viewports: 304 s to 195 s); `paint: true`
// paints every frame, for the tests of painting.
//
// The page is a tab that an earlier test of the file closed, when one with the same device pixel
// ratio and drawing is free (see pagePool below), resized and given this open's permissions
// (a new context for each size and permission set made 41 a run), with every
// origin's storage cleared: the page starts as on a first
// visit, but the browser keeps the compiled WebAssembly and its renderer, which makes an open
// cost about 1.2 s of Chromium's CPU instead of 3-5 in a new context (measured over five opens
// each, up to a second after ready). `fresh: true` opens a new context, for a test about the browser's own first
// visit (what it downloads, the service worker's install); so do `routes`. The service worker
// is blocked in the tabs that are reused (offline.test.mjs is its test, in fresh contexts):
// installing it fetched the whole bundle again on every open, 0.6 s of Chromium's CPU each.
// scripts/bench-browser.mjs opens fresh contexts that draw in the page's own rhythm: it
// measures the page as a visitor gets it.
export async function openPage(browser, url, {
  width = fileViewport.width, height = fileViewport.height, deviceScaleFactor = 1, permissions = [], waitReady = true, routes = null,
  drawOnDemand = true, paint = false, fresh = false,
} = {}) {
  const key = JSON.stringify([deviceScaleFactor, drawOnDemand, paint]);
  const reusable = !fresh && !routes;
  let tab = reusable ? pagePool.take(browser, key) : null;
  if (tab) {
    // The size and the permissions this open asks for, set on the tab before the page loads.
    if (tab.viewport.width !== width || tab.viewport.height !== height) {
      tab.viewport = { width, height };
      await tab.page.setViewportSize(tab.viewport);
    }
    if (tab.permissions !== [...permissions].sort().join()) {
      await tab.context.clearPermissions();
      if (permissions.length) await tab.context.grantPermissions(permissions);
      tab.permissions = [...permissions].sort().join();
    }
  } else {
    const context = await browser.newContext({
      viewport: { width, height }, deviceScaleFactor, permissions, serviceWorkers: routes || reusable ? 'block' : 'allow',
    });
    if (drawOnDemand) await context.addInitScript(() => { window.playgroundDrawOnDemand = true; });
    if (!paint) await context.addInitScript(() => { window.playgroundPaint = false; });
    const page = await context.newPage();
    for (const [glob, handler] of Object.entries(routes ?? {})) await page.route(glob, handler);
    tab = { browser, key, context, page, viewport: { width, height }, permissions: [...permissions].sort().join(), origins: new Set(), errors: [] };
    watchTab(tab);
  }
  tab.errors = [];
  await tab.page.goto(url);
  if (waitReady) await tab.page.evaluate(() => window.playground.ready);
  return { context: reusable ? pagedContext(tab) : tab.context, page: tab.page, errors: tab.errors };
}

// The listeners every tab keeps: errors go to the open's own array; the origins it visited are
// the ones whose storage is cleared when it goes back to the pool.
function watchTab(tab) {
  tab.page.on('console', (msg) => {
    if (msg.type() === 'error') tab.errors.push(`console: ${msg.text()}`);
  });
  tab.page.on('pageerror', (err) => tab.errors.push(`pageerror: ${err.message}`));
  tab.page.on('framenavigated', (frame) => {
    const { origin } = new URL(frame.url());
    if (origin.startsWith('http')) tab.origins.add(origin);
  });
}

// What a test holds as its page's context: close() hands the tab back to the pool; the other
// methods the tests use are the context's own.
function pagedContext(tab) {
  return {
    close: () => pagePool.give(tab),
    newCDPSession: (page) => tab.context.newCDPSession(page),
    setOffline: (offline) => tab.context.setOffline(offline),
  };
}

// The free tabs of this test file (one process), by browser and options. A tab comes back as
// a new visitor's: away from the page (its IndexedDB connections closed), every visited
// origin's storage cleared (local storage, IndexedDB, service workers, cache storage, cookies),
// the viewport, network, keys and mouse as a new context's, and no listener a test added.
const pagePool = {
  free: [],
  take(browser, key) {
    const i = this.free.findIndex((t) => t.browser === browser && t.key === key && !t.page.isClosed());
    return i < 0 ? null : this.free.splice(i, 1)[0];
  },
  async give(tab) {
    // A tab that does not come back within 30 s is closed, not waited for: a pooled tab must
    // not hang the run.
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(() => resolve('late'), 30000); });
    const outcome = await Promise.race([this.takeBack(tab), late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      console.warn('e2e pool: a tab did not come back within 30 s; its context is closed');
      tab.abandoned = true;  // should it come back after all, it is not pooled
      tab.context.close().catch(() => {});
    }
  },
  async takeBack(tab) {
    try {
      await settleSave(tab.page);
      await tab.page.goto('about:blank');
      const cdp = await tab.context.newCDPSession(tab.page);
      for (const origin of tab.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      await cdp.detach();
      tab.origins.clear();
      await tab.context.clearCookies();
      await tab.context.setOffline(false);
      await tab.page.setViewportSize(tab.viewport);
      for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await tab.page.keyboard.up(key);
      await tab.page.mouse.up();
      await tab.page.removeAllListeners();
      watchTab(tab);
      if (!tab.abandoned) this.free.push(tab);
    } catch {
      await tab.context.close().catch(() => {});
    }
  },
};

// A page that leaves saves its sandbox (pagehide), and a write still on its way when the tab's
// storage is cleared can land after the clear: the next test's page then restored the last
// one's tables (links.test.mjs failed so in 3 of 14 full runs). So the page saves first, as
// leaving does, and the tab goes back only once nothing is left to write; the pagehide of the
// way out then finds the sandbox saved and writes nothing. A page that is not running yet has
// saved nothing; one still busy after 5 s (a big restore) throws, and its tab is closed.
async function settleSave(page) {
  const running = await page.evaluate(() => {
    try {
      window.playground.frameCount();
      return true;
    } catch {
      return false;
    }
  });
  if (!running) return;
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await waitForState(page, (st) => !st.sandboxBusy, 5000);
}

// The page's state (playground.state), sent as JSON text: Playwright walks an object it hands
// over value by value in the page and again here, a string it passes whole.
export const state = async (page) => JSON.parse(await page.evaluate(() => window.playground.stateText()));
// The text of an element of the page itself (the screen-reader live regions).
export const liveText = (page, id) => page.evaluate((i) => document.getElementById(i).textContent, id);

// Goes to `url` in the same page (same storage) and waits until it has drawn a few frames.
export async function navigate(page, url) {
  await page.goto(url);
  await page.evaluate(() => window.playground.ready);
  return waitForState(page, (s) => s.frameCount > 2);
}

// Reloads the page and waits until it has drawn a few frames.
export async function reload(page) {
  await page.reload();
  await page.evaluate(() => window.playground.ready);
  return waitForState(page, (s) => s.frameCount > 2);
}

// Replaces the saved layout and settings (theme, text size, presenter view, ...) and reloads,
// as if the learner had chosen them on an earlier visit.
export async function reloadWithSettings(page, settings) {
  await page.evaluate((ui) => localStorage.setItem('ddb-playground.ui', JSON.stringify({ version: 1, ...ui })), settings);
  return reload(page);
}
// The sandbox's IndexedDB records (web/sandbox/sandbox_store.h), read or written from any page
// of the site: {key: text}. `changes` maps keys to new text (null deletes); `clear` empties.
export const storeRecords = (page, { changes = {}, clear = false } = {}) => page.evaluate(([changes, clear]) =>
  new Promise((resolve, reject) => {
    const open = indexedDB.open('ddb-playground', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('records');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('records', 'readwrite');
      const store = tx.objectStore('records');
      if (clear) store.clear();
      for (const [key, text] of Object.entries(changes)) {
        if (text === null) store.delete(key); else store.put(text, key);
      }
      const records = {};
      const cursor = store.openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        records[c.key] = c.value;
        c.continue();
      };
      tx.oncomplete = () => { db.close(); resolve(records); };
      tx.onabort = () => reject(tx.error);
    };
  }), [changes, clear]);

// A named widget's rectangle in the last frame drawn (CSS pixels), or null when it was not
// drawn; cut to what its window shows, with `cut: true` when it ran past the window's side. What a change shows may be laid out a frame after the state that shows it (a line
// under an editor, a row scrolled to, a popup), and the page draws only the frames the tests
// ask for: a widget not in the last frame gets two more before it counts as not drawn.
export async function widgetRect(page, name) {
  const rect = await page.evaluate((n) => window.playground.widgetRect(n), name);
  if (rect) return rect;
  await waitFrames(page, 2);
  return page.evaluate((n) => window.playground.widgetRect(n), name);
}

// Drags the splitter `name` (splitter.<name>) by dx, dy CSS pixels with the real mouse, a frame
// per step.
export async function dragSplitter(page, name, dx, dy) {
  const r = await widgetRect(page, `splitter.${name}`);
  if (!r) throw new Error(`splitter ${name} is not drawn`);
  const x = r.x + r.w / 2;
  const y = r.y + r.h / 2;
  await page.mouse.move(x, y);
  await waitFrames(page, 2);
  await page.mouse.down();
  await waitFrames(page, 2);
  for (let i = 1; i <= 4; i++) {
    await page.mouse.move(x + (dx * i) / 4, y + (dy * i) / 4);
    await waitFrames(page, 2);
  }
  await page.mouse.up();
  await waitFrames(page, 3);
}

// Sends one DynamoDB request through the page's hook; resolves to { status, body }.
export async function exec(page, operation, body) {
  return page.evaluate(([op, b]) => {
    const text = window.playground.exec(op, b);
    return { status: window.playground.lastStatus(), body: JSON.parse(text) };
  }, [operation, body]);
}

// Asks the page to draw the next `n` frames and waits until it has, in one round trip: the
// page checks its frame count (a number, not the whole state) every animation frame and
// answers when it is reached. (Playwright's waitForFunction with raf polling took about 20 ms
// of the renderer's CPU per wait, against 3 ms for this, measured over 40 one-frame waits.)
// `andState` answers with the state of the page after those frames.
export function waitFrames(page, n = 1, { andState = false, timeout = 20000 } = {}) {
  return page.evaluate(([k, withState, ms]) => new Promise((resolve, reject) => {
    window.playground.requestFrames(k);
    const target = window.playground.frameCount() + k;
    // A timer, not a frame, ends a wait for frames that never come: a test fails saying so
    // instead of hanging the run (a browser that stops animation frames stops the check too).
    const timer = setTimeout(() => {
      reject(new Error(`waited ${ms} ms for ${k} frame(s); the page drew ${window.playground.frameCount() - target + k}`));
    }, ms);
    const check = () => {
      if (window.playground.frameCount() < target) {
        requestAnimationFrame(check);
      } else {
        clearTimeout(timer);
        resolve(withState ? window.playground.stateText() : undefined);
      }
    };
    requestAnimationFrame(check);
  }), [n, andState, timeout]).then((text) => (andState ? JSON.parse(text) : undefined));
}

// Moves the page's clock on by `ms` (playground.stepClock), as "Step 1 s" would, and waits
// for the page to draw the result.
export async function stepClock(page, ms) {
  await page.evaluate((m) => window.playground.stepClock(m), ms);
  await waitFrames(page, 1);
}

// Steps the page's clock a second at a time until predicate(state) holds: what a test would
// otherwise wait out in wall time (GSI writes held back by a lesson, a backfill, a traffic
// run, a TTL sweep). Resolves to the state that matched.
export async function stepClockUntil(page, predicate, { stepMs = 1000, maxMs = 120000 } = {}) {
  for (let stepped = 0; ; stepped += stepMs) {
    const s = await state(page);
    if (predicate(s)) return s;
    if (stepped >= maxMs) throw new Error(`page state never matched ${predicate} in ${maxMs} ms of page time; last: ${JSON.stringify(s)}`);
    await stepClock(page, stepMs);
  }
}

// Waits until predicate(state) holds, polling once per frame.
export async function waitForState(page, predicate, timeout = 10000) {
  const deadline = Date.now() + timeout;
  for (let s = await state(page); ; s = await waitFrames(page, 1, { andState: true })) {
    if (predicate(s)) return s;
    if (Date.now() > deadline) throw new Error(`page state never matched ${predicate}; last: ${JSON.stringify(s)}`);
  }
}

// Puts the pointer in the middle of a named widget and lets it rest there for a frame, as a
// person's would (ImGui's tabs take a click only on what was hovered). A rectangle is the last
// drawn frame's, and the page draws only the frames the tests ask for: a widget not drawn yet
// gets a few frames to appear, and one that moved in the frame the pointer rested for (a
// layout still settling after a change) is aimed at again. Resolves to its rectangle.
async function restPointerOn(page, name) {
  const same = (a, b) => a && b && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
  let rect = await widgetRect(page, name);
  for (let tries = 0; tries < 4; tries++) {
    if (!rect) {
      rect = await widgetRect(page, name);  // two more frames to appear in (widgetRect)
      continue;
    }
    await page.mouse.move(rect.x + rect.w / 2, rect.y + rect.h / 2);
    await waitFrames(page, 1);
    const after = await widgetRect(page, name);
    if (same(after, rect)) return rect;
    rect = after;
  }
  throw new Error(rect ? `widget ${name} kept moving` : `widget ${name} is not on screen`);
}

// A real mouse click in the middle of a named widget: the pointer rests on it for a frame,
// then presses and releases at once: the page queues both, so the click is never lost.
export async function clickWidget(page, name) {
  const rect = await restPointerOn(page, name);
  await page.mouse.down();
  await page.mouse.up();
  await waitFrames(page, 3);
  return rect;
}

// Clicks a choice that a wide panel shows as a button and a narrow one (the page at 1024x640)
// keeps in the drop-down `combo`: opens the drop-down first when the choice is not on screen.
export async function clickChoice(page, name, combo) {
  await waitFrames(page, 1);  // the page as it is now, not as it was last drawn
  if (!(await widgetRect(page, name))) {
    await clickWidget(page, combo);
    await waitFrames(page, 2);
  }
  return clickWidget(page, name);
}

// Turns the mouse wheel down over the point `at` (CSS pixels; default: the middle of the page)
// until the widget `name` is drawn: a button at the end of a window that scrolls at 1024x640.
export async function wheelUntilShown(page, name, at = null, { step = 240, tries = 10 } = {}) {
  const point = at ?? { x: page.viewportSize().width / 2, y: page.viewportSize().height / 2 };
  await page.mouse.move(point.x, point.y);
  for (let i = 0; i < tries; i++) {
    const rect = await widgetRect(page, name);
    if (rect) return rect;
    await page.mouse.wheel(0, step);
    await waitFrames(page, 2);
  }
  throw new Error(`widget ${name} never came into view`);
}

// Turns the mouse wheel over the widget or panel `over` until the widget `name` is fully on
// screen inside it (the page reports only what can be seen). Resolves to its rectangle. A
// widget not drawn is looked for below, or above with a negative `step`. The wheel turns over
// the middle of `over`, or with `edge: true` over the scroll bar of a panel's content (18 CSS
// pixels in from the panel's right edge at 100 % text, more at a larger text size: the middle
// may be a text editor that scrolls on its own).
export async function scrollTo(page, name, over, { step = 120, tries = 20, edge = false } = {}) {
  await waitFrames(page, 1);  // the page as it is now, not as it was last drawn
  const area = await widgetRect(page, over);
  if (!area) throw new Error(`widget ${over} is not on screen`);
  const inset = edge ? 18 * (await state(page)).fontScale : area.w / 2;
  await page.mouse.move(area.x + area.w - inset, area.y + area.h / 2);
  await waitFrames(page, 1);
  for (let i = 0; i < tries; i++) {
    const rect = await widgetRect(page, name);
    if (rect && rect.y >= area.y && rect.y + rect.h <= area.y + area.h) return rect;
    // Partly below: scroll down; partly above: scroll up; not drawn: the way `step` says
    // (down unless it is negative: a widget known to be above what is on show).
    await page.mouse.wheel(0, rect ? (rect.y < area.y ? -Math.abs(step) : Math.abs(step)) : step);
    await waitFrames(page, 2);
  }
  throw new Error(`widget ${name} never came into view over ${over}`);
}

// Types `text` as real key presses sent all at once, the way a very fast typist's keys reach
// the page: every key is a keydown/keyup pair the browser dispatches as usual (this is what
// page.keyboard.type does too, one awaited round trip per key, which is slow under load).
// Resolves once the page has taken every key.
const cdpSessions = new WeakMap();
export async function typeText(page, text) {
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
  }
  const sends = [];
  for (const ch of text) {
    const letterOrDigit = /^[A-Za-z0-9]$/.test(ch);
    const vk = letterOrDigit ? ch.toUpperCase().charCodeAt(0) : 0;
    const code = letterOrDigit ? (/[0-9]/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`) : '';
    sends.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: ch, code, text: ch, unmodifiedText: ch, windowsVirtualKeyCode: vk }));
    sends.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ch, code, windowsVirtualKeyCode: vk }));
  }
  await Promise.all(sends);
  return waitForState(page, (s) => s.input.queuedEvents === 0);
}

// Puts `text` into the focused text field as one paste (the system clipboard, then Ctrl+V),
// replacing what it held: how a learner brings in a request written elsewhere, and one input
// event where typing is hundreds. The page's context needs the clipboard permissions
// (openPage(..., {permissions: clipboardPermissions})).
export const clipboardPermissions = ['clipboard-read', 'clipboard-write'];
export async function pasteText(page, text) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await pressKeys(page, 'Control+A', 'Control+V');
  return waitForState(page, (s) => s.input.queuedEvents === 0);
}

// Presses keys one after the other ("Control+A", "{", ...), then lets the page catch up.
export async function pressKeys(page, ...keys) {
  for (const key of keys) await page.keyboard.press(key);
  await waitFrames(page, 3);
}

// Types (or pastes) a request into the builder's JSON tab and runs it with Ctrl+Enter, as a
// learner would: the operation picked from the builder's list first when another is on show.
// Pasting needs the page's clipboard permissions. Resolves to the state with its response.
export async function runInBuilder(page, operation, request, { typed = false } = {}) {
  const text = JSON.stringify(request);
  if ((await state(page)).operation !== operation) {
    await clickWidget(page, 'builder.operation');
    await clickWidget(page, `builder.operation:${operation}`);
    await waitForState(page, (s) => s.operation === operation);
  }
  if ((await state(page)).builderTab !== 'json') await clickWidget(page, 'builder.tab:json');
  await clickWidget(page, 'builder.json');
  if (typed) {
    await page.keyboard.press('Control+A');
    await typeText(page, text);
  } else {
    await pasteText(page, text);
  }
  await pressKeys(page, 'Control+Enter');
  return waitForState(page, (s) => s.response?.requestBody === text && s.input.queuedEvents === 0);
}

// Saves a picture of the page in artifacts/e2e/ for a person to look at; no test reads it.
// DDB_E2E_SCREENSHOTS=0 (the whole `scripts/test` run) takes none: painting a whole frame in
// software and encoding it was 58 of the browser tests' 445 Chromium CPU seconds (all files,
// three workers: 294.0 s wall with the 116 screenshots, 261.2 s without). Painting itself is
// tested in frames.test.mjs, which takes its own pictures.
export async function screenshot(page, name) {
  if (process.env.DDB_E2E_SCREENSHOTS === '0') return null;
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, name);
  // A page that does not paint (openPage's `paint`) paints this one frame, whole. One that is
  // not running (a page that failed to start) is taken as it is.
  const painting = await page.evaluate(() => {
    try {
      return window.playground.paint(true);
    } catch {
      return null;
    }
  });
  if (painting === false) await waitFrames(page, 1);
  await page.screenshot({ path: file });
  if (painting === false) await page.evaluate(() => window.playground.paint(false));
  return file;
}
