// The table designer: the engine itself validates the table as the learner types (a dry run
// on a scratch database: the sandbox is untouched), the CreateTable request is previewed
// exactly as it will be sent, and Create sends it through the one write path.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, openPage, screenshot, siteAndBrowser, state, typeText, waitForState,
} from './support.mjs';

const site = siteAndBrowser();

async function typeInto(page, widget, text) {
  await clickWidget(page, widget);
  await page.keyboard.press('Control+A');
  return typeText(page, text);
}

describe('the table designer', () => {
  let page;
  let context;
  let errors;
  before(async () => {
    ({ page, context, errors } = await openPage(site.browser, site.server.url));
    await clickWidget(page, 'tables.create_sample');
    await waitForState(page, (s) => s.selectedTable === 'Books');
    await clickWidget(page, 'tables.new');
    await waitForState(page, (s) => s.designerPreview !== null);
  });
  after(() => context?.close());

  test('a valid table is previewed exactly as CreateTable will receive it', async () => {
    const s = await state(page);
    assert.equal(s.designerError, null);
    assert.deepEqual(JSON.parse(s.designerPreview), {
      TableName: 'Music',
      AttributeDefinitions: [{ AttributeName: 'artist', AttributeType: 'S' }, { AttributeName: 'songTitle', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'artist', KeyType: 'HASH' }, { AttributeName: 'songTitle', KeyType: 'RANGE' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  test('the engine\'s own messages appear as the learner types', async () => {
    let s = await typeInto(page, 'designer.name', 'ab');
    assert.equal(s.designerError, "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
      + 'Member must have length greater than or equal to 3');
    assert.equal(JSON.parse(s.designerPreview).TableName, 'ab');
    s = await typeInto(page, 'designer.name', 'Books');
    assert.equal(s.designerError, 'Table already exists: Books');
    s = await typeInto(page, 'designer.name', 'Playlists');
    assert.equal(s.designerError, null);
    // Both keys named alike: the two AttributeDefinitions clash first, as in DynamoDB.
    s = await typeInto(page, 'designer.sort_key', 'artist');
    assert.equal(s.designerError, 'Attribute Name is duplicated: artist');
    await screenshot(page, 'designer-error.png');
    s = await typeInto(page, 'designer.sort_key', 'position');
    assert.equal(s.designerError, null);
    assert.equal(s.tablesListed, 1, 'validating created nothing');
    assert.equal(s.historyCount, 1, 'and sent nothing through the sandbox');
  });

  test('Create sends the previewed request and selects the new table', async () => {
    const preview = (await state(page)).designerPreview;
    await screenshot(page, 'designer.png');
    await clickWidget(page, 'designer.create');
    const s = await waitForState(page, (st) => st.selectedTable === 'Playlists');
    assert.equal(s.tablesListed, 2);
    assert.equal(s.designerPreview, null, 'the designer closed');
    assert.equal(s.response.operation, 'CreateTable');
    assert.equal(s.response.requestBody, preview);
    assert.equal(s.undoDepth, 2, 'creating the table is an undo step');
    assert.deepEqual(errors, []);
  });
});
