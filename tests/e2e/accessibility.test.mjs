// Accessibility: the canvas is opaque to screen readers, so the page mirrors the lesson text
// and every response into off-screen live regions; and the page can be driven with the
// keyboard alone (ImGui's keyboard navigation, with a visible focus).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  clickWidget, liveText, openPage, screenshot, siteAndBrowser, typeText, waitForState,
} from './support.mjs';

const site = siteAndBrowser();

describe('screen readers', () => {
  test('the lesson and each response are mirrored into polite live regions', async () => {
    const { page, context } = await openPage(site.browser, site.server.url);
    try {
      const regions = await page.evaluate(() => ['live-lesson', 'live-response'].map((id) => {
        const e = document.getElementById(id);
        return { id, live: e.getAttribute('aria-live'), hidden: e.closest('.sr-only') !== null };
      }));
      assert.deepEqual(regions, [{ id: 'live-lesson', live: 'polite', hidden: true }, { id: 'live-response', live: 'polite', hidden: true }]);
      await page.waitForFunction(() => document.getElementById('live-lesson').textContent.startsWith('Lessons.'));
      assert.match(await liveText(page, 'live-lesson'),
        /^Lessons\. Pick one to start; the sandbox works without them too\.\n1\. Your first table: keys, not columns, 10 minutes\.\n2\. /);

      await clickWidget(page, 'tables.create_sample');
      await waitForState(page, (s) => s.selectedTable === 'Books');
      await clickWidget(page, 'builder.operation');
      await clickWidget(page, 'builder.operation:Query');
      await clickWidget(page, 'builder.run');
      await page.waitForFunction(() => document.getElementById('live-response').textContent.startsWith('Query'));
      assert.match(await liveText(page, 'live-response'), /^Query succeeded\. Count 1, ScannedCount 1\. 0\.5 capacity units consumed\.$/);

      await clickWidget(page, 'builder.operation');
      await clickWidget(page, 'builder.operation:GetItem');
      await clickWidget(page, 'builder.tab:json');
      await clickWidget(page, 'builder.json');
      await page.keyboard.press('Control+A');
      await typeText(page, '{"TableName": "Books", "Key": {"authorId": {"S": "x"}}}');
      await page.keyboard.press('Control+Enter');
      await page.waitForFunction(() => document.getElementById('live-response').textContent.startsWith('GetItem'));
      assert.equal(await liveText(page, 'live-response'),
        'GetItem failed: ValidationException. The provided key element does not match the schema In plain words: ' +
        'The Key must name exactly the table\'s key attributes (partition key, and sort key if the table has one) ' +
        'with their defined types - no other attributes, none missing.');
    } finally {
      await context.close();
    }
  });
});

describe('keyboard only', () => {
  test('Tab and the arrow keys reach the sample button and Enter presses it; the focus is drawn', async () => {
    const { page, context, errors } = await openPage(site.browser, site.server.url);
    try {
      // The page starts with the Tables panel focused; Tab walks its widgets.
      let s;
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        s = await waitForState(page, (st) => st.input.queuedEvents === 0);
        if (s.focused === 'tables.new') break;
      }
      assert.equal(s.focused, 'tables.new', 'Tab walks the widgets to "New table"');
      // The arrow keys move between neighbours: down from "New table" is the sample button.
      await page.keyboard.press('ArrowDown');
      s = await waitForState(page, (st) => st.input.queuedEvents === 0 && st.focused !== 'tables.new');
      assert.equal(s.focused, 'tables.create_sample');
      await screenshot(page, 'keyboard-focus.png');
      await page.keyboard.press('Enter');
      s = await waitForState(page, (st) => st.tablesListed === 1);
      assert.equal(s.selectedTable, 'Books');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('Ctrl+Tab moves between panels', async () => {
    const { page, context } = await openPage(site.browser, site.server.url);
    try {
      await page.keyboard.press('Tab');
      const seen = new Set();
      // Ctrl held, Tab pressed again and again: ImGui's window switcher walks the panels.
      for (let n = 1; n <= 5; n++) {
        await page.keyboard.down('Control');
        for (let i = 0; i < n; i++) await page.keyboard.press('Tab');
        await page.keyboard.up('Control');
        const s = await waitForState(page, (st) => st.input.queuedEvents === 0);
        seen.add(s.input.focusedWindow.split('###').pop());
      }
      assert.ok(seen.size >= 4, `Ctrl+Tab visits the panels: ${[...seen].join(', ')}`);
    } finally {
      await context.close();
    }
  });
});
