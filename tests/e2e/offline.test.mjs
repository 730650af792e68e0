// Static and offline: the site folder works from any static server under any path prefix,
// and after one visit it opens again with no network at all (its service worker keeps the
// page, the module, the fonts and the lessons).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { exec, launchBrowser, lessonCount, openPage, serveSite, siteDir, waitForState } from './support.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

// The files the site needs, none addressed from the server's root.
test('the site folder is self-contained, with relative paths only', () => {
  for (const f of ['index.html', 'page.js', 'playground.js', 'playground.wasm.gz', 'fonts/ui.ttf', 'fonts/mono.ttf', 'sw.js', 'fonts-LICENSE.txt']) {
    assert.ok(fs.existsSync(path.join(siteDir, f)), `${f} is in the site folder`);
  }
  const html = fs.readFileSync(path.join(siteDir, 'index.html'), 'utf8');
  assert.doesNotMatch(html, /(src|href)="\//, 'no root-relative src or href');
  assert.match(html, /<script src="page\.js"><\/script>/);
  const script = fs.readFileSync(path.join(siteDir, 'page.js'), 'utf8');
  assert.match(script, /register\("sw\.js"\)/);
  // page.js is minified in the site (web/minify_scripts.mjs): its variables have other names.
  assert.match(script, /\.src ?= ?"playground\.js"/);
});

async function visitThenGoOffline(prefix) {
  const server = await serveSite(siteDir, { prefix });
  const { page, context, errors } = await openPage(browser, server.url, { fresh: true });
  try {
    // The first visit installs the worker, which fetches the bundle.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, server.url);
    await page.waitForFunction(async (scope) => {
      const cache = await caches.open('ddb-playground-v1');
      const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
      // The page is kept once, as the scope's own address ("./").
      return urls.includes(new URL(scope).pathname) &&
        ['page.js', 'playground.js', 'playground.wasm.gz', 'fonts/ui.ttf', 'fonts/mono.ttf'].every((f) => urls.some((u) => u.endsWith('/' + f)));
    }, scope);
    // No network at all: the server is gone and the browser is offline.
    await server.close();
    await context.setOffline(true);
    await page.reload();
    await page.evaluate(() => window.playground.ready);
    const s = await waitForState(page, (st) => st.frameCount > 2);
    assert.ok(s.canvasWidth > 0);
    const created = await exec(page, 'CreateTable', {
      TableName: 'Offline', AttributeDefinitions: [{ AttributeName: 'k', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'k', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
    });
    assert.equal(created.status, 200);
    // index.html by its name is the same page, kept once as "./".
    await page.goto(server.url + 'index.html');
    await page.evaluate(() => window.playground.ready);
    // A link with a query string is the same page, and the lessons open from the cache too.
    await page.goto(server.url + '?lesson=reading-items&step=2');
    await page.evaluate(() => window.playground.ready);
    // Every lesson file is read (from the cache, or not at all) before the list is judged: under
    // load the last ones were still 'loading' when the linked lesson had opened.
    const linked = await waitForState(page, (st) => st.lesson !== null && st.lessons.lessons.every((l) => l.status !== 'loading'));
    assert.equal(linked.lesson.id, 'reading-items');
    assert.equal(linked.lesson.step, 2);
    assert.deepEqual(linked.lessons.lessons.map((l) => l.status), Array(lessonCount).fill('ready'), 'every lesson file came from the cache');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

test('after one visit the page reloads offline', () => visitThenGoOffline('/'));

test('the site works under a path prefix, offline included', () => visitThenGoOffline('/courses/dynamodb-keys/'));

// Training rooms have bad networks: everything a first visit downloads — the page, its module
// and fonts, and what the service worker fetches for offline use — is at most 700 KB as gzip
// sends it. (The fonts are subset at build time to the glyphs the page draws.)
test('the first visit downloads at most 700 KB gzip, the worker\'s bundle included', async () => {
  const zlib = await import('node:zlib');
  const server = await serveSite(siteDir);
  const { page, context, errors } = await openPage(browser, server.url, { fresh: true });
  try {
    const fetched = new Set();
    page.on('request', (r) => fetched.add(new URL(r.url()).pathname));
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.waitForFunction(async () => {
      const cache = await caches.open('ddb-playground-v1');
      return (await cache.keys()).some((r) => r.url.endsWith('/lessons/bundle.txt'));
    });
    // What the worker fetched when it installed, as it keeps it.
    const cached = await page.evaluate(async () => {
      const cache = await caches.open('ddb-playground-v1');
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    for (const p of cached) fetched.add(p);
    // Every distinct address, as the server holds its file, gzip-compressed ("./" and
    // "index.html" are the same file fetched twice, and count twice).
    const files = [...fetched].map((p) => p.replace(new URL(server.url).pathname, '')).map((f) => f || 'index.html');
    for (const f of ['index.html', 'page.js', 'playground.js', 'playground.wasm.gz', 'fonts/ui.ttf', 'fonts/mono.ttf', 'lessons/bundle.txt']) {
      assert.ok(files.includes(f), `${f} was fetched`);
    }
    // The lessons come in one file: none is fetched on its own.
    assert.deepEqual(files.filter((f) => f.endsWith('.json') && f.startsWith('lessons/')), []);
    let total = 0;
    for (const f of files) {
      const file = path.join(siteDir, f);
      if (fs.existsSync(file)) total += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    }
    console.log(`first visit: ${files.length} addresses, ${total} bytes as gzip`);
    assert.ok(total <= 700 * 1000, `the first visit is ${total} bytes as gzip`);
    assert.ok(!files.includes('lessons/schema.json'), 'the schema is for authors, not for the page');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

// The started page works: it creates a table.
async function createsATable(page, name) {
  const created = await exec(page, 'CreateTable', {
    TableName: name, AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
  });
  assert.equal(created.status, 200);
}

// A font that cannot be fetched is stood in for by the other: the page still starts and works.
// (ImGui's own font is not in the module: web/widgets/theme.cpp.)
test('without its UI font the page starts on the monospaced one', async () => {
  const server = await serveSite(siteDir);
  const { page, context, errors } = await openPage(browser, server.url, {
    waitReady: false,
    routes: { '**/fonts/ui.ttf': (route) => route.fulfill({ status: 404, body: '' }) },
  });
  try {
    assert.equal(await page.evaluate(() => window.playground.ready.then(() => 'ready', (e) => e.message)), 'ready');
    await createsATable(page, 'Fonts');
    // The only error is the browser's own, about the 404.
    assert.deepEqual(errors, ['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  } finally {
    await context.close();
    await server.close();
  }
});

// The module is kept compressed (playground.wasm.gz, zopfli) and page.js unpacks it: every
// other test's server sends it as it is. A server may instead label it Content-Encoding: gzip,
// and then the browser unpacks it first: the page reads the first bytes and starts either way.
test('the compressed module starts the page when the browser has unpacked it already', async () => {
  const zlib = await import('node:zlib');
  const packed = fs.readFileSync(path.join(siteDir, 'playground.wasm.gz'));
  assert.deepEqual([...packed.subarray(0, 2)], [0x1f, 0x8b], 'the site keeps gzip\'s bytes');
  assert.deepEqual([...zlib.gunzipSync(packed).subarray(0, 4)], [0x00, 0x61, 0x73, 0x6d], 'which unpack to a module');
  const server = await serveSite(siteDir, {
    headers: (file) => (file === 'playground.wasm.gz' ? { 'content-encoding': 'gzip' } : {}),
  });
  const { page, context, errors } = await openPage(browser, server.url, { waitReady: false, fresh: true });
  try {
    assert.equal(await page.evaluate(() => window.playground.ready.then(() => 'ready', (e) => e.message)), 'ready');
    // The page was given the module's own bytes, not gzip's.
    const head = await page.evaluate(async () =>
      [...new Uint8Array(await (await fetch('playground.wasm.gz', { cache: 'no-store' })).arrayBuffer()).slice(0, 4)]);
    assert.deepEqual(head, [0x00, 0x61, 0x73, 0x6d]);
    await createsATable(page, 'Packed');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('without either font the page says so in the error box, as for its module', async () => {
  const server = await serveSite(siteDir);
  const missing = (route) => route.fulfill({ status: 404, body: '' });
  const { page, context } = await openPage(browser, server.url, {
    waitReady: false, routes: { '**/fonts/ui.ttf': missing, '**/fonts/mono.ttf': missing },
  });
  try {
    const outcome = await page.evaluate(() => window.playground.ready.then(() => 'ready', (e) => e.message));
    assert.equal(outcome, 'Could not load fonts/ui.ttf or fonts/mono.ttf. Is the page served from the build\'s site/ folder?');
    assert.ok(await page.locator('#error').isVisible());
  } finally {
    await context.close();
    await server.close();
  }
});

test('a module the server cannot give is reported in the error box, by its file', async () => {
  const server = await serveSite(siteDir);
  const { page, context } = await openPage(browser, server.url, {
    waitReady: false,
    routes: { '**/playground.wasm.gz': (route) => route.fulfill({ status: 404, body: '' }) },
  });
  try {
    const outcome = await page.evaluate(() => window.playground.ready.then(() => 'ready', (e) => e.message));
    assert.match(outcome, /^Could not load playground\.wasm\.gz: Error: HTTP 404\. Is the page served from the build's site\/ folder\?$/);
    assert.ok(await page.locator('#error').isVisible());
  } finally {
    await context.close();
    await server.close();
  }
});
