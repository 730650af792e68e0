// Clipboard and persistence: copy goes to the system clipboard; the sandbox (IndexedDB, with a
// localStorage copy left by a closing page) and the settings (localStorage) survive a reload;
// a corrupted store is reported with a visible message, never a crash; "Forget saved state"
// forgets.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, exec, openPage, reload, screenshot, siteAndBrowser, state, storeRecords, typeText, waitForState, waitFrames, widgetRect,
} from './support.mjs';

const site = siteAndBrowser();

// Leaves the page (which saves what it has), changes its stores from a page of the same site
// that is not the playground — `local` sets localStorage keys (null removes), `records` the
// IndexedDB records (see storeRecords) — and opens the playground again.
async function reopenWithStores(page, { local = {}, records = {} } = {}) {
  await page.goto(site.server.url + 'fonts-LICENSE.txt');
  await page.evaluate((entries) => {
    for (const [k, v] of Object.entries(entries)) {
      if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v);
    }
  }, local);
  await storeRecords(page, { changes: records });
  await page.goto(site.server.url);
  await page.evaluate(() => window.playground.ready);
  return waitForState(page, (s) => s.frameCount > 2);
}

const kept = (name) => ({
  TableName: name, AttributeDefinitions: [{ AttributeName: 'k', AttributeType: 'S' }],
  KeySchema: [{ AttributeName: 'k', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
});

describe('the saved sandbox', () => {
  let page;
  let context;
  let errors;
  before(async () => ({ page, context, errors } = await openPage(site.browser, site.server.url, {
    permissions: ['clipboard-read', 'clipboard-write'],
  })));
  after(() => context?.close());

  test('tables, items and the selected table survive a reload', async () => {
    await clickWidget(page, 'tables.create_sample');
    await waitForState(page, (s) => s.selectedTable === 'Books');
    await clickWidget(page, 'builder.run');
    await waitForState(page, (s) => s.itemsListed === 9);
    // Every table setting is kept: Contributor Insights too (it used to come back DISABLED).
    await exec(page, 'UpdateContributorInsights', { TableName: 'Books', ContributorInsightsAction: 'ENABLE' });
    // Saved to IndexedDB a second after the last change, in pieces named by a manifest.
    await waitForState(page, (st) => st.sandboxSaved);
    const records = await storeRecords(page);
    const manifest = JSON.parse(records.manifest);
    assert.equal(manifest.format, 'ddb-playground-sandbox-store');
    assert.deepEqual(manifest.tables.map((t) => [t.name, t.items]), [['Books', 9]]);
    const piece = JSON.parse(records[manifest.tables[0].pieces[0].key]);
    assert.equal(piece.length, 9);
    const { undoDepth } = await state(page);
    assert.equal(manifest.undo.length, undoDepth, 'the undo steps are saved beside the sandbox');
    const s = await reload(page);
    assert.equal(s.tablesListed, 1);
    assert.equal(s.selectedTable, 'Books');
    assert.equal(s.itemsListed, 9);
    assert.equal(s.undoDepth, undoDepth, 'the undo steps come back with the sandbox');
    assert.deepEqual(s.notices, []);
    const insights = await exec(page, 'DescribeContributorInsights', { TableName: 'Books' });
    assert.equal(insights.body.ContributorInsightsStatus, 'ENABLED', JSON.stringify(insights));
  });

  test('a change made just before the page closes survives too (the localStorage copy)', async () => {
    await exec(page, 'CreateTable', kept('JustNow'));
    // No second of quiet: the page goes at once, before an IndexedDB save could land.
    const s = await reload(page);
    assert.equal(s.tablesListed, 2);
    assert.deepEqual(s.notices, []);
    // The copy is moved into IndexedDB and removed.
    await waitForState(page, (st) => st.sandboxSaved);
    assert.equal(await page.evaluate(() => localStorage.getItem('ddb-playground.sandbox')), null);
    const manifest = JSON.parse((await storeRecords(page)).manifest);
    assert.deepEqual(manifest.tables.map((t) => t.name), ['Books', 'JustNow']);
  });

  test('Copy puts the response on the system clipboard', async () => {
    await clickWidget(page, 'builder.run');
    await waitForState(page, (s) => s.response?.operation === 'PutItem');
    await clickWidget(page, 'response.copy');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    assert.deepEqual(copied.ConsumedCapacity, { CapacityUnits: 1, TableName: 'Books' });
  });

  test('a store that is not JSON is reported, the page starts empty, and the next change replaces it', async () => {
    const s = await reopenWithStores(page, {
      local: { 'ddb-playground.sandbox': null }, records: { manifest: '{"format": "ddb-playground-sandbox-st' },
    });
    assert.equal(s.tablesListed, 0, 'the page starts with an empty sandbox');
    assert.deepEqual(s.notices, [
      'The saved sandbox could not be restored (its table of contents is not one this version can read), so the page '
      + 'starts empty. The store is replaced by your next change.']);
    assert.ok(await widgetRect(page, 'notice:0'));
    await screenshot(page, 'persistence-corrupted.png');
    // The page works on: a table made now is kept.
    await exec(page, 'CreateTable', kept('Kept'));
    await waitForState(page, (st) => st.sandboxSaved);
    const again = await reload(page);
    assert.equal(again.tablesListed, 1);
    assert.deepEqual(again.notices, []);
  });

  test("a piece the engine refuses (an item without its key) is reported with the engine's message", async () => {
    await exec(page, 'PutItem', { TableName: 'Kept', Item: { k: { S: 'x' } } });
    await waitForState(page, (st) => st.sandboxSaved);
    const key = JSON.parse((await storeRecords(page)).manifest).tables[0].pieces[0].key;
    const s = await reopenWithStores(page, {
      local: { 'ddb-playground.sandbox': null }, records: { [key]: '[{"other": {"S": "x"}}]' },
    });
    assert.equal(s.tablesListed, 0);
    assert.equal(s.notices[0], `The saved sandbox could not be restored (item 1 of piece ${key} in Kept: One or more parameter `
      + 'values were invalid: Missing the key k in the item), so the page starts empty. The store is replaced by your next change.');
  });

  test('a closing copy that cannot be read gives way to the sandbox saved before it', async () => {
    await exec(page, 'CreateTable', kept('Before'));
    await waitForState(page, (st) => st.sandboxSaved);
    const s = await reopenWithStores(page, { local: { 'ddb-playground.sandbox': '{"format": "dynamodb-keys-playground-snapsh' } });
    assert.equal(s.tablesListed, 1);
    assert.equal(s.notices.length, 1);
    assert.match(s.notices[0], /^The sandbox saved as the page closed could not be loaded \(SerializationException: .+\), so the one saved before it is restored\.$/);
    assert.equal(await page.evaluate(() => localStorage.getItem('ddb-playground.sandbox')), null, 'the bad copy is gone');
  });

  test('Sandbox > Reset asks first; Cancel keeps every table, Reset empties, Undo brings them back', async () => {
    // The table list is what the last frame drew: count the tables on a frame drawn now, and
    // wait for the new one to be listed (exec draws no frame of its own).
    await waitFrames(page, 1);
    const start = (await state(page)).tablesListed;
    await exec(page, 'CreateTable', kept('ToReset'));
    const before = (await waitForState(page, (st) => st.tablesListed === start + 1)).tablesListed;
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.reset');
    let s = await waitForState(page, (st) => st.confirm === 'Reset the sandbox?');
    await screenshot(page, 'reset-confirm.png');
    await clickWidget(page, 'confirm.no');
    s = await waitForState(page, (st) => st.confirm === null);
    assert.equal(s.tablesListed, before);
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.reset');
    await waitForState(page, (st) => st.confirm !== null);
    await clickWidget(page, 'confirm.yes');
    s = await waitForState(page, (st) => st.tablesListed === 0);
    // The confirmation promised Undo: it holds across a reload (it emptied Undo and the tables were gone).
    await waitForState(page, (st) => st.sandboxSaved);
    s = await reload(page);
    assert.equal(s.tablesListed, 0);
    assert.ok(s.undoDepth > 0);
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.undo');
    s = await waitForState(page, (st) => st.tablesListed === before);
  });

  test('Load snapshot over a sandbox of your own asks first', async () => {
    const before = (await state(page)).tablesListed;
    assert.ok(before > 0);
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.import');
    await clickWidget(page, 'import.text');
    await typeText(page, '{"format": "dynamodb-keys-playground-snapshot", "version": 1, "tables": []}');
    await clickWidget(page, 'import.load');
    let s = await waitForState(page, (st) => st.confirm === 'Replace your sandbox with this snapshot?');
    assert.equal(s.tablesListed, before, 'nothing replaced while it asks');
    await clickWidget(page, 'confirm.yes');
    s = await waitForState(page, (st) => st.confirm === null && !st.importOpen);
    assert.equal(s.tablesListed, 0);
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.undo');
    await waitForState(page, (st) => st.tablesListed === before);
  });

  test('Forget saved state clears the stores', async () => {
    await exec(page, 'CreateTable', kept('Gone'));
    await waitForState(page, (st) => st.sandboxSaved);
    assert.ok(JSON.parse((await storeRecords(page)).manifest).tables.some((t) => t.name === 'Gone'));
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.forget');
    // It cannot be undone: the page asks first, and Cancel keeps everything.
    await waitForState(page, (st) => st.confirm === 'Forget what this browser saved?');
    await clickWidget(page, 'confirm.no');
    await waitForState(page, (st) => st.confirm === null);
    assert.ok((await storeRecords(page)).manifest, 'nothing forgotten on Cancel');
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.forget');
    await waitForState(page, (st) => st.confirm !== null);
    await clickWidget(page, 'confirm.yes');
    await new Promise((resolve) => setTimeout(resolve, 1500));  // past the second a save waits for
    assert.deepEqual(await storeRecords(page), {});
    assert.equal(await page.evaluate(() => localStorage.getItem('ddb-playground.sandbox')), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('ddb-playground.ui')), null);
    // (The plain-text page used to write the stores has no favicon: its 404 is not the page's.)
    assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
  });
});

// Start-up: the saved sandbox is read while the page's own loading line shows; the panels are
// the first thing painted, and a store slower than a second gets a progress screen.
describe('start-up', () => {
  // A context of its own (a first visitor's), with `init` run before the page's scripts.
  async function visit(init) {
    const context = await site.browser.newContext({ viewport: { width: 1024, height: 640 }, serviceWorkers: 'block' });
    await context.addInitScript(init);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.server.url);
    return { context, page, errors };
  }

  test('a first visit paints no restore screen in its first second', async () => {
    // The first painted frame, seen from a frame callback made before the page's (so it reads
    // the frame before): the restore screen, and how long after the program started. It used to
    // be the restore screen at once; now it is the panels, or the restore screen only when the
    // store took longer than a second (a loaded machine).
    const { context, page, errors } = await visit(() => {
      window.firstPaint = null;
      let started = null;
      const watch = () => {
        const now = performance.now();
        if (window.Module?.calledRun) {
          started ??= now;
          if (window.firstPaint === null && window.playground.framesPainted() > 0) {
            window.firstPaint = { restoreScreen: Boolean(window.playground.widgetRect('restore.progress')), afterMs: now - started };
          }
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    try {
      await page.evaluate(() => window.playground.ready);
      await waitFrames(page, 2);
      const first = await page.evaluate(() => window.firstPaint);
      assert.ok(first, 'a frame was painted');
      assert.ok(!first.restoreScreen || first.afterMs >= 950, `the restore screen ${Math.round(first.afterMs)} ms after start`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a store that answers late shows the restore screen, then the panels', async () => {
    // IndexedDB's open answers only once the restore screen has been drawn, or 10 s after the
    // program has started if it never is: the page must not sit blank while the store is slow.
    // (It used to answer 1.5 s after the program started, and on a loaded machine the page's
    // first frames could come so late that the store had answered before the screen was due:
    // the test failed in 1 of about 20 full runs without anything being wrong.)
    const { context, page, errors } = await visit(() => {
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (...args) {
        const request = open.apply(this, args);
        let handler = null;
        Object.defineProperty(request, 'onsuccess', { get: () => handler, set: (h) => { handler = h; } });
        request.addEventListener('success', (e) => {
          let started = null;
          const wait = () => {
            if (window.Module?.calledRun) started ??= Date.now();
            if (window.restoreScreenSeen || (started !== null && Date.now() - started >= 10000)) handler?.call(request, e);
            else setTimeout(wait, 20);
          };
          wait();
        });
        return request;
      };
      window.restoreScreenSeen = false;
      const watch = () => {
        if (window.playground?.ready && !window.readyWatched) {
          window.readyWatched = true;
          window.playground.ready.then(() => { window.readyAt = performance.now(); });
        }
        if (window.playground?.frameCount && window.Module?.calledRun) {
          const r = window.playground.widgetRect('restore.progress');
          if (r && r.w > 0 && !window.restoreScreenSeen) {
            window.restoreScreenSeen = true;
            window.restoreScreenSeenAt = performance.now();
          }
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    try {
      await page.evaluate(() => window.playground.ready);
      const seen = await page.evaluate(() => ({ screen: window.restoreScreenSeen, at: window.restoreScreenSeenAt, ready: window.readyAt }));
      assert.equal(seen.screen, true);
      assert.ok(seen.ready > seen.at, `ready (${seen.ready} ms) only once the store has answered, after the restore screen (${seen.at} ms)`);
      assert.equal((await state(page)).tablesListed, 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
