// Presenter mode for training rooms: text from 100 to 250 %, a high-contrast light theme and
// the dark one, larger hit targets, and a view with only the lesson and the data — all kept
// across reloads. Screenshots of both themes at 1280x800 and 1920x1080, device pixel ratios 1
// and 2, go to artifacts/e2e/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, exec, openPage, openPagesAt, roomyViewport, screenshot, siteAndBrowser, state, waitForState,
  waitFrames, widgetRect,
} from './support.mjs';

// Presenter view against the workbench it replaces, at 1280x800 (other sizes: viewports.test.mjs).
openPagesAt(roomyViewport);

const site = siteAndBrowser();

const books = {
  TableName: 'Books',
  AttributeDefinitions: [{ AttributeName: 'authorId', AttributeType: 'S' }, { AttributeName: 'bookId', AttributeType: 'S' }],
  KeySchema: [{ AttributeName: 'authorId', KeyType: 'HASH' }, { AttributeName: 'bookId', KeyType: 'RANGE' }],
  BillingMode: 'PAY_PER_REQUEST',
};

async function fillBooks(page) {
  await exec(page, 'CreateTable', books);
  for (const [a, b, t] of [['le-guin', '1968-earthsea', 'A Wizard of Earthsea'], ['le-guin', '1974-dispossessed', 'The Dispossessed'],
    ['butler', '1979-kindred', 'Kindred'], ['chiang', '2002-stories', 'Stories of Your Life']]) {
    await exec(page, 'PutItem', { TableName: 'Books', Item: { authorId: { S: a }, bookId: { S: b }, title: { S: t } } });
  }
  await exec(page, 'Query', {
    TableName: 'Books', KeyConditionExpression: 'authorId = :a', FilterExpression: 'contains(title, :t)',
    ExpressionAttributeValues: { ':a': { S: 'le-guin' }, ':t': { S: 'Wizard' } },
  });
}

