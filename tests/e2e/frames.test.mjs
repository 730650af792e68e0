// The page draws only as often as what it shows needs: without a GPU a frame costs ~40 ms of
// CPU, and a laptop on battery pays for every one. After the last input it keeps drawing every
// frame for 1.5 s, then ten times a second while a countdown is on show (work due at set times:
// a TTL sweep, writes on their way to a GSI), else four times a second — and four times a
// second whatever is due while the page's clock is paused, since that work runs on it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  clickWidget, exec, openPage, siteAndBrowser, state, waitForState, waitFrames, widgetRect,
} from './support.mjs';

const env = siteAndBrowser();

// Frames drawn over `ms` of wall-clock time, starting 1.6 s after the last input and the
// sandbox's save (a second after a change; the page draws every frame while it saves).
// `asked` is how many animation frames the page asked the browser for meanwhile: between the
// frames it draws it asks for none (a timer starts its loop again), where asking for one on
// every display refresh cost Chromium a tenth of a core while the page sat idle.
async function framesAndAskedOver(page, ms) {
  await waitForState(page, (s) => s.sandboxSaved);
  await page.evaluate(() => {
    if (window.rafAsked !== undefined) return;
    window.rafAsked = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      window.rafAsked += 1;
      return raf(callback);
    };
  });
  await new Promise((r) => setTimeout(r, 1600));
  const at = () => page.evaluate(() => [window.playground.frameCount(), window.rafAsked]);
  const [frames, asked] = await at();
  await new Promise((r) => setTimeout(r, ms));
  const [framesAfter, askedAfter] = await at();
  return { frames: framesAfter - frames, asked: askedAfter - asked };
}
async function framesOver(page, ms) {
  return (await framesAndAskedOver(page, ms)).frames;
}

