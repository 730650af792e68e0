// A NoSQL Workbench model brought to the page: dropped on it, its tables, items and facets appear;
// each facet is a Query to run; the tables go back out as a Workbench model (the loaded one, with
// the changes, after a reload too), CloudFormation, and the history's replay script. A broken model
// is refused with the file and the JSON Pointer, and the sandbox stays as it was.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, openPage, reload, reloadWithSettings, repoRoot, screenshot, scrollTo, siteAndBrowser, waitForState, widgetRect,
} from './support.mjs';

const site = siteAndBrowser();
const modelPath = path.join(repoRoot, 'tests/data/workbench/01-orders-v3.json');

// Drops `text` as a file named `name` on the page's canvas, as a file manager does.
function dropFile(page, name, text) {
  return page.evaluate(([name, text]) => {
    const data = new DataTransfer();
    data.items.add(new File([text], name, { type: 'application/json' }));
    const canvas = document.querySelector('canvas');
    canvas.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    canvas.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, [name, text]);
}

describe('a NoSQL Workbench model', () => {
  let page;
  let context;
  let historyBefore;
  before(async () => {
    ({ page, context } = await openPage(site.browser, site.server.url));
    historyBefore = (await waitForState(page, (st) => st.frameCount > 0)).historyCount;
  });
  after(() => context?.close());

  test('dropped on the page: its tables, items and facets appear, each facet a Query to run', async () => {
    await dropFile(page, '01-orders-v3.json', fs.readFileSync(modelPath, 'utf8'));
    let s = await waitForState(page, (st) => st.imported !== null);
    assert.deepEqual(s.imported, {
      headline: 'Loaded the NoSQL Workbench model OnlineShop: 1 table, 5 items.', notices: [],
      facets: ['Shop · Customer (CustomerId, Profile)', 'Shop · Order (CustomerId, OrderId)'], patterns: [],
    });
    assert.equal(s.importOpen, true);
    s = await waitForState(page, (st) => st.selectedTable === 'Shop');
    assert.equal(s.tablesListed, 1);
    assert.equal(s.historyCount, historyBefore + 1, 'one history entry: the load, undoable at once');
    await screenshot(page, 'workbench-loaded-1024.png');
    await clickWidget(page, 'import.facet.0.run');
    s = await waitForState(page, (st) => st.response?.operation === 'Query');
    assert.equal(s.response.status, 200);
    assert.equal(s.response.count, 3);  // the customer's profile and two orders: one item collection
    await clickWidget(page, 'import.facet.1.edit');
    s = await waitForState(page, (st) => st.operation === 'Query' && st.builderJson.includes('CUSTOMER#c1'));
  });

  test('its tables go out as the model with the changes, as CloudFormation, and as the replay script', async () => {
    // A change: the model written back carries it.
    await page.evaluate(() => window.playground.exec('DeleteItem', { TableName: 'Shop', Key: { PK: { S: 'CUSTOMER#c2' }, SK: { S: 'PROFILE' } } }));
    if ((await waitForState(page, (st) => st)).importOpen) await clickWidget(page, 'import.close');
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.tables_code');
    let s = await waitForState(page, (st) => st.code !== null);
    assert.ok(s.code.text.includes('  ShopTable:\n    Type: "AWS::DynamoDB::Table"\n'), s.code.text);
    await clickWidget(page, 'code.kind.2');
    s = await waitForState(page, (st) => st.code.kind === 'Terraform');
    assert.ok(s.code.text.includes('resource "aws_dynamodb_table" "shop" {'), s.code.text);
    await clickWidget(page, 'code.kind.5');
    s = await waitForState(page, (st) => st.code.kind === 'NoSQL Workbench');
    const model = JSON.parse(s.code.text);
    const original = JSON.parse(fs.readFileSync(modelPath, 'utf8'));
    assert.match(model.ModelMetadata.DateLastModified, /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M$/);
    model.ModelMetadata.DateLastModified = original.ModelMetadata.DateLastModified;
    original.DataModel[0].TableData.splice(3, 1);
    assert.deepEqual(model, original);
    await screenshot(page, 'workbench-export-1024.png');
    await clickWidget(page, 'code.close');
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.history_script');
    s = await waitForState(page, (st) => st.code !== null);
    assert.ok(s.code.text.includes('DeleteItemCommand'), s.code.text);
    await clickWidget(page, 'code.close');
  });

  test('a broken model is refused with the file and the JSON Pointer, and the sandbox stays as it was', async () => {
    // The model's GSI writes arrive on the page's clock and move the revision: they are all in
    // before the drop, so that a revision that moves is the drop's.
    const before = await waitForState(page, (st) => st.code === null && !st.backgroundWork);
    const broken = fs.readFileSync(modelPath, 'utf8').replace('"SK": {"S": "ORDER#2026-10-01#o1"},', '');
    await dropFile(page, 'broken.json', broken);
    const s = await waitForState(page, (st) => st.importError !== '');
    assert.equal(s.importError, 'ValidationException: broken.json: /DataModel/0/TableData/1: One or more parameter values were invalid: Missing the key SK in the item');
    assert.equal(s.imported, null);
    assert.equal(s.revision, before.revision);
    assert.equal(s.historyCount, before.historyCount);
    await screenshot(page, 'workbench-refused-1024.png');
    // A reload keeps the model's tables and items (less the profile deleted above), and Undo
    // still has the load and the delete to take back.
    await waitForState(page, (st) => st.sandboxSaved);
    const reloaded = await reload(page);
    const back = await waitForState(page, (st) => st.tablesListed === 1 && st.selectedTable === 'Shop' && st.itemsListed === 4);
    assert.equal(back.undoDepth, before.undoDepth, JSON.stringify({ before: before.undoDepth, reloaded: reloaded.undoDepth }));
    // And the model they came from: the Workbench tab still writes it back with the change, its
    // facets and metadata kept, not a new model.
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.tables_code');
    await waitForState(page, (st) => st.code !== null);
    await clickWidget(page, 'code.kind.5');
    const code = await waitForState(page, (st) => st.code.kind === 'NoSQL Workbench');
    const model = JSON.parse(code.code.text);
    const original = JSON.parse(fs.readFileSync(modelPath, 'utf8'));
    model.ModelMetadata.DateLastModified = original.ModelMetadata.DateLastModified;
    original.DataModel[0].TableData.splice(3, 1);
    assert.deepEqual(model, original);
    await clickWidget(page, 'code.close');
  });

  test('at 250 % text in the smallest window the model\'s notices, facets and buttons stay reachable', async () => {
    await reloadWithSettings(page, { fontScale: 2.5 });
    const text = fs.readFileSync(path.join(repoRoot, 'tests/data/workbench/05-extra-blocks-no-billing.json'), 'utf8');
    await dropFile(page, '05-extra-blocks-no-billing.json', text);
    // The sandbox has the Shop table: replacing it is asked first.
    await waitForState(page, (st) => st.confirm === 'Replace your sandbox with these tables?');
    await clickWidget(page, 'confirm.yes');
    await waitForState(page, (st) => st.imported !== null && st.imported.notices.length === 3);
    const window = await widgetRect(page, 'import.close');
    assert.ok(window && window.y + window.h <= 640, `Close inside the page: ${JSON.stringify(window)}`);
    await scrollTo(page, 'import.facet.0.run', 'import.body');
    const run = await widgetRect(page, 'import.facet.0.run');
    const body = await widgetRect(page, 'import.body');
    assert.ok(run && run.y + run.h <= body.y + body.h && body.y + body.h <= window.y, `the facet's Run shown above the buttons: ${JSON.stringify({ run, body, window })}`);
    await screenshot(page, 'workbench-loaded-250.png');
    await reloadWithSettings(page, { fontScale: 1 });
  });
});

// A team's CloudFormation template in YAML, dropped on the page as a Workbench model is: the page
// does not read YAML (the endpoint does), and says so and where, the sandbox as it was.
describe('a CloudFormation template in YAML', () => {
  let page;
  let context;
  before(async () => {
    ({ page, context } = await openPage(site.browser, site.server.url));
    await waitForState(page, (st) => st.frameCount > 0);
  });
  after(() => context?.close());

  test('dropped on the page: refused with where it can be read, the sandbox as it was', async () => {
    const before = await waitForState(page, (st) => !st.backgroundWork);
    await dropFile(page, 'stack.yaml', 'AWSTemplateFormatVersion: "2010-09-09"\nResources:\n  OrdersTable:\n    Type: AWS::DynamoDB::Table\n');
    const s = await waitForState(page, (st) => st.importError !== '');
    assert.equal(s.importError, 'ValidationException: stack.yaml: a CloudFormation template in YAML, which the page does not read: save it as JSON (`cfn-flip stack.yaml`), or serve it with the local endpoint (ddb-playground-server --import-cloudformation)');
    assert.equal(s.imported, null);
    assert.equal(s.revision, before.revision);
    assert.equal(s.historyCount, before.historyCount);
    await screenshot(page, 'cloudformation-yaml-refused-1024.png');
  });
});

// The AWS modelling assistant's data model, dropped on the page: its tables and items load, each
// access pattern is judged on a copy (the words are the engine test's), and one runs for real.
describe('a data model of AWS\'s modelling assistant', () => {
  let page;
  let context;
  before(async () => {
    ({ page, context } = await openPage(site.browser, site.server.url));
    await waitForState(page, (st) => st.frameCount > 0 && st.tablesListed === 0);
  });
  after(() => context?.close());

  test('dropped on the page: its tables and items load, each access pattern judged, and run from there', async () => {
    const model = fs.readFileSync(path.join(repoRoot, 'tests/data/data_model/orders.json'), 'utf8');
    await dropFile(page, 'dynamodb_data_model.json', model);
    let s = await waitForState(page, (st) => st.imported !== null);
    assert.equal(s.imported.headline, 'Loaded the data model from dynamodb_data_model.json: 1 table, 5 items, 9 access patterns.');
    assert.equal(s.imported.patterns.length, 9);
    assert.equal(s.imported.patterns[3], 'pattern 4 (Orders over 50): Scan of Orders: read 5 items to return 1 (a Scan reads the whole table; a key or an index would read only what it returns), 2 capacity units');
    s = await waitForState(page, (st) => st.selectedTable === 'Orders' && st.itemsListed === 5);
    await screenshot(page, 'data-model-loaded-1024.png');
    await scrollTo(page, 'import.pattern.2.run', 'import.body');
    await clickWidget(page, 'import.pattern.2.run');
    s = await waitForState(page, (st) => st.response?.operation === 'Query');
    assert.equal(s.response.status, 200);
    assert.equal(s.response.count, 2);  // the pending orders, from the ByStatus index
    // A reload keeps the model's tables and items, and Undo still has the load to take back.
    const saved = await waitForState(page, (st) => st.sandboxSaved);
    await reload(page);
    const back = await waitForState(page, (st) => st.tablesListed === 1 && st.selectedTable === 'Orders' && st.itemsListed === 5);
    assert.equal(back.undoDepth, saved.undoDepth);
    assert.ok(back.undoDepth >= 1, 'the load can be undone');
  });
});
