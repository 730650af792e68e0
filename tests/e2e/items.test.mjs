// A table's items in and out of the page: a file of DynamoDB JSON Lines (gzipped too) dropped on
// the page goes into a table picked in the Load window, with a progress bar, as one undo step; a
// file with a failing item is refused with the line and the reason and changes nothing, unless
// the learner keeps the valid ones; the export downloads the items as CSV, which imports back
// into an empty table as the same items.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, exec, openPage, reloadWithSettings, screenshot, siteAndBrowser, waitForState, widgetRect,
} from './support.mjs';

const site = siteAndBrowser();

// Drops `bytes` (a string, or a Buffer for a binary file) as a file named `name` on the canvas,
// as a file manager does.
function dropFile(page, name, bytes) {
  const base64 = Buffer.from(bytes).toString('base64');
  return page.evaluate(([name, base64]) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name));
    const canvas = document.querySelector('canvas');
    canvas.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    canvas.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, [name, base64]);
}

// Books' items as DynamoDB JSON Lines: `n` books by ten authors; line `bad` lacks its sort key.
function booksLines(n, { from = 0, bad = 0 } = {}) {
  let text = '';
  for (let i = 1; i <= n; i++) {
    const item = { authorId: { S: `author-${(from + i) % 10}` }, bookId: { S: `book-${from + i}` }, year: { N: String(1900 + (i % 120)) } };
    if (i === bad) delete item.bookId;
    text += `${JSON.stringify({ Item: item })}\n`;
  }
  return text;
}

// The table's items by Scan, page after page (a Scan reads 1 MB at a time).
const count = (page, table) => page.evaluate((table) => {
  let total = 0;
  let start;
  do {
    const reply = JSON.parse(window.playground.exec('Scan', { TableName: table, Select: 'COUNT', ExclusiveStartKey: start }));
    total += reply.Count;
    start = reply.LastEvaluatedKey;
  } while (start);
  return total;
}, table);

// Downloads the open export window's file; resolves to its name and text.
async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), clickWidget(page, 'items_export.download')]);
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

