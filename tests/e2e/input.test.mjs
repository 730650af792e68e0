// No lost input: the page feeds ImGui from the browser's own key and mouse events, so keys
// typed and clicks made faster than the page draws frames all arrive, in order. (Emscripten's
// GLFW layer, which the page used before, dropped keys and clicks that came between frames.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, openPage, openPagesAt, roomyViewport, siteAndBrowser, state, waitForState, widgetRect,
} from './support.mjs';

// Typing into the item form's editor, which the roomier page shows beside the data view.
openPagesAt(roomyViewport);

const TEXT = '{"authorId": {"S": "AUTHOR#42"}, "n": 1}'; // 40 characters
assert.equal(TEXT.length, 40);

const site = siteAndBrowser();

// Sends every event of `events` to the browser at once, without waiting in between: all of
// them reach the page before its next frame.
async function burst(cdp, events) {
  await Promise.all(events.map(([method, params]) => cdp.send(method, params)));
}

function keyEvents(text, { selectAll = false } = {}) {
  const events = [];
  if (selectAll) {
    events.push(['Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: 2 }]);
    events.push(['Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65, modifiers: 2 }]);
    events.push(['Input.dispatchKeyEvent', { type: 'keyUp', key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65, modifiers: 2 }]);
    events.push(['Input.dispatchKeyEvent', { type: 'keyUp', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17 }]);
  }
  for (const ch of text) {
    const vk = ch.toUpperCase().charCodeAt(0);
    events.push(['Input.dispatchKeyEvent', { type: 'keyDown', key: ch, text: ch, unmodifiedText: ch, windowsVirtualKeyCode: vk }]);
    events.push(['Input.dispatchKeyEvent', { type: 'keyUp', key: ch, windowsVirtualKeyCode: vk }]);
  }
  return events;
}

describe('input faster than frames', () => {
  let page;
  let context;
  let errors;
  let cdp;
  before(async () => {
    ({ page, context, errors } = await openPage(site.browser, site.server.url));
    cdp = await context.newCDPSession(page);
    await clickWidget(page, 'tables.create_sample');
    await waitForState(page, (s) => s.selectedTable === 'Books');
  });
  after(() => context?.close());

  test('keyboard.type with no delay after Ctrl+A keeps all 40 characters, three times over', async () => {
    await clickWidget(page, 'item_form.body');
    for (let run = 0; run < 3; run++) {
      await page.keyboard.press('Control+A');
      await page.keyboard.type(TEXT);
      const s = await waitForState(page, (st) => st.input.queuedEvents === 0 && st.editorText.length >= TEXT.length);
      assert.equal(s.editorText, TEXT, `run ${run + 1}`);
    }
  });

  test('40 characters sent in one burst (all before the next frame) arrive in order', async () => {
    for (let run = 0; run < 3; run++) {
      await burst(cdp, keyEvents(TEXT.split('').reverse().join(''), { selectAll: true }));
      const s = await waitForState(page, (st) => st.input.queuedEvents === 0 && st.editorText.length >= TEXT.length);
      assert.equal(s.editorText, TEXT.split('').reverse().join(''), `run ${run + 1}`);
    }
  });

  test('Backspace and arrows between typed characters keep their place', async () => {
    await burst(cdp, [
      ...keyEvents('abc', { selectAll: true }),
      ['Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'ArrowLeft', code: 'ArrowLeft', windowsVirtualKeyCode: 37 }],
      ['Input.dispatchKeyEvent', { type: 'keyUp', key: 'ArrowLeft', code: 'ArrowLeft', windowsVirtualKeyCode: 37 }],
      ['Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 }],
      ['Input.dispatchKeyEvent', { type: 'keyUp', key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 }],
      ...keyEvents('XY'),
    ]);
    const s = await waitForState(page, (st) => st.input.queuedEvents === 0 && st.editorText.length === 4);
    assert.equal(s.editorText, 'aXYc');
  });

  test('ten quick clicks on Run send ten requests', async () => {
    await clickWidget(page, 'item_form.operation');
    await clickWidget(page, 'item_form.operation:GetItem');
    await waitForState(page, (s) => s.operation === 'GetItem');
    const run = await widgetRect(page, 'item_form.run');
    const x = run.x + run.w / 2;
    const y = run.y + run.h / 2;
    await page.mouse.move(x, y);
    const start = (await state(page)).historyCount;
    for (let i = 0; i < 10; i++) await page.mouse.click(x, y);
    let s = await waitForState(page, (st) => st.input.queuedEvents === 0 && st.historyCount >= start + 10);
    assert.equal(s.historyCount, start + 10);

    // The same ten clicks in one burst, all before the next frame.
    const events = [];
    for (let i = 0; i < 10; i++) {
      events.push(['Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 }]);
      events.push(['Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 }]);
    }
    await burst(cdp, events);
    s = await waitForState(page, (st) => st.input.queuedEvents === 0 && st.historyCount >= start + 20);
    assert.equal(s.historyCount, start + 20);
    assert.equal(s.response.operation, 'GetItem');
    assert.equal(s.response.status, 200);
    assert.deepEqual(errors, []);
  });

  test('Ctrl+Enter right after typing runs the text as typed', async () => {
    await clickWidget(page, 'item_form.body');
    await burst(cdp, [
      ...keyEvents('{"authorId": {"S": "butler"}, "bookId": {"S": "1979-kindred"}}', { selectAll: true }),
      ['Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, modifiers: 2 }],
      ['Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, modifiers: 2 }],
      ['Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, modifiers: 2 }],
      ['Input.dispatchKeyEvent', { type: 'keyUp', key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17 }],
    ]);
    const s = await waitForState(page, (st) => st.input.queuedEvents === 0 && st.response?.itemsReturned === 1 &&
      st.response.requestBody.includes('1979-kindred'));
    assert.equal(s.editorText, '{"authorId": {"S": "butler"}, "bookId": {"S": "1979-kindred"}}');
    assert.equal(s.response.errorType, null);
  });
});

describe('keyboard shortcuts stay with the browser', () => {
  test('Ctrl+C, Ctrl+V, F5 and Ctrl+R are not swallowed; typing keys are', async () => {
    const { page, context } = await openPage(site.browser, site.server.url);
    try {
      const prevented = await page.evaluate(() => {
        const result = {};
        const probe = (key, code, init = {}) => {
          const e = new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true, ...init });
          window.dispatchEvent(e);
          window.dispatchEvent(new KeyboardEvent('keyup', { key, code, bubbles: true, ...init }));
          return e.defaultPrevented;
        };
        result.copy = probe('c', 'KeyC', { ctrlKey: true });
        result.paste = probe('v', 'KeyV', { ctrlKey: true });
        result.reload = probe('r', 'KeyR', { ctrlKey: true });
        result.f5 = probe('F5', 'F5');
        result.letter = probe('a', 'KeyA');
        result.tab = probe('Tab', 'Tab');
        result.selectAll = probe('a', 'KeyA', { ctrlKey: true });
        return result;
      });
      assert.deepEqual(prevented, { copy: false, paste: false, reload: false, f5: false, letter: true, tab: true, selectAll: true });
    } finally {
      await context.close();
    }
  });
});