test('the page draws ten times a second for a TTL sweep to come, four times when nothing is due', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { drawOnDemand: false, paint: true });
  try {
    const sessions = {
      TableName: 'Sessions', BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    };
    assert.equal((await exec(page, 'CreateTable', sessions)).status, 200);
    assert.equal((await exec(page, 'PutItem', { TableName: 'Sessions', Item: { id: { S: 'a' }, expires: { N: '1' } } })).status, 200);
    assert.equal((await exec(page, 'UpdateTimeToLive', {
      TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'expires', Enabled: true },
    })).status, 200);
    assert.equal((await state(page)).backgroundWork, true);
    // 3 s at 100 ms a frame: 30, less what a busy machine drops; idle would be 12.
    const { frames: countdown, asked: countdownAsked } = await framesAndAskedOver(page, 3000);
    assert.ok(countdown >= 18 && countdown <= 32, `${countdown} frames in 3 s with a sweep to come`);
    // One animation frame asked for per frame drawn (and one a timer may start that finds the
    // next frame not quite due), not one per display refresh (180 in 3 s).
    assert.ok(countdownAsked <= 2 * countdown + 2, `${countdownAsked} animation frames asked for to draw ${countdown}`);

    assert.equal((await exec(page, 'DeleteTable', { TableName: 'Sessions' })).status, 200);
    assert.equal((await state(page)).backgroundWork, false);
    const { frames: idle, asked: idleAsked } = await framesAndAskedOver(page, 3000);
    assert.ok(idle >= 6 && idle <= 13, `${idle} frames in 3 s with nothing due`);
    assert.ok(idleAsked <= 2 * idle + 2, `${idleAsked} animation frames asked for to draw ${idle}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('traffic draws every frame while the clock plays, and four frames a second once it is paused', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { drawOnDemand: false, paint: true });
  try {
    await clickWidget(page, 'capacity.scenario');
    await clickWidget(page, 'capacity.scenario:one-busy-customer');
    await clickWidget(page, 'capacity.start');
    let s = await waitForState(page, (x) => x.capacity?.running === true && x.clockPlaying);
    // Running: every frame (a software GL draws 20–35 a second on this machine, fewer on a busy
    // one): well above the paused rate below, whatever the machine.
    const running = await framesOver(page, 3000);
    assert.ok(running >= 24, `${running} frames in 3 s of traffic`);

    await clickWidget(page, 'capacity.play');
    s = await waitForState(page, (x) => x.clockPlaying === false);
    assert.equal(s.capacity.running, true, 'paused, not stopped');
    const made = s.capacity.made;
    const { frames: paused, asked: pausedAsked } = await framesAndAskedOver(page, 3000);
    assert.ok(paused >= 6 && paused <= 13, `${paused} frames in 3 s with the clock paused`);
    assert.ok(pausedAsked <= 2 * paused + 2, `${pausedAsked} animation frames asked for to draw ${paused}`);
    assert.equal((await state(page)).capacity.made, made, 'no request is made while paused');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// The browser tests' own rhythm (playground.drawOnDemand, which openPage turns on): an input
// draws only a moment of frames, and requestFrames(n) draws n at once. What a frame draws is
// the same; only the frames nobody waits for go.
test('drawing on demand: an input draws a moment of frames, not a second and a half; requestFrames(n) draws n', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { paint: true });
  try {
    await waitForState(page, (s) => s.sandboxSaved);
    const frames = () => page.evaluate(() => window.playground.frameCount());
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    await sleep(500);
    // The page's own rhythm draws every frame for 1.5 s after this (20-35 a second here);
    // on demand, 50 ms of them and then one a second: at most 3 + 2 in one second.
    let start = await frames();
    await page.mouse.move(300, 300);
    await sleep(1000);
    const afterInput = (await frames()) - start;
    assert.ok(afterInput >= 1 && afterInput <= 6, `${afterInput} frames in the second after a pointer move`);

    start = await frames();
    await page.evaluate(() => window.playground.requestFrames(12));
    await page.waitForFunction((t) => window.playground.frameCount() >= t, start + 12, { polling: 'raf', timeout: 2000 });

    // Idle, the page asks for no animation frames until its next frame is due (a second away on
    // demand), but a new window size starts it at once: the canvas takes the size within a few
    // frames, not at that next frame.
    await sleep(300);
    const before = (await state(page)).canvasWidth;
    await page.setViewportSize({ width: 900, height: 600 });
    const resizedAt = Date.now();
    await page.waitForFunction((w) => JSON.parse(window.playground.stateText()).canvasWidth !== w, before,
      { polling: 50, timeout: 2000 });
    assert.ok(Date.now() - resizedAt < 500, `the canvas took ${Date.now() - resizedAt} ms to follow the window`);

    // Turned off, the page keeps its own rhythm: every frame for 1.5 s after an input.
    await page.evaluate(() => window.playground.drawOnDemand(false));
    await sleep(500);
    start = await frames();
    await page.mouse.move(320, 320);
    await sleep(1000);
    const ownRhythm = (await frames()) - start;
    assert.ok(ownRhythm >= 15, `${ownRhythm} frames in the second after a pointer move, drawing in the page's own rhythm`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// A frame that would paint what the canvas already shows is run (input, panels, the frame
// count) but not sent to the GPU, and the canvas keeps its picture; a change paints again.
test('a frame that would paint the same picture is not painted, and the canvas keeps showing it', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { paint: true });
  try {
    await waitForState(page, (s) => s.sandboxSaved);
    const counts = () => page.evaluate(() => ({ run: window.playground.frameCount(), painted: window.playground.framesPainted() }));
    const button = await widgetRect(page, 'tables.create_sample');
    assert.ok(button, 'the empty sandbox offers its sample table');
    // The pointer away from every widget: nothing on the page changes from frame to frame.
    await page.mouse.move(2, 630);
    await waitFrames(page, 3);
    const before = await counts();
    const still = await page.screenshot();
    await waitFrames(page, 10);
    const after = await counts();
    assert.ok(after.run - before.run >= 10, `${after.run - before.run} frames run`);
    assert.equal(after.painted - before.painted, 0, 'no frame painted when nothing changed');
    assert.ok((await page.screenshot()).equals(still), 'the canvas still shows the last painted picture');

    // Hovering a button changes its colour: that frame is painted.
    await page.mouse.move(button.x + button.w / 2, button.y + button.h / 2);
    await waitFrames(page, 2);
    const hovered = await counts();
    assert.ok(hovered.painted - after.painted >= 1, 'the hovered button is painted');
    assert.ok(!(await page.screenshot()).equals(still), 'and shows');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// A frame paints only the rectangle that holds what it changes (web/platform/draw_damage.h),
// over the picture the canvas kept, and the result is the same, pixel for pixel, as the frame
// painted whole: a hover, a popup window opening over the rest and closing, a new table.
test('a frame paints only the rectangle it changes, and the canvas is the same as one painted whole', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { paint: true });
  try {
    await waitForState(page, (s) => s.sandboxSaved);
    const canvasPixels = () => page.evaluate(() => document.getElementById('canvas').toDataURL());
    const painted = () => page.evaluate(() => ({ frames: window.playground.framesPainted(), pixels: window.playground.pixelsPainted() }));
    const { canvasWidth, canvasHeight } = await state(page);
    const whole = canvasWidth * canvasHeight;
    // The canvas as the partly painted frames left it, then as a frame painted whole shows it.
    async function assertSameAsWhole(what) {
      await waitFrames(page, 2);
      const partly = await canvasPixels();
      const before = await painted();
      await page.evaluate(() => window.playground.repaintAll());
      await waitFrames(page, 2);
      const after = await painted();
      assert.equal(after.frames - before.frames, 1, `${what}: one frame painted whole`);
      assert.equal(after.pixels - before.pixels, whole, `${what}: the whole canvas painted`);
      assert.ok((await canvasPixels()) === partly, `${what}: the partly painted canvas is the one painted whole`);
    }

    // A button without a tooltip: a tooltip shows after a delay in wall time, which under load
    // fell in the frames that repaint the whole (one clean run painted two frames there, not one).
    const button = await widgetRect(page, 'tables.new');
    await page.mouse.move(2, canvasHeight - 10);
    await waitFrames(page, 3);
    await assertSameAsWhole('the pointer away from every widget');

    let before = await painted();
    await page.mouse.move(button.x + button.w / 2, button.y + button.h / 2);
    await waitFrames(page, 3);
    let after = await painted();
    assert.ok(after.frames > before.frames, 'the hovered button is painted');
    const hoverPixels = after.pixels - before.pixels;
    // The button and the pixel of margin round it, in one frame or a few.
    assert.ok(hoverPixels <= 3 * (button.w + 4) * (button.h + 4), `a hover painted ${hoverPixels} pixels, the button has ${button.w * button.h}`);
    await assertSameAsWhole('a hovered button');

    await clickWidget(page, 'capacity.scenario');
    await waitFrames(page, 3);
    await assertSameAsWhole('a popup over the page');
    before = await painted();
    await page.keyboard.press('Escape');
    await waitFrames(page, 3);
    after = await painted();
    assert.ok(after.pixels - before.pixels < whole, 'a closing popup paints what it covered, not the whole canvas');
    await assertSameAsWhole('the popup closed');

    await clickWidget(page, 'tables.create_sample');
    await waitForState(page, (s) => s.selectedTable === 'Books' && s.sandboxSaved);
    await assertSameAsWhole('a new table on show');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// The browser tests' pages build frames without painting them (playground.paint, off for every
// page openPage opens unless it asks for `paint`): a hover runs frames but paints none, and
// turning painting on paints the next frame whole.
test('a page that does not paint runs its frames, and paints the next one whole when painting is turned on', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  try {
    const painted = () => page.evaluate(() => ({
      run: window.playground.frameCount(), frames: window.playground.framesPainted(), pixels: window.playground.pixelsPainted(),
    }));
    const { canvasWidth, canvasHeight } = await state(page);
    const button = await widgetRect(page, 'tables.new');
    const before = await painted();
    await page.mouse.move(button.x + button.w / 2, button.y + button.h / 2);
    await waitFrames(page, 3);
    const hovered = await painted();
    assert.ok(hovered.run - before.run >= 3, `${hovered.run - before.run} frames run`);
    assert.equal(hovered.frames, before.frames, 'no frame painted');
    // The frame after the switch, read in the animation frame that drew it (the page's frame
    // runs first in each): later frames may paint what changes on their own (a tooltip that
    // comes after its delay, the clock's seconds), which made this flaky read two frames later.
    const next = await page.evaluate(() => new Promise((resolve, reject) => {
      const p = window.playground;
      const run = p.frameCount(), frames = p.framesPainted(), pixels = p.pixelsPainted();
      const was = p.paint(true);
      p.requestFrames(1);
      const timer = setTimeout(() => reject(new Error('no frame drawn within 10 s')), 10000);
      const check = () => {
        if (p.frameCount() === run) { requestAnimationFrame(check); return; }
        clearTimeout(timer);
        resolve({ was, run: p.frameCount() - run, frames: p.framesPainted() - frames, pixels: p.pixelsPainted() - pixels });
      };
      requestAnimationFrame(check);
    }));
    assert.equal(next.was, false, 'it was not painting');
    assert.equal(next.run, 1, 'one frame drawn');
    assert.equal(next.frames, 1, 'one frame painted');
    assert.equal(next.pixels, canvasWidth * canvasHeight, 'the whole canvas');
    assert.equal(await page.evaluate(() => window.playground.paint(false)), true, 'it was painting');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