describe('items in and out of a table', () => {
  let page;
  let context;
  before(async () => {
    ({ page, context } = await openPage(site.browser, site.server.url));
    await waitForState(page, (st) => st.frameCount > 0);
  });
  after(() => context?.close());

  test('without a table, the Load window says to create one first', async () => {
    await dropFile(page, 'books.jsonl', booksLines(3));
    const s = await waitForState(page, (st) => st.itemsImport !== null);
    assert.equal(s.tablesListed, 0);
    assert.deepEqual(s.itemsImport.tables, []);
    assert.ok(await widgetRect(page, 'items.no_table'));
    await clickWidget(page, 'items.close');
    await waitForState(page, (st) => !st.importOpen);
  });

  test('a dropped JSON Lines file goes into the table picked, with progress, as one undo step', async () => {
    await clickWidget(page, 'tables.create_sample');
    let s = await waitForState(page, (st) => st.selectedTable === 'Books');
    const undoDepth = s.undoDepth;
    const historyCount = s.historyCount;
    await dropFile(page, 'books.jsonl', booksLines(30000));
    s = await waitForState(page, (st) => st.itemsImport?.estimate === 30000);
    assert.equal(s.itemsImport.format, 'DynamoDB JSON Lines');
    assert.equal(s.itemsImport.estimate, 30000);
    assert.deepEqual(s.itemsImport.tables, ['Books']);
    assert.equal(s.itemsImport.table, 'Books');
    await screenshot(page, 'items-plan-1024.png');
    await clickWidget(page, 'items.import');
    const seen = [];
    s = await waitForState(page, (st) => {
      if (st.itemsImport.running) seen.push(st.itemsImport.progress);
      return st.itemsImport.outcome !== null;
    }, 30000);
    assert.equal(s.itemsImport.progress, 1, 'the bar reaches 100 %');
    assert.ok(seen.some((p) => p > 0 && p < 1), `progress shown on the way: ${seen}`);
    assert.deepEqual(s.itemsImport.outcome, {
      ok: true, headline: 'Imported 30,000 items into Books from books.jsonl.', error: '', problems: [], failed: 0,
      valid: 0, written: 30000, replaced: 0,
    });
    await screenshot(page, 'items-imported-1024.png');
    s = await waitForState(page, (st) => st.itemsListed === 30008);
    assert.equal(s.undoDepth, undoDepth + 1);
    assert.equal(s.historyCount, historyCount + 1, 'one history entry: the import');
    assert.equal(await count(page, 'Books'), 30008);  // (its Scans are listed too)
    await waitForState(page, (st) => st.sandboxSaved, 20000);  // the stored sandbox holds them
    await clickWidget(page, 'items.close');
    await clickWidget(page, 'history.undo');
    s = await waitForState(page, (st) => st.itemsListed === 8);
    assert.equal(await count(page, 'Books'), 8);
  });

  test('a gzipped file is unpacked first', async () => {
    await dropFile(page, 'more.jsonl.gz', zlib.gzipSync(booksLines(5)));
    let s = await waitForState(page, (st) => st.itemsImport?.estimate === 5);
    await clickWidget(page, 'items.import');
    s = await waitForState(page, (st) => st.itemsImport.outcome !== null);
    assert.equal(s.itemsImport.outcome.headline, 'Imported 5 items into Books from more.jsonl.gz.');
    assert.equal(await count(page, 'Books'), 13);
  });

  test('a failing line refuses the file, said by line and reason; the valid ones can be kept', async () => {
    const before = await waitForState(page, (st) => st);
    await dropFile(page, 'bad.jsonl', booksLines(5, { from: 100, bad: 3 }));
    await waitForState(page, (st) => st.itemsImport?.estimate === 5 && st.itemsImport.outcome === null);
    await clickWidget(page, 'items.import');
    let s = await waitForState(page, (st) => st.itemsImport.outcome !== null);
    const reason = 'One or more parameter values were invalid: Missing the key bookId in the item';
    assert.equal(s.itemsImport.outcome.ok, false);
    assert.equal(s.itemsImport.outcome.error, `ValidationException: line 3: ${reason}`);
    assert.deepEqual(s.itemsImport.outcome.problems, [`line 3: ${reason}`]);
    assert.equal(s.itemsImport.outcome.valid, 4);
    assert.equal(s.revision, before.revision, 'nothing written');
    assert.equal(s.historyCount, before.historyCount);
    assert.equal(await count(page, 'Books'), 13);
    await screenshot(page, 'items-refused-1024.png');
    await clickWidget(page, 'items.keep_valid');
    s = await waitForState(page, (st) => st.itemsImport.outcome?.ok === true);
    assert.equal(s.itemsImport.outcome.headline, 'Imported 4 items into Books from bad.jsonl; 1 item left out.');
    assert.equal(await count(page, 'Books'), 17);
    await clickWidget(page, 'items.close');
  });

  test('the export downloads the items as CSV, which imports back as the same items', async () => {
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.export_items');
    await waitForState(page, (st) => st.itemsExport !== null);
    await clickWidget(page, 'items_export.format.2');
    let s = await waitForState(page, (st) => st.itemsExport.format === 'CSV');
    assert.equal(s.itemsExport.fileName, 'Books.csv');
    await screenshot(page, 'items-export-1024.png');
    const books = await download(page);
    assert.equal(books.name, 'Books.csv');
    assert.ok(books.text.startsWith('authorId (S),bookId (S),title (S),year (N)\r\n'), books.text.slice(0, 80));
    assert.equal(books.text.trimEnd().split('\r\n').length, 18);
    await clickWidget(page, 'items_export.close');

    // Into an empty table with Books' keys, then out again: the same file.
    assert.equal((await exec(page, 'CreateTable', {
      TableName: 'Copy', BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'authorId', AttributeType: 'S' }, { AttributeName: 'bookId', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'authorId', KeyType: 'HASH' }, { AttributeName: 'bookId', KeyType: 'RANGE' }],
    })).status, 200);
    await dropFile(page, 'Books.csv', books.text);
    s = await waitForState(page, (st) => st.itemsImport?.format === 'CSV');
    assert.equal(s.itemsImport.estimate, 17);
    await clickWidget(page, 'items.table');
    await clickWidget(page, 'items.table:Copy');
    await clickWidget(page, 'items.import');
    s = await waitForState(page, (st) => st.itemsImport.outcome !== null);
    assert.equal(s.itemsImport.outcome.headline, 'Imported 17 items into Copy from Books.csv.');
    await clickWidget(page, 'items.close');
    await waitForState(page, (st) => st.selectedTable === 'Copy');
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.export_items');
    await clickWidget(page, 'items_export.format.2');
    const copy = await download(page);
    assert.equal(copy.name, 'Copy.csv');
    assert.equal(copy.text, books.text);
    await clickWidget(page, 'items_export.close');
  });

  test('the windows fit 250 % text at 1024x640', async () => {
    await reloadWithSettings(page, { fontScale: 2.5 });
    await clickWidget(page, 'table:Books');
    await dropFile(page, 'more.jsonl', booksLines(5, { from: 500 }));
    await waitForState(page, (st) => st.itemsImport !== null);
    const inside = (r) => r && r.x >= 0 && r.y >= 0 && r.x + r.w <= 1024 && r.y + r.h <= 640;
    assert.ok(inside(await widgetRect(page, 'items.import')), 'Import on screen');
    await screenshot(page, 'items-plan-250.png');
    await clickWidget(page, 'items.close');
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.export_items');
    await waitForState(page, (st) => st.itemsExport !== null);
    assert.ok(inside(await widgetRect(page, 'items_export.download')), 'Download on screen');
    await screenshot(page, 'items-export-250.png');
    await clickWidget(page, 'items_export.close');
    await reloadWithSettings(page, { fontScale: 1 });
  });
});
