// The layout fills the window at any size, its splitters resize the panels with a real mouse
// drag, and it is remembered across reloads (localStorage) — and a corrupted store is
// reported and reset, never a crash.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, dragSplitter, exec, openPage, openPagesAt, reloadWithSettings, roomyViewport, screenshot, siteAndBrowser, state, waitForState, waitFrames,
  widgetRect,
} from './support.mjs';

// The layout's panels and splitters, measured at 1280x800 (other sizes: viewports.test.mjs).
openPagesAt(roomyViewport);

const PANELS = ['lessons', 'tables', 'data', 'builder', 'response', 'trace', 'history'];

async function panelRects(page) {
  const rects = {};
  for (const name of PANELS) rects[name] = await widgetRect(page, `panel:${name}`);
  return rects;
}

function overlap(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// Every panel inside the window, none overlapping another, together covering most of it.
function assertTiled(rects, width, height) {
  let area = 0;
  for (const [name, r] of Object.entries(rects)) {
    assert.ok(r, `${name} is drawn`);
    assert.ok(r.x >= 0 && r.y >= 0 && r.x + r.w <= width + 0.5 && r.y + r.h <= height + 0.5,
      `${name} fits in ${width}x${height}: ${JSON.stringify(r)}`);
    assert.ok(r.w >= 100 && r.h >= 60, `${name} is usable: ${JSON.stringify(r)}`);
    area += r.w * r.h;
  }
  const names = Object.keys(rects);
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      assert.ok(!overlap(rects[names[i]], rects[names[j]]), `${names[i]} and ${names[j]} do not overlap`);
    }
  }
  assert.ok(area / (width * height) > 0.85, `the panels cover ${Math.round((100 * area) / (width * height))}% of the window`);
}

const site = siteAndBrowser();

for (const [width, height, dpr] of [[1280, 800, 1], [1920, 1080, 1], [1280, 800, 2], [900, 600, 1]]) {
  test(`the panels tile a ${width}x${height} window at device pixel ratio ${dpr}`, async () => {
    const { page, context, errors } = await openPage(site.browser, site.server.url, { width, height, deviceScaleFactor: dpr });
    try {
      await waitFrames(page, 3);
      assertTiled(await panelRects(page), width, height);
      await screenshot(page, `layout-${width}x${height}@${dpr}.png`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

describe('splitters', () => {
  let page;
  let context;
  before(async () => ({ page, context } = await openPage(site.browser, site.server.url)));
  after(() => context?.close());

  test('dragging the left splitter widens the left column (up to its share); the layout survives a reload', async () => {
    const before = await panelRects(page);
    await dragSplitter(page, 'left', 60, 0);
    const after = await panelRects(page);
    assert.ok(Math.abs(after.lessons.w - (before.lessons.w + 60)) <= 2, `lessons ${before.lessons.w} -> ${after.lessons.w}`);
    assert.ok(Math.abs(after.data.x - (before.data.x + 60)) <= 2, `data view moves right by 60: ${after.data.x}`);
    assert.ok(Math.abs(after.data.w - (before.data.w - 60)) <= 2, 'the data view gives up the room');
    assert.equal(after.builder.x, before.builder.x, 'the right column stays');
    assertTiled(after, 1280, 800);

    await dragSplitter(page, 'bottom', 0, -60);
    const taller = await panelRects(page);
    assert.ok(Math.abs(taller.trace.h - (before.trace.h + 60)) <= 2, `trace ${before.trace.h} -> ${taller.trace.h}`);

    await dragSplitter(page, 'builder', 0, 40);
    const builder = await panelRects(page);
    assert.ok(Math.abs(builder.builder.h - (taller.builder.h + 40)) <= 2, 'the builder takes 40 pixels from the response');

    // Saved when it changes; a reload lays the page out the same way.
    await page.reload();
    await page.evaluate(() => window.playground.ready);
    await waitFrames(page, 3);
    const reloaded = await panelRects(page);
    for (const name of PANELS) {
      for (const k of ['x', 'y', 'w', 'h']) {
        assert.ok(Math.abs(reloaded[name][k] - builder[name][k]) <= 1, `${name}.${k} after reload: ${reloaded[name][k]} vs ${builder[name][k]}`);
      }
    }
  });

  test('a double click on a splitter puts it back', async () => {
    const r = await widgetRect(page, 'splitter.left');
    await page.mouse.dblclick(r.x + r.w / 2, r.y + r.h / 2);
    const s = await waitForState(page, (st) => st.layout.left === 340);
    assert.equal(s.layout.left, 340);
  });

  test('a corrupted layout store is reported and reset, not a crash', async () => {
    await page.evaluate(() => localStorage.setItem('ddb-playground.ui', '{"version": 1, "layout": '));
    await page.reload();
    await page.evaluate(() => window.playground.ready);
    const s = await waitForState(page, (st) => st.frameCount > 2);
    assert.equal(s.notices.length, 1);
    assert.match(s.notices[0], /saved layout and settings could not be read/);
    assert.equal(s.layout.left, 340);
    const notice = await widgetRect(page, 'notice:0');
    assert.ok(notice, 'the notice is on screen');
    // The panels make room for it: it covers none of their buttons.
    const rects = await panelRects(page);
    for (const [name, r] of Object.entries(rects)) assert.ok(r.y + r.h <= notice.y, `${name} ends above the notice`);
    assertTiled(rects, 1280, notice.y);
    await screenshot(page, 'layout-corrupted-store.png');
    // The bad store is gone: the page saved good settings over it.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ddb-playground.ui')));
    assert.equal(stored.version, 1);
  });
});

describe('the keys a lesson is about, at 250 % text', () => {
  // 1024x640 at 250 % is 410x256 CSS pixels: there the data view takes turns with the builder
  // and the response beside the lesson, and has that room to itself.
  for (const [width, height] of [[1024, 640], [1280, 800], [1920, 1080]]) {
    test(`${width}x${height}: lesson 4's keys are drawn whole in the partitions`, async () => {
      const { page, context, errors } = await openPage(site.browser, `${site.server.url}?lesson=sort-key-conditions&step=1`,
        { width, height });
      try {
        await waitForState(page, (s) => s.lesson?.view === 'step' && s.selectedTable === 'Books');
        await reloadWithSettings(page, { fontScale: 2.5 });
        let s = await waitForState(page, (st) => st.fontScale === 2.5 && st.lesson?.view === 'step');
        // At 1024x640 the panels take turns beside the lesson: the data view's.
        if (await widgetRect(page, 'turn.data')) await clickWidget(page, 'turn.data');
        s = await waitForState(page, (st) => st.partitionsShown > 0);
        assert.equal(s.dataMode, 'partitions');
        // The step's query: its partition's column comes into view.
        await exec(page, 'Query', { TableName: 'Books', KeyConditionExpression: 'authorId = :a',
          ExpressionAttributeValues: { ':a': { S: 'AUTHOR#terry' } } });
        await waitFrames(page, 2);
        s = await state(page);
        // The partition key whole ("AUTHOR#terry", it was "AUTH…"); a sort key that does not fit
        // the panel keeps its start, "DISCWORLD#10#…", which is what orders it.
        assert.equal(s.keysCut.partition, 0);
        await screenshot(page, `keys-250-${width}.png`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
