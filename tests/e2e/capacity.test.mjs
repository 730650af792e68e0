// Watch a hot key happen, through real clicks: start "one busy customer" from an empty sandbox,
// see the hot partition throttle in the heat map and its key at the top of the top-keys table;
// then start "shard the hot key" and see nothing throttle. The same in presenter view at
// 1280×800 and 250 % text. Screenshots go to artifacts/e2e/.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  clickWidget, exec, openPage, reloadWithSettings, screenshot, scrollTo, siteAndBrowser, state, stepClockUntil,
  waitFrames, waitForState, widgetRect,
} from './support.mjs';

const shared = siteAndBrowser();

async function startScenario(page, id) {
  await clickWidget(page, 'capacity.scenario');
  await clickWidget(page, `capacity.scenario:${id}`);
  await clickWidget(page, 'capacity.start');
}

test('one busy customer throttles one partition, and sharding the key stops it', async () => {
  const { context, page, errors } = await openPage(shared.browser, shared.server.url);
  try {
    // An empty sandbox offers the scenarios in the data view.
    assert.ok(await widgetRect(page, 'capacity.scenario'), 'the scenario picker is on screen');
    await startScenario(page, 'one-busy-customer');
    await waitForState(page, (s) => s.selectedTable === 'Orders' && s.dataMode === 'capacity');
    // A few seconds of traffic, on the page's clock: the busy customer's partition asks for
    // 1,200 WCU a second.
    await stepClockUntil(page, (s) => (s.capacity?.throttled ?? 0) > 500 && s.capacity.hotPartitions > 0);
    // Paused, as a trainer would before pointing at a key: while the clock plays, the running
    // totals above the top keys grow a line now and then and move them (a click under load
    // once landed on the spot the key had just left).
    await clickWidget(page, 'capacity.play');
    await waitForState(page, (s) => s.clockPlaying === false);
    const busy = (await state(page)).capacity;
    assert.equal(busy.scenario, 'one-busy-customer');
    assert.equal(busy.topThrottled, 'customer#0');
    assert.equal(busy.topAccessed, 'customer#0');
    assert.equal(busy.hotPartitions, 1, 'exactly one partition is red');
    await screenshot(page, 'capacity-busy.png');
    assert.ok(await scrollTo(page, 'capacity.heat', 'panel:data'), 'the heat map is in the data view');
    // The top key leads to its items.
    await scrollTo(page, 'capacity.top_accessed', 'panel:data');
    await clickWidget(page, 'capacity.top_accessed');
    await waitForState(page, (s) => s.dataMode === 'items' && s.gridFindRow !== null);
    await clickWidget(page, 'data.tab:capacity');
    await waitForState(page, (s) => s.dataMode === 'capacity');

    // Shard the key: the same customer over ten shards. Picking it while the first runs says so,
    // and the button stops the first (it read Start while the first went on running).
    await clickWidget(page, 'capacity.scenario');
    await clickWidget(page, 'capacity.scenario:shard-the-hot-key');
    assert.ok(await widgetRect(page, 'capacity.other_running'), 'the picker says the first scenario still runs');
    await clickWidget(page, 'capacity.start');
    await waitForState(page, (s) => !s.capacity?.running);
    await clickWidget(page, 'capacity.start');
    await stepClockUntil(page, (s) => s.capacity?.scenario === 'shard-the-hot-key' && s.capacity.made > 8000);
    const sharded = (await state(page)).capacity;
    assert.equal(sharded.throttled, 0);
    assert.equal(sharded.hotPartitions, 0);
    // The top keys are the last minute's, which still holds the busy customer's run: the list
    // says so (it went on naming customer#0 as if the fix had not worked), until it is out.
    assert.match((await state(page)).topKeysNote, /^This minute still holds \d+ s of \u201COne busy customer\u201D, which ended \d+ s ago: its keys leave these lists in \d+ s\.$/);
    assert.ok(await scrollTo(page, 'capacity.top_keys_note', 'panel:data'), 'the note is drawn above the top keys');
    await screenshot(page, 'capacity-sharded.png');
    await stepClockUntil(page, (st) => st.topKeysNote === '', { stepMs: 5000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [width, height] of [[1024, 640], [1280, 800], [1920, 1080]]) {
  test(`the capacity view works in presenter view at 250 % text, ${width}x${height}`, async () => {
    const { context, page, errors } = await openPage(shared.browser, shared.server.url, { width, height });
    try {
      await reloadWithSettings(page, { fontScale: 2.5 });
      await waitForState(page, (s) => s.fontScale === 2.5);
      await startScenario(page, 'one-busy-customer');
      await stepClockUntil(page, (s) => (s.capacity?.throttled ?? 0) > 200);
      await clickWidget(page, 'title.presenter');
      await waitForState(page, (s) => s.presenter === true);
      const shown = await state(page);
      assert.equal(shown.dataMode, 'capacity');
      assert.ok(await widgetRect(page, 'capacity.play'), 'the clock controls are at hand');
      await screenshot(page, width === 1280 ? 'capacity-presenter-250.png' : `capacity-presenter-250-${width}.png`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('a ?scenario= link starts the scenario, and a throttled request says why in the trace', async () => {
  const { context, page, errors } = await openPage(shared.browser, `${shared.server.url}?scenario=one-busy-customer`);
  try {
    await waitForState(page, (s) => s.capacity?.scenario === 'one-busy-customer' && s.dataMode === 'capacity');
    await stepClockUntil(page, (s) => s.capacity.hotPartitions > 0);
    // The learner's own write to the busy customer meets the same throttling.
    let throttled = null;
    for (let i = 0; i < 200 && !throttled; ++i) {
      const r = await exec(page, 'PutItem', {
        TableName: 'Orders', Item: { customerId: { S: 'customer#0' }, orderId: { S: `mine-${i}` } },
      });
      if (r.status !== 200) throttled = r;
    }
    assert.ok(throttled, 'one of the writes was throttled');
    assert.match(throttled.body.__type, /ProvisionedThroughputExceededException$/);
    assert.equal(throttled.body.ThrottlingReasons[0].reason, 'TableWriteKeyRangeThroughputExceeded');
    // The trace panel names the reason and the partition (the data view's own trace summary
    // steps aside while the traffic keeps changing the table).
    let line = null;
    for (let i = 0; i < 50 && !line; ++i) {
      await waitFrames(page, 2);
      line = await widgetRect(page, 'trace.throttle');
    }
    assert.ok(line, 'the trace says it was throttled');
    await screenshot(page, 'capacity-link-trace.png');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a link to a scenario that does not exist says so', async () => {
  const { context, page } = await openPage(shared.browser, `${shared.server.url}?scenario=nope`);
  try {
    await waitForState(page, (s) => s.notices.some((n) => n.includes('The link names no trainer scenario: "nope"')));
  } finally {
    await context.close();
  }
});
