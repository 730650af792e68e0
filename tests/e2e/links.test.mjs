// Links: ?lesson=<id>&step=<n> opens the lesson player there; "Share link" makes a URL whose
// fragment carries the sandbox, compressed, and opening it recreates the sandbox; a sandbox
// too big for a link gets a clear message; a damaged link is reported.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  clickWidget, exec, openPage, reloadWithSettings, screenshot, siteAndBrowser, waitForState, widgetRect,
} from './support.mjs';

const site = siteAndBrowser();

const table = (name) => ({
  TableName: name, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }],
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }], BillingMode: 'PAY_PER_REQUEST',
});

describe('lesson links', () => {
  test('?lesson=&step= opens that step in the lesson player, and its text reaches the screen-reader mirror', async () => {
    const { page, context } = await openPage(site.browser, `${site.server.url}?lesson=composite-keys&step=2`);
    try {
      const s = await waitForState(page, (st) => st.lesson !== null);
      assert.equal(s.lesson.id, 'composite-keys');
      assert.equal(s.lesson.step, 2);
      assert.ok(await widgetRect(page, 'lesson.text'));
      const mirrored = await page.waitForFunction(() => {
        const text = document.getElementById('live-lesson').textContent;
        return text.startsWith('Lesson: ') && text;
      }).then((h) => h.jsonValue());
      assert.match(mirrored, /^Lesson: Composite keys: one author, many books\. Step 2 of 5: /);
    } finally {
      await context.close();
    }
  });

  test('a step that is not a number starts at step 1, and says so', async () => {
    const { page, context } = await openPage(site.browser, `${site.server.url}?lesson=first-table&step=two`);
    try {
      const s = await waitForState(page, (st) => st.lesson !== null);
      assert.equal(s.lesson.id, 'first-table');
      assert.equal(s.lesson.step, 1);
      assert.deepEqual(s.notices, ['The link\'s step "two" is not a step number; starting at step 1.']);
    } finally {
      await context.close();
    }
  });
});

