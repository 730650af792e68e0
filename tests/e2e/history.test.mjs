// History, undo, redo and reset: every request is listed with its response; it can be re-run,
// loaded into the builder, or copied as JSON; writes can be undone and redone; reset empties
// the sandbox and can itself be undone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, exec, openPage, screenshot, scrollTo, siteAndBrowser, state, waitForState, waitFrames, widgetRect,
} from './support.mjs';

const site = siteAndBrowser();

describe('history and undo', () => {
  let page;
  let context;
  let errors;
  before(async () => {
    ({ page, context, errors } = await openPage(site.browser, site.server.url, { permissions: ['clipboard-read', 'clipboard-write'] }));
    await clickWidget(page, 'tables.create_sample');
    await waitForState(page, (s) => s.selectedTable === 'Books' && s.itemsListed === 8);
  });
  after(() => context?.close());

  test('writes are listed and undone and redone one at a time', async () => {
    await clickWidget(page, 'builder.run'); // PutItem: the example book
    let s = await waitForState(page, (st) => st.itemsListed === 9);
    assert.equal(s.historyCount, 2);
    assert.equal(s.undoDepth, 2);
    await clickWidget(page, 'builder.operation');
    await clickWidget(page, 'builder.operation:GetItem');
    await clickWidget(page, 'builder.run'); // a read: listed, but nothing to undo
    s = await waitForState(page, (st) => st.historyCount === 3);
    assert.equal(s.undoDepth, 2);

    await clickWidget(page, 'history.undo');
    s = await waitForState(page, (st) => st.itemsListed === 8);
    assert.equal(s.undoDepth, 1);
    assert.equal(s.redoDepth, 1);
    await clickWidget(page, 'history.undo');
    s = await waitForState(page, (st) => st.tablesListed === 0);
    assert.equal(s.selectedTable, null);
    await clickWidget(page, 'history.redo');
    s = await waitForState(page, (st) => st.tablesListed === 1);
    await clickWidget(page, 'table:Books');
    await clickWidget(page, 'history.redo');
    s = await waitForState(page, (st) => st.itemsListed === 9);
    assert.equal(s.redoDepth, 0);
  });

  test('a new write after an undo drops the redo steps', async () => {
    await clickWidget(page, 'history.undo');
    let s = await waitForState(page, (st) => st.itemsListed === 8);
    assert.equal(s.redoDepth, 1);
    await exec(page, 'DeleteItem', { TableName: 'Books', Key: { authorId: { S: 'banks' }, bookId: { S: '1987-phlebas' } } });
    s = await waitForState(page, (st) => st.itemsListed === 7);
    assert.equal(s.redoDepth, 0);
    await clickWidget(page, 'history.undo');
    s = await waitForState(page, (st) => st.itemsListed === 8);
  });

  test('reset empties the sandbox, and undo brings it back', async () => {
    await clickWidget(page, 'history.reset');
    await clickWidget(page, 'history.reset_confirm');
    let s = await waitForState(page, (st) => st.tablesListed === 0);
    await screenshot(page, 'history-reset.png');
    // An empty sandbox has nothing to reset: the button is greyed out and asks nothing.
    await clickWidget(page, 'history.reset');
    await waitFrames(page, 2);
    assert.equal(await widgetRect(page, 'history.reset_confirm'), null, 'no question over an empty sandbox');
    await clickWidget(page, 'history.undo');
    s = await waitForState(page, (st) => st.tablesListed === 1);
    assert.equal(s.redoDepth, 1);
    await clickWidget(page, 'table:Books');
    await waitForState(page, (st) => st.itemsListed === 8);
  });

  test('an entry re-runs, loads into the builder, and copies as JSON', async () => {
    const before = await state(page);
    // Entry 2 is the first PutItem, far down the list (newest first).
    await scrollTo(page, 'history.rerun:2', 'panel:history');
    await clickWidget(page, 'history.rerun:2');
    let s = await waitForState(page, (st) => st.historyCount === before.historyCount + 1);
    assert.equal(s.response.operation, 'PutItem');
    assert.equal(s.itemsListed, 9);

    await scrollTo(page, 'history.edit:2', 'panel:history');
    await clickWidget(page, 'history.edit:2');
    s = await waitForState(page, (st) => st.operation === 'PutItem');
    assert.equal(JSON.parse(s.editorText).bookId.S, '1972-farthest-shore');

    await scrollTo(page, 'history.copy:2', 'panel:history');
    await clickWidget(page, 'history.copy:2');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    assert.equal(copied.operation, 'PutItem');
    assert.equal(copied.status, 200);
    assert.equal(copied.request.TableName, 'Books');
    assert.ok('ConsumedCapacity' in copied.response);
    await screenshot(page, 'history.png');
    assert.deepEqual(errors, []);
  });
});
