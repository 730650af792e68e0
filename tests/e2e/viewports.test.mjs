// Every projector and laptop: the page at 1024×640, 1280×800 and 1920×1080, at 100 % and
// 250 % text, in the lesson layout, the whole workbench and the presenter view. Nothing the
// page draws lies outside the window, no two widgets overlap (one inside another is fine: a
// button in a panel), the panels do not overlap each other, the presenter view shows items
// and keeps Exit reachable (and Esc leaves it). Screenshots: artifacts/e2e/viewport-*.png.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  clickWidget, exec, openPage, reloadWithSettings, screenshot, scrollTo, siteAndBrowser, state, typeText, waitForState, waitFrames,
  widgetRect,
} from './support.mjs';

const env = siteAndBrowser();

// Half a CSS pixel of slack: rectangles are device pixels divided by the ratio.
const EPS = 0.5;
const inside = (a, b) => a.x >= b.x - EPS && a.y >= b.y - EPS && a.x + a.w <= b.x + b.w + EPS && a.y + a.h <= b.y + b.h + EPS;
const overlap = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > EPS
  && Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > EPS;

// Pairs of widgets that overlap without one holding the other.
function overlaps(rects) {
  // A tooltip floats over what it explains (one may show where the pointer rests after a click).
  const names = Object.keys(rects).filter((n) => !n.startsWith('splitter.') && !n.endsWith('.tooltip'));
  const found = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const a = rects[names[i]];
      const b = rects[names[j]];
      if (overlap(a, b) && !inside(a, b) && !inside(b, a)) found.push(`${names[i]} and ${names[j]}`);
    }
  }
  return found;
}

// Every named widget of the last frame lies inside the window and none overlaps another;
// resolves to the rectangles.
async function assertFits(page, width, height, label) {
  const rects = await page.evaluate(() => window.playground.widgetRects());
  const screen = { x: 0, y: 0, w: width, h: height };
  const outside = Object.entries(rects).filter(([, r]) => !inside(r, screen)).map(([n]) => n);
  assert.deepEqual(outside, [], `${label}: drawn outside the window`);
  assert.deepEqual(overlaps(rects), [], `${label}: widgets overlap`);
  return rects;
}

const modes = [
  ['lesson layout', { presenter: false, lessonLayout: true }],
  ['workbench', { presenter: false, lessonLayout: false }],
  ['presenter view', { presenter: true, lessonLayout: true }],
];

// The mode as a trainer changes it mid-talk: the View menu's "Lesson layout" and the title
// bar's presenter button, in place.
async function switchMode(page, { presenter, lessonLayout }) {
  const s = await state(page);
  if (s.lessonLayout !== lessonLayout) {
    await clickWidget(page, 'menu.view');
    await clickWidget(page, 'menu.lesson_layout');
  }
  if (s.presenter !== presenter) await clickWidget(page, 'title.presenter');
  return waitForState(page, (st) => st.presenter === presenter && st.lessonLayout === lessonLayout);
}