describe('share links', () => {
  test('the share dialog stays inside the page at 200 % text and closes with Esc', async () => {
    const { page, context, errors } = await openPage(site.browser, site.server.url, { permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await reloadWithSettings(page, { fontScale: 2 });
      await waitForState(page, (st) => st.fontScale === 2);
      await exec(page, 'CreateTable', table('Shared'));
      await clickWidget(page, 'menu.sandbox');
      await clickWidget(page, 'menu.share');
      let s = await waitForState(page, (st) => st.share !== null && st.shareOpen);
      const box = await widgetRect(page, 'share.window');
      const { width, height } = page.viewportSize();
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.w <= width && box.y + box.h <= height,
        `the dialog ${JSON.stringify(box)} is inside the ${width}x${height} page`);
      await screenshot(page, 'share-200.png');
      await page.keyboard.press('Escape');
      s = await waitForState(page, (st) => !st.shareOpen);
      assert.equal(s.shareOpen, false);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('Share link makes a URL that recreates the sandbox in another browser', async () => {
    const { page, context } = await openPage(site.browser, site.server.url, { permissions: ['clipboard-read', 'clipboard-write'] });
    let url;
    try {
      await exec(page, 'CreateTable', table('Shared'));
      for (let i = 0; i < 20; i++) {
        await exec(page, 'PutItem', { TableName: 'Shared', Item: { pk: { S: `p${i % 3}` }, sk: { N: String(i) }, note: { S: 'hello' } } });
      }
      await clickWidget(page, 'menu.sandbox');
      await clickWidget(page, 'menu.share');
      const s = await waitForState(page, (st) => st.share !== null);
      assert.equal(s.share.ok, true, JSON.stringify(s.share));
      url = s.share.url;
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/#sandbox=[A-Za-z0-9_-]+$/);
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url, 'copied to the clipboard');
      assert.ok(await widgetRect(page, 'share.url'));
      await screenshot(page, 'share.png');
    } finally {
      await context.close();
    }
    const other = await openPage(site.browser, url);
    try {
      const s = await waitForState(other.page, (st) => st.tablesListed === 1 && st.itemsListed === 20);
      assert.equal(s.selectedTable, 'Shared');
      assert.match(s.notices[0], /^Loaded the sandbox from the link \(1 table\(s\)\)/);
      assert.equal(await other.page.evaluate(() => location.hash), '', 'the fragment is dropped once read');
      assert.equal(s.undoDepth, 1, "undo brings back the visitor's own sandbox");
    } finally {
      await other.context.close();
    }
  });

  test('a link opened over a sandbox of your own asks before replacing it; Cancel keeps yours', async () => {
    let url;
    {
      const { page, context } = await openPage(site.browser, site.server.url);
      await exec(page, 'CreateTable', table('FromLink'));
      await clickWidget(page, 'menu.sandbox');
      await clickWidget(page, 'menu.share');
      url = (await waitForState(page, (st) => st.share !== null)).share.url;
      await context.close();
    }
    const { page, context, errors } = await openPage(site.browser, site.server.url);
    try {
      await exec(page, 'CreateTable', table('Mine'));
      await exec(page, 'PutItem', { TableName: 'Mine', Item: { pk: { S: 'a' }, sk: { N: '1' } } });
      await waitForState(page, (st) => st.sandboxSaved);
      // The link pasted into this tab: only the fragment changes, and the page opens again.
      const openLink = async () => {
        await Promise.all([page.waitForEvent('load'), page.goto(url)]);
        await page.evaluate(() => window.playground.ready);
      };
      await openLink();
      let s = await waitForState(page, (st) => st.confirm !== null);
      assert.equal(s.confirm, 'Open the sandbox from this link?');
      assert.equal(s.tablesListed, 1, 'nothing replaced while it asks');
      const dialog = await widgetRect(page, 'confirm.window');
      assert.ok(dialog.x >= 0 && dialog.y >= 0 && dialog.x + dialog.w <= 1280 && dialog.y + dialog.h <= 800, 'inside the window');
      await screenshot(page, 'link-confirm.png');
      await page.keyboard.press('Escape');
      s = await waitForState(page, (st) => st.confirm === null);
      assert.equal(s.selectedTable === 'FromLink', false);
      assert.equal((await exec(page, 'ListTables', {})).body.TableNames.join(), 'Mine', 'Esc keeps your own sandbox');
      await openLink();
      await waitForState(page, (st) => st.confirm !== null);
      await clickWidget(page, 'confirm.yes');
      s = await waitForState(page, (st) => st.confirm === null && st.selectedTable === 'FromLink');
      assert.match(s.notices[0], /^Loaded the sandbox from the link \(1 table\(s\)\)/);
      // One step for the link's load, over the one saved with your sandbox (its two requests,
      // sent within a second, made one): undo steps outlive the page's reload now.
      assert.equal(s.undoDepth, 2);
      await clickWidget(page, 'menu.sandbox');
      await clickWidget(page, 'menu.undo');
      await waitForState(page, (st) => st.undoDepth === 1);
      assert.equal((await exec(page, 'ListTables', {})).body.TableNames.join(), 'Mine', 'and Undo brings yours back');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a sandbox too big for a link gets a clear message', async () => {
    const { page, context } = await openPage(site.browser, site.server.url);
    try {
      await exec(page, 'CreateTable', table('Big'));
      // Random text does not compress: 400 items of 120 random characters.
      await page.evaluate(() => {
        const random = () => Array.from({ length: 120 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');
        for (let b = 0; b < 16; b++) {
          const writes = [];
          for (let i = 0; i < 25; i++) writes.push({ PutRequest: { Item: { pk: { S: random() }, sk: { N: String(b * 25 + i) } } } });
          window.playground.exec('BatchWriteItem', { RequestItems: { Big: writes } });
        }
      });
      await clickWidget(page, 'menu.sandbox');
      await clickWidget(page, 'menu.share');
      const s = await waitForState(page, (st) => st.share !== null);
      assert.equal(s.share.ok, false);
      assert.match(s.share.message, /^This sandbox compresses to a [\d,]+-character link, more than a link can safely carry \(32,768\)\./);
      assert.ok(await widgetRect(page, 'share.message'));
      await screenshot(page, 'share-too-big.png');
    } finally {
      await context.close();
    }
  });

  test('a damaged link is reported and the page starts empty', async () => {
    const { page, context } = await openPage(site.browser, `${site.server.url}#sandbox=AAAAAAAA`);
    try {
      const s = await waitForState(page, (st) => st.notices.length > 0);
      assert.match(s.notices[0], /^The link's sandbox could not be read: the link is cut short or damaged/);
      assert.equal(s.tablesListed, 0);
    } finally {
      await context.close();
    }
  });
});