describe('presenter controls', () => {
  let page;
  let context;
  let errors;
  before(async () => {
    ({ page, context, errors } = await openPage(site.browser, site.server.url));
    await fillBooks(page);
    await clickWidget(page, 'table:Books');
    await waitForState(page, (s) => s.selectedTable === 'Books');
  });
  after(() => context?.close());

  test('A+ scales the text up to 250 % and A- back; widgets grow with it', async () => {
    const button = await widgetRect(page, 'title.larger');
    // Fifteen steps of 10 % reach 250 %; the sixteenth shows the cap.
    for (let i = 0; i < 16; i++) await clickWidget(page, 'title.larger');
    let s = await waitForState(page, (st) => st.fontScale >= 2.5);
    assert.equal(s.fontScale, 2.5, 'capped at 250 %');
    const big = await widgetRect(page, 'title.larger');
    assert.ok(big.h / button.h > 2.2 && big.h / button.h < 2.8, `A+ is ${big.h / button.h} times as tall`);
    assert.ok(await widgetRect(page, 'title.presenter'), 'the presenter toggle stays in the title bar');
    await screenshot(page, 'presenter-250.png');
    for (let i = 0; i < 15; i++) await clickWidget(page, 'title.smaller');
    s = await waitForState(page, (st) => st.fontScale <= 1.0);
    assert.equal(s.fontScale, 1);
  });

  test('View > Text size: the size the slider is dragged to stays when it is let go', async () => {
    await clickWidget(page, 'menu.view');
    const slider = await widgetRect(page, 'menu.font_scale');
    assert.ok(slider, 'the Text size slider is in the View menu');
    const y = slider.y + slider.h / 2;
    await page.mouse.move(slider.x + 4, y);
    await waitFrames(page, 1);
    await page.mouse.down();
    // Dragged over several frames, as a hand would, to the middle of its 200-pixel track (the
    // rest of the widget is its label).
    for (let i = 1; i <= 6; i++) {
      await page.mouse.move(slider.x + 4 + (96 * i) / 6, y);
      await waitFrames(page, 1);
    }
    await page.mouse.up();
    const s = await waitForState(page, (st) => st.fontScale > 1.3);
    assert.ok(s.fontScale > 1.55 && s.fontScale < 1.95, `text size ${s.fontScale * 100} % after dragging half way`);
    await waitFrames(page, 10);
    assert.equal((await state(page)).fontScale, s.fontScale, 'and it does not snap back');
    await page.keyboard.press('Escape');
    while ((await state(page)).fontScale > 1.0) await clickWidget(page, 'title.smaller');
  });

  test('the light high-contrast theme, and large hit targets', async () => {
    const run = await widgetRect(page, 'builder.run');
    await clickWidget(page, 'menu.view');
    await clickWidget(page, 'menu.theme_light');
    await waitForState(page, (st) => st.theme === 'light');
    await clickWidget(page, 'menu.view');
    await clickWidget(page, 'menu.large_targets');
    await waitForState(page, (st) => st.largeTargets);
    const roomy = await widgetRect(page, 'builder.run');
    assert.ok(roomy.h >= run.h * 1.25, `Run grew from ${run.h} to ${roomy.h} pixels tall`);
    await screenshot(page, 'presenter-light-large.png');
    await clickWidget(page, 'menu.view');
    await clickWidget(page, 'menu.large_targets');
    await waitForState(page, (st) => !st.largeTargets);
  });

  test('presenter view shows only the lesson and the data view, and survives a reload', async () => {
    await clickWidget(page, 'title.presenter');
    let s = await waitForState(page, (st) => st.presenter);
    assert.ok(await widgetRect(page, 'panel:lessons'));
    const data = await widgetRect(page, 'panel:data');
    assert.ok(data.w > 1280 * 0.6, 'the data view takes most of the width');
    for (const hidden of ['panel:builder', 'panel:tables', 'panel:history', 'panel:trace', 'panel:response']) {
      assert.equal(await widgetRect(page, hidden), null, `${hidden} is hidden`);
    }
    assert.ok(await widgetRect(page, 'data.trace_summary'), 'the painted trace stays');
    await screenshot(page, 'presenter-view-light.png');

    await page.reload();
    await page.evaluate(() => window.playground.ready);
    s = await waitForState(page, (st) => st.frameCount > 3);
    assert.equal(s.presenter, true);
    assert.equal(s.theme, 'light');
    assert.equal(s.selectedTable, 'Books', 'the sandbox and the selection came back too');
    await clickWidget(page, 'title.presenter');
    s = await waitForState(page, (st) => !st.presenter);
    assert.ok(await widgetRect(page, 'panel:builder'));
    assert.deepEqual(errors, []);
  });
});

for (const theme of ['dark', 'light']) {
  for (const [width, height, dpr] of [[1280, 800, 1], [1920, 1080, 1], [1280, 800, 2], [1920, 1080, 2]]) {
    test(`${theme} theme at ${width}x${height}, device pixel ratio ${dpr}`, async () => {
      const { page, context, errors } = await openPage(site.browser, site.server.url, { width, height, deviceScaleFactor: dpr });
      try {
        if (theme === 'light') {
          await clickWidget(page, 'menu.view');
          await clickWidget(page, 'menu.theme_light');
          await waitForState(page, (st) => st.theme === 'light');
        }
        await fillBooks(page);
        await clickWidget(page, 'table:Books');
        await waitForState(page, (s) => s.selectedTable === 'Books');
        await waitFrames(page, 3);
        // Nothing important falls off the window.
        for (const name of ['builder.run', 'data.trace_summary', 'history.undo', 'tables.new', 'title.presenter']) {
          const r = await widgetRect(page, name);
          assert.ok(r && r.x >= 0 && r.y >= 0 && r.x + r.w <= width && r.y + r.h <= height, `${name}: ${JSON.stringify(r)}`);
        }
        await screenshot(page, `theme-${theme}-${width}x${height}@${dpr}.png`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}
