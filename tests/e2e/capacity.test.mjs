// Watch a hot key happen, through real clicks: start "one busy customer" from an empty sandbox,
// see the hot partition throttle in the heat map and its key at the top of the top-keys table;
// then start "shard the hot key" and see nothing throttle. The same in presenter view at
// 1280×800 and 250 % text. Screenshots go to artifacts/e2e/.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  clickWidget, openPage, reloadWithSettings, screenshot, siteAndBrowser, state, waitForState, widgetRect,
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
    // A few seconds of traffic: the busy customer's partition asks for 1,200 WCU a second.
    await waitForState(page, (s) => (s.capacity?.throttled ?? 0) > 500 && s.capacity.hotPartitions > 0, 20000);
    const busy = (await state(page)).capacity;
    assert.equal(busy.scenario, 'one-busy-customer');
    assert.equal(busy.topThrottled, 'customer#0');
    assert.equal(busy.topAccessed, 'customer#0');
    assert.equal(busy.hotPartitions, 1, 'exactly one partition is red');
    await screenshot(page, 'capacity-busy-1280x800.png');
    assert.ok(await widgetRect(page, 'capacity.heat'), 'the heat map is on screen');

    // Shard the key: the same customer over ten shards.
    await startScenario(page, 'shard-the-hot-key');
    await waitForState(page, (s) => s.capacity?.scenario === 'shard-the-hot-key' && s.capacity.made > 8000, 20000);
    const sharded = (await state(page)).capacity;
    assert.equal(sharded.throttled, 0);
    assert.equal(sharded.hotPartitions, 0);
    await screenshot(page, 'capacity-sharded-1280x800.png');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the capacity view works in presenter view at 250 % text', async () => {
  const { context, page, errors } = await openPage(shared.browser, shared.server.url);
  try {
    await reloadWithSettings(page, { fontScale: 2.5 });
    await waitForState(page, (s) => s.fontScale === 2.5);
    await startScenario(page, 'one-busy-customer');
    await waitForState(page, (s) => (s.capacity?.throttled ?? 0) > 200, 20000);
    await clickWidget(page, 'title.presenter');
    await waitForState(page, (s) => s.presenter === true);
    const shown = await state(page);
    assert.equal(shown.dataMode, 'capacity');
    assert.ok(await widgetRect(page, 'capacity.play'), 'the clock controls are at hand');
    await screenshot(page, 'capacity-presenter-250.png');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