describe('the page at every size', () => {
  for (const [width, height] of [[1024, 640], [1280, 800], [1920, 1080]]) {
    test(`${width}x${height}: inside the window, nothing overlapping, at 100 % and 250 %`, async () => {
      // A lesson open on step 2 of "Composite keys" (a task, so the builder is in the lesson
      // layout), with Books on show.
      const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=composite-keys&step=2`,
        { width, height });
      try {
        await waitForState(page, (s) => s.lesson?.step === 2 && s.tablesListed > 0);
        for (const scale of [1, 2.5]) {
          // Each text size from a reload with it saved (the page laid out from its settings at
          // start-up), then each mode switched to in place.
          for (const [m, [mode, settings]] of modes.entries()) {
            const label = `${width}x${height} at ${scale * 100} %, ${mode}`;
            const s = m === 0
              ? await reloadWithSettings(page, { fontScale: scale, table: 'Books', ...settings })
              : await switchMode(page, settings);
            // A Query's trace on show in every mode: its summary line must fit too (at 250 % in
            // the presenter view it was cut after "0.5 R").
            if (m === 0) {
              await exec(page, 'Query', { TableName: 'Books', KeyConditionExpression: 'authorId = :a',
                ExpressionAttributeValues: { ':a': { S: 'AUTHOR#terry' } } });
            }
            // Where the panels take turns, the data view (which reports the table on show) waits
            // behind the builder.
            const turns = mode === 'lesson layout' && width === 1024 && scale === 2.5;
            await waitForState(page, (st) => st.lesson?.step === 2 && (turns || st.selectedTable === 'Books'));
            await waitFrames(page, 3);
            const rects = await assertFits(page, width, height, label);
            if (mode === 'presenter view') assert.ok(rects['data.trace_summary'], `${label}: the Query's trace is summed up`);
            // Nothing is cut at a panel's side (the probe marks a widget that runs past its
            // window: the operation list and the key line at 250 % beside a lesson were, and a
            // history entry's Copy button), but the partition map's columns and their items,
            // which scroll sideways, and the rows of the table list and the history, which ImGui
            // draws to the list's very edge. The whole workbench at 250 % is kept to the largest
            // window: below it, a lesson is taught in the lesson layout or the presenter view.
            if (mode !== 'workbench' || scale === 1 || width === 1920) {
              const cut = Object.entries(rects).filter(([n, r]) => r.cut && !/^(partition:|item:|table:|history\.entry:)/.test(n)).map(([n]) => n);
              assert.deepEqual(cut, [], `${label}: cut at a panel's side`);
            }
            for (const name of ['title.presenter', 'title.larger', 'title.smaller', 'menu.sandbox', 'menu.view',
              'lesson.next', 'lesson.back', 'lesson.list']) {
              assert.ok(rects[name], `${label}: ${name} is on screen`);
            }
            const panels = Object.keys(rects).filter((n) => n.startsWith('panel:')).sort();
            // The lesson layout at 1024x640 and 250 % has no room for its panels side by side
            // or stacked: the data view, the builder and the response take turns beside the
            // lesson (a step with a task opens on the builder).
            assert.equal(Boolean(rects['turn.data']), turns, `${label}: the panels take turns`);
            const expected = mode === 'workbench'
              ? ['panel:builder', 'panel:data', 'panel:history', 'panel:lessons', 'panel:response', 'panel:tables', 'panel:trace']
              : turns
                ? ['panel:builder', 'panel:lessons']
                : mode === 'lesson layout'
                  ? ['panel:builder', 'panel:data', 'panel:lessons', 'panel:response']
                  : ['panel:data', 'panel:lessons'];
            assert.deepEqual(panels, expected, `${label}: the panels of the ${mode}`);
            if (turns) {
              assert.ok(rects['builder.run'], `${label}: Run is in view on the builder's turn`);
              await screenshot(page, `viewport-${width}x${height}-${scale * 100}-lesson-layout-builder.png`);
              for (const turn of ['response', 'data']) {
                await clickWidget(page, `turn.${turn}`);
                await waitFrames(page, 3);
                const shown = await assertFits(page, width, height, `${label}, ${turn}'s turn`);
                assert.deepEqual(Object.keys(shown).filter((n) => n.startsWith('panel:')).sort(),
                  ['panel:lessons', `panel:${turn}`].sort(), `${label}: ${turn}'s turn`);
                if (turn === 'data') {
                  // The data view has the place beside the lesson to itself, and items in it
                  // (side by side it had a quarter of the width and no whole item).
                  assert.ok(shown['panel:data'].w >= 0.45 * width, `${label}: the data view's width (${shown['panel:data'].w})`);
                  assert.ok(Object.keys(shown).some((n) => n.startsWith('item:')), `${label}: items are in view`);
                }
              }
            }
            if (mode === 'workbench' && height === 640 && scale === 1) {
              // The smallest window still gives the builder its key's two fields and a few
              // lines of the item (it had two field rows and the item's label cut in half).
              for (const name of ['builder.key:partition', 'builder.key:sort', 'builder.run']) {
                assert.ok(rects[name]?.h >= 20, `${label}: ${name} is in view (${JSON.stringify(rects[name])})`);
              }
              assert.ok(rects['builder.body']?.h >= 60, `${label}: three lines of the item are in view (${JSON.stringify(rects['builder.body'])})`);
            }
            if (mode === 'presenter view') {
              // The room sees items, not only headers.
              assert.ok(Object.keys(rects).some((n) => n.startsWith('item:')), `${label}: items are in view`);
            }
            await screenshot(page, `viewport-${width}x${height}-${scale * 100}-${mode.replace(/ /g, '-')}.png`);
            assert.equal(s.fontScale, scale);
          }
        }
        // Esc leaves the presenter view (the page is in it after the last round).
        await page.keyboard.press('Escape');
        await waitForState(page, (st) => !st.presenter);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});

describe('an index on show at the smallest size', () => {
  test('1024x640: the index chooser, summary and writes on the way fit, at 100 % and 250 %', async () => {
    const width = 1024;
    const height = 640;
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=global-indexes`, { width, height });
    try {
      await waitForState(page, (s) => s.lesson?.step === 1 && s.tablesListed > 0);
      for (const scale of [1, 2.5]) {
        for (const [mode, settings] of modes) {
          const label = `${width}x${height} at ${scale * 100} %, ${mode}, index ByEmail`;
          await reloadWithSettings(page, { fontScale: scale, table: 'Users', ...settings });
          await waitForState(page, (st) => st.lesson?.step === 1);
          // Where the panels take turns (the lesson layout at 250 %), the data view's.
          if (await widgetRect(page, 'turn.data')) await clickWidget(page, 'turn.data');
          await waitForState(page, (st) => st.selectedTable === 'Users');
          // A short panel offers the views in a combo; a tall one as radio buttons.
          if (!(await widgetRect(page, 'data.view:ByEmail'))) await clickWidget(page, 'data.view');
          await clickWidget(page, 'data.view:ByEmail');
          // A write on its way (the lesson holds GSI writes back 20 s), so its line is drawn.
          const put = await page.evaluate(() => window.playground.exec('PutItem', JSON.stringify({
            TableName: 'Users', Item: { userId: { S: `v${Date.now()}` }, email: { S: 'new@example.com' } } })));
          assert.ok(!put.includes('Exception'), put);
          await waitForState(page, (st) => st.dataIndex === 'ByEmail' && st.indexPending > 0);
          await waitFrames(page, 3);
          await screenshot(page, `viewport-index-${scale * 100}-${mode.replace(/ /g, '-')}.png`);
          await assertFits(page, width, height, label);
          // However short the panel, the headers (the chooser, the key, the write on its way, the
          // trace line) leave the items rows of their own, scrolled into view after a request:
          // at 250 % they left none. (Not in the whole workbench at 250 %: its nine panels leave
          // the data view a strip the height of a partition's header; the lesson layout, where
          // the panels take turns, is the one for that size.)
          if (!(mode === 'workbench' && scale === 2.5)) {
            const rects = await page.evaluate(() => window.playground.widgetRects());
            const rows = Object.entries(rects).filter(([n, r]) => n.startsWith('item:') && r.h >= 10);
            assert.ok(rows.length > 0, `${label}: no item row of the index in view`);
          }
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('the panels taking turns follow the learner', () => {
  test('1024x640 at 250 %: a task opens on the builder, Show me turns to it, an error to the response, an answer to the data', async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=composite-keys&step=2`,
      { width: 1024, height: 640 });
    const shown = async () => Object.keys(await page.evaluate(() => window.playground.widgetRects()))
      .filter((n) => n.startsWith('panel:') && n !== 'panel:lessons');
    // The panel on show once a request's answer is in (a few frames: it is not on show to wait on).
    const turnsTo = async (panel, why) => {
      for (let i = 0; i < 40 && (await shown()).join() !== panel; i++) await waitFrames(page, 2);
      assert.deepEqual(await shown(), [panel], why);
    };
    try {
      await waitForState(page, (s) => s.lesson?.step === 2 && s.tablesListed > 0);
      await reloadWithSettings(page, { fontScale: 2.5, table: 'Books', presenter: false, lessonLayout: true });
      await waitForState(page, (s) => s.lesson?.step === 2);
      await waitFrames(page, 3);
      assert.deepEqual(await shown(), ['panel:builder'], 'a step with a task opens on the builder');
      await clickWidget(page, 'turn.data');
      await waitFrames(page, 2);
      assert.deepEqual(await shown(), ['panel:data']);
      // The data view has no title bar when the panels take turns: the pointer resting on its
      // button names the table (a tooltip comes after ImGui's delay, in wall time).
      let named = null;
      for (let i = 0; i < 40 && !named; i++) {
        await waitFrames(page, 2);
        named = await page.evaluate(() => window.playground.widgetRect('turn.data.tooltip'));
      }
      assert.ok(named, 'the Data button names the table on show');
      await scrollTo(page, 'lesson.showme', 'lesson.body');
      await clickWidget(page, 'lesson.showme');
      await waitFrames(page, 3);
      assert.deepEqual(await shown(), ['panel:builder'], 'Show me turns to the builder');
      // Its example, a GetItem with the whole key, works: Run turns to the data view.
      await clickWidget(page, 'builder.run');
      await turnsTo('panel:data', 'an answer turns to the data view');
      const worked = await state(page);
      assert.equal(worked.lastError, null);
      assert.deepEqual([worked.lesson.task.attempted, worked.lesson.task.passed, worked.lesson.task.failedAttempts],
        [true, false, 0], 'the example ran, did not do the task, and is no attempt');
      // The task is to provoke an error (GetItem with half a key), typed into the JSON tab:
      // Run turns to the response.
      await clickWidget(page, 'turn.builder');
      await clickWidget(page, 'builder.tab:json');
      await clickWidget(page, 'builder.json');
      await page.keyboard.press('Control+A');
      await typeText(page, '{"TableName": "Books", "Key": {"authorId": {"S": "AUTHOR#ursula"}}}');
      await clickWidget(page, 'builder.run');
      await turnsTo('panel:response', 'an error turns to the response');
      const failed = await waitForState(page, (st) => st.response !== null);
      assert.equal(failed.response.errorType, 'ValidationException');
      assert.equal(failed.lesson.task.passed, true, 'half a key was the task');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
