// The lesson player: the first lesson done from start to finish with the mouse and the
// keyboard (quizzes, Show me, the builder, Ctrl+Enter, Run it, hints, the completion view);
// progress kept across reloads and links that open a step; broken or missing lesson files
// reported with their file, JSON path and reason while the rest works; and the presenter view
// at 250 % in both themes. Screenshots go to artifacts/e2e/lesson-*.png.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import zlib from 'node:zlib';
import {
  clickWidget, clipboardPermissions, exec, liveText, navigate, openPage, pasteText, pressKeys, reload, reloadWithSettings, repoRoot,
  runInBuilder, screenshot, scrollTo, siteAndBrowser, state, stepClock, stepClockUntil, typeText, waitForState, waitFrames, widgetRect,
  lessonCount, siteDir,
} from './support.mjs';

const env = siteAndBrowser();

const FIRST_TITLE = 'Your first table: keys, not columns';
const lesson01 = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/01-first-table.json'), 'utf8'));

// Clicks a widget of the open step, scrolling the step to it first.
async function clickInStep(page, name) {
  await scrollTo(page, name, 'lesson.body');
  return clickWidget(page, name);
}

// The task's feedback, at 100 % and then 250 % text (made larger with A+: a reload would forget
// the attempt), at 1024x640 and 1280x800: scrolled into view and inside the step's width, with
// a screenshot `${prefix}-<width>x<height>-<percent>.png` of each.
async function assertFeedbackFits(page, prefix) {
  for (const fontScale of [1, 2.5]) {
    while ((await state(page)).fontScale < fontScale) await clickWidget(page, 'title.larger');
    for (const [width, height] of [[1024, 640], [1280, 800]]) {
      await page.setViewportSize({ width, height });
      await waitFrames(page, 3);
      // Below or above, depending on how the larger text moved things.
      const feedback = await scrollTo(page, 'lesson.feedback', 'lesson.body', { step: 240 })
        .catch(() => scrollTo(page, 'lesson.feedback', 'lesson.body', { step: -240 }));
      const body = await widgetRect(page, 'lesson.body');
      assert.ok(feedback.x + feedback.w <= body.x + body.w + 0.5, `the feedback fits at ${width}x${height}`);
      await screenshot(page, `${prefix}-${width}x${height}-${fontScale * 100}.png`);
    }
  }
}

const onStep = (page, step) => waitForState(page, (s) => s.lesson?.view === 'step' && s.lesson.step === step);

// Tab until the keyboard is on `name` (ImGui's navigation), then Enter.
async function pressWithKeyboard(page, name) {
  let s;
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    s = await waitForState(page, (st) => st.input.queuedEvents === 0);
    if (s.focused === name) break;
  }
  assert.equal(s.focused, name, `Tab reaches ${name}`);
  await pressKeys(page, 'Enter');
}

describe('the first lesson, by mouse and keyboard', () => {
  test('every step done, checked by the engine after each request, up to what was learned', async () => {
    const lesson = lesson01;
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=first-table`, {
      permissions: clipboardPermissions,
    });
    try {
      // Step 1: predict first; the task and its "show me" come after the prediction.
      let s = await onStep(page, 1);
      assert.equal(s.lesson.title, FIRST_TITLE);
      assert.equal(s.lesson.steps, 6);
      assert.deepEqual(s.lesson.done, []);
      assert.deepEqual(s.lesson.quiz, { choices: 4, choice: null, correct: false, firstAnswerRight: null });
      assert.equal(s.lesson.task.revealed, false);
      assert.equal(await widgetRect(page, 'lesson.showme'), null, 'no Show me before the prediction');
      await page.waitForFunction(() => document.getElementById('live-lesson').textContent.startsWith('Lesson: '));
      assert.match(await liveText(page, 'live-lesson'),
        /^Lesson: Your first table: keys, not columns\. Step 1 of 6: A table is declared by its key\.\nIn DynamoDB you do not describe columns\. You describe only the primary key, and every item must carry it\./);
      await screenshot(page, 'lesson-step1.png');

      // A wrong prediction is marked wrong and explained; Next still waits.
      await clickInStep(page, 'lesson.choice.0');
      s = await waitForState(page, (st) => st.lesson.quiz.choice === 0);
      assert.equal(s.lesson.quiz.correct, false);
      assert.equal(s.lesson.task.revealed, true);
      assert.match(s.lessonText, /\nYou chose 1: not right\. That is how a SQL table is declared, but DynamoDB has no column list/);
      assert.ok(await scrollTo(page, 'lesson.verdict', 'lesson.body'));
      await clickWidget(page, 'lesson.next');
      assert.equal((await state(page)).lesson.step, 1, 'Next is disabled until the step is done');
      await clickInStep(page, 'lesson.choice.1');
      s = await waitForState(page, (st) => st.lesson.quiz.correct);
      assert.equal(s.lesson.stepDone, false, 'the task is still to do');
      assert.deepEqual([s.lesson.task.attempted, s.lesson.task.reason], [false, null]);
      assert.equal(await widgetRect(page, 'lesson.reason'), null, 'no complaint before the learner has tried');
      await screenshot(page, 'lesson-quiz-answered.png');

      // The answer is not on offer yet: nothing tried, hints unread.
      assert.deepEqual([s.lesson.task.answerOffered, s.lesson.task.answerShown, s.lesson.task.failedAttempts], [false, false, 0]);
      await clickInStep(page, 'lesson.answer_show');
      await waitFrames(page, 2);
      assert.equal((await state(page)).lesson.task.answerShown, false, 'Show the answer is disabled until it is offered');

      // Show me gives an example of the same kind (another table), in the builder's JSON tab.
      // Run as it is, it does not do the task, and it is not counted as an attempt.
      await clickInStep(page, 'lesson.showme');
      s = await waitForState(page, (st) => st.operation === 'CreateTable' && st.builderTab === 'json');
      assert.match(s.builderJson, /"TableName": "Publishers"/);
      await pressKeys(page, 'Control+Enter');
      s = await waitForState(page, (st) => st.lesson.task.attempted);
      assert.equal(s.lesson.task.passed, false);
      assert.equal(s.lesson.task.failedAttempts, 0, 'the example is not an attempt');
      assert.match(s.lessonText, /\nThe example does not do the task: expected table Authors with partition key authorId \(S\) and no sort key, but the table does not exist$/);
      assert.equal(s.lesson.task.answerOffered, false);

      // Hints, one more per click; the last one offers the answer.
      await clickInStep(page, 'lesson.hint');
      await clickInStep(page, 'lesson.hint');
      s = await waitForState(page, (st) => st.lesson.task.hintsShown === 2);
      assert.match(s.lessonText, /\nHint 2: AttributeDefinitions has the matching \{"AttributeName": "authorId", "AttributeType": "S"\}\.$/);
      assert.ok(await scrollTo(page, 'lesson.hint_text.1', 'lesson.body'));
      assert.equal(s.lesson.task.hintLabel, 'Another hint (3/3)');
      assert.equal(s.lesson.task.answerOffered, false);
      await clickInStep(page, 'lesson.hint');
      s = await waitForState(page, (st) => st.lesson.task.hintsShown === 3);
      // The last one shown, the button says so (it read "Another hint (2/1)" on a one-hint step).
      assert.equal(s.lesson.task.hintLabel, 'No more hints');
      assert.equal(s.lesson.task.answerOffered, true);
      await clickInStep(page, 'lesson.hint');
      await waitFrames(page, 1);
      assert.equal((await state(page)).lesson.task.hintsShown, 3, 'and does nothing more');

      // Show the answer puts it in the builder and under the task; Ctrl+Enter runs it.
      await clickInStep(page, 'lesson.answer_show');
      s = await waitForState(page, (st) => st.lesson.task.answerShown && st.builderJson.includes('"Authors"'));
      assert.ok(await scrollTo(page, 'lesson.answer', 'lesson.body'));
      await screenshot(page, 'lesson-answer-shown.png');
      await pressKeys(page, 'Control+Enter');
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.response.operation, 'CreateTable');
      assert.equal(s.response.status, 200);
      assert.deepEqual(s.lesson.done, [1]);
      assert.equal(s.lesson.task.passed, true);
      assert.equal(s.lesson.task.record, 'answer');
      assert.equal(s.selectedTable, 'Authors', 'the data view turns to the table the task made');
      assert.match(s.lessonText, /\nDone\. Authors was created\./);
      await screenshot(page, 'lesson-step1-done.png');

      // Try again: the step from its start (the quiz too), to solve it with less help. The
      // record keeps the best: composed right at once now, it is a first try.
      await clickInStep(page, 'lesson.retry');
      s = await waitForState(page, (st) => !st.lesson.stepDone && st.lesson.quiz.choice === null);
      assert.deepEqual(s.lesson.done, []);
      assert.deepEqual([s.lesson.task.hintsShown, s.lesson.task.answerShown, s.lesson.task.record], [0, false, 'answer']);
      assert.equal(s.lesson.quiz.firstAnswerRight, false, 'the first answer to the quiz stays on record');
      await clickInStep(page, 'lesson.choice.1');
      await waitForState(page, (st) => st.lesson.quiz.correct);
      s = await runInBuilder(page, 'CreateTable', lesson.steps[0].task.solution[0].request);
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.lesson.task.record, 'first-try');
      await clickWidget(page, 'lesson.next');

      // Step 2: a request that must fail, composed; the example ran first is no attempt.
      s = await onStep(page, 2);
      assert.equal(s.lesson.quiz, null);
      await clickInStep(page, 'lesson.showme');
      await waitForState(page, (st) => st.operation === 'DescribeTable');
      await pressKeys(page, 'Control+Enter');
      await waitForState(page, (st) => st.response?.operation === 'DescribeTable');
      s = await runInBuilder(page, 'CreateTable', lesson.steps[1].task.solution[0].request);
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.response.errorType, 'ValidationException');
      assert.equal(s.lesson.task.record, 'first-try');
      // Next from the keyboard: Tab walks the lesson's buttons.
      await clickWidget(page, 'lesson.progress');
      await pressWithKeyboard(page, 'lesson.next');

      // Step 3: a first attempt that is not the task gets the check's reason, in plain words,
      // and offers the answer; composed right after it, the task counts as solved with help.
      s = await onStep(page, 3);
      await clickInStep(page, 'lesson.choice.2');
      await waitForState(page, (st) => st.lesson.quiz.correct);
      await pressKeys(page, 'Control+Enter');  // the builder still holds step 2's CreateTable
      s = await waitForState(page, (st) => st.lesson.task.attempted);
      assert.equal(s.lesson.task.passed, false);
      assert.equal(s.lesson.task.reason, 'expected a PutItem request, got CreateTable');
      assert.deepEqual([s.lesson.task.failedAttempts, s.lesson.task.answerOffered], [1, true]);
      assert.ok(await scrollTo(page, 'lesson.reason', 'lesson.body'));
      assert.match(s.lessonText, /\nNot yet: expected a PutItem request, got CreateTable$/);
      await screenshot(page, 'lesson-not-yet.png');
      s = await runInBuilder(page, 'PutItem', lesson.steps[2].task.solution[0].request);
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.response.errorMessage, 'One or more parameter values were invalid: Missing the key authorId in the item');
      assert.equal(s.lesson.task.record, 'help');
      await clickWidget(page, 'lesson.next');

      // Step 4: composed right at once.
      s = await onStep(page, 4);
      s = await runInBuilder(page, 'PutItem', lesson.steps[3].task.solution[0].request);
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.lesson.task.record, 'first-try');
      await clickWidget(page, 'lesson.next');

      // Step 5: the learner types the new key into the builder's key field.
      s = await onStep(page, 5);
      await clickInStep(page, 'lesson.choice.1');
      await waitForState(page, (st) => st.lesson.quiz.correct);
      await clickWidget(page, 'builder.tab:form');
      await clickWidget(page, 'builder.key:partition');
      await pressKeys(page, 'Control+A');
      await typeText(page, 'author#ursula');
      await pressKeys(page, 'Control+Enter');
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.match(s.response.requestBody, /"authorId": \{"S": "author#ursula"\}/);
      assert.equal(s.itemsListed, 2);
      await clickWidget(page, 'lesson.next');

      // Step 6: a request that does not do it offers the answer; Run it sends it as it is,
      // and the builder shows it. The last step's Next is Finish.
      s = await onStep(page, 6);
      await clickInStep(page, 'lesson.choice.1');
      await waitForState(page, (st) => st.lesson.quiz.correct);
      assert.equal(await widgetRect(page, 'lesson.run'), null, 'no Run it before the answer is shown');
      await pressKeys(page, 'Control+Enter');  // step 5's put again
      s = await waitForState(page, (st) => st.lesson.task.failedAttempts === 1);
      await clickInStep(page, 'lesson.answer_show');
      await clickInStep(page, 'lesson.run');
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.lesson.task.record, 'answer');
      assert.deepEqual(JSON.parse(s.builderJson), JSON.parse(s.response.requestBody));
      assert.deepEqual(s.lesson.done, [1, 2, 3, 4, 5, 6]);
      // A later put brings Ursula's country back: the done step tells what its put did, which
      // stays true ("…Ursula's country is gone" did not).
      const sent = s.historyCount;
      await exec(page, 'PutItem', { TableName: 'Authors', Item: {
        authorId: { S: 'AUTHOR#ursula' }, name: { S: 'Ursula Le Guin' }, country: { S: 'US' } } });
      s = await waitForState(page, (st) => st.historyCount > sent);
      assert.deepEqual(s.lesson.done, [1, 2, 3, 4, 5, 6]);
      assert.match(s.lessonText, /Done\. The put left two items and took Ursula's country away: it replaced the whole item/);
      await clickWidget(page, 'lesson.progress');
      await pressWithKeyboard(page, 'lesson.next');

      // What was learned: the facts the steps taught, each once.
      s = await waitForState(page, (st) => st.lesson.view === 'complete');
      assert.deepEqual(s.lesson.facts, ['F1', 'F36', 'F10', 'F3', 'F7', 'F2', 'F13']);
      assert.ok(await widgetRect(page, 'lesson.complete'));
      // A finished lesson is no step to link to: the address loses ?lesson=...&step=6.
      await waitForState(page, () => true);
      assert.equal(new URL(page.url()).search, '', 'the address names no step once the lesson is finished');
      assert.ok(await widgetRect(page, 'lesson.fact.F1'));
      assert.match(s.lessonText, /^Lesson complete: Your first table: keys, not columns\. What you learned:\nSimple or composite keys: A primary key is a partition key \(HASH\), or a partition key plus a sort key \(RANGE\)\.\nKeySchema and AttributeDefinitions: /);
      await screenshot(page, 'lesson-complete.png');
      const entry = s.lessons.lessons[0];
      assert.deepEqual([entry.id, entry.done, entry.complete], ['first-table', 6, true]);
      // How its tasks went, for the lesson list: steps 1, 2 and 4 right at once (step 1 on its
      // retry), 3 after a miss, 6 with the answer; the first quiz answered wrong first.
      assert.equal(entry.record, 'Tasks: 4 first try, 1 with help, 1 with the answer \u00b7 quizzes: 3 of 4 right first time');

      // The next lesson sets its own tables up: one undo step, offered right there.
      await clickInStep(page, 'lesson.next_lesson');
      // Its setup replaces the Authors table the learner filled: the page asks first.
      s = await waitForState(page, (st) => st.confirm !== null);
      assert.equal(s.confirm, 'Start "Reading items: GetItem, Query and the cost of Scan"?');
      // The way back it promises is one the lesson layout shows (it hides the history panel).
      assert.equal(s.confirmDetail, 'The lesson sets up tables of its own, so it replaces your Authors (2 items). Sandbox > Undo brings them back.');
      assert.ok(await widgetRect(page, 'menu.sandbox'));
      await screenshot(page, 'lesson-next-lesson-confirm.png');
      await clickWidget(page, 'confirm.yes');
      s = await onStep(page, 1);
      assert.equal(s.lesson.id, 'reading-items');
      assert.deepEqual(s.lesson.removedTables, ['Authors']);
      assert.equal(s.tablesListed, 2);
      await screenshot(page, 'lesson-next-lesson.png');
      await clickWidget(page, 'lesson.undo_setup');
      s = await waitForState(page, (st) => st.lessons.view === 'list');
      assert.equal(s.lesson, null);
      assert.equal(s.tablesListed, 1, 'the first lesson\'s Authors is back');
      assert.equal((await exec(page, 'Scan', { TableName: 'Authors', Select: 'COUNT' })).body.Count, 2);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('the record of how a lesson went', () => {
  test('right the first time: the list shows it, at 1024x640 and 1280x800, 100 % and 250 %', async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=first-table`, {
      permissions: clipboardPermissions,
    });
    try {
      await onStep(page, 1);
      await clickInStep(page, 'lesson.choice.1');
      await waitForState(page, (st) => st.lesson.quiz.correct);
      await runInBuilder(page, 'CreateTable', lesson01.steps[0].task.solution[0].request);
      let s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.deepEqual([s.lesson.task.record, s.lesson.quiz.firstAnswerRight], ['first-try', true]);
      await scrollTo(page, 'lesson.list', 'lesson.body', { step: -120 });  // the step's header
      await clickWidget(page, 'lesson.list');
      s = await waitForState(page, (st) => st.lessons.view === 'list');
      // Not the learner of "the first lesson, by mouse and keyboard", whose line reads
      // "Tasks: 4 first try, 1 with help, 1 with the answer · quizzes: 3 of 4 right first time".
      assert.equal(s.lessons.lessons[0].record, 'Tasks: 1 first try \u00b7 quizzes: 1 of 1 right first time');
      assert.equal(s.lessons.lessons[1].record, '', 'a lesson not started has no record');
      for (const [width, height] of [[1024, 640], [1280, 800]]) {
        for (const fontScale of [1, 2.5]) {
          await page.setViewportSize({ width, height });
          await reloadWithSettings(page, { fontScale, lessonLayout: true });
          await onStep(page, 1);  // the lesson that was open comes back: the list is a click away
          await clickWidget(page, 'lesson.list');
          await waitForState(page, (st) => st.lessons.view === 'list');
          // The record's line (the row's third), scrolled into view, inside the panel's width.
          const line = await scrollTo(page, 'lesson.record.first-table', 'panel:lessons');
          const panel = await widgetRect(page, 'panel:lessons');
          assert.ok(line.x + line.w <= panel.x + panel.w + 0.5, `the record fits the panel's width at ${width}x${height}, ${fontScale * 100} %`);
          await screenshot(page, `lesson-list-record-${width}x${height}-${fontScale * 100}.png`);
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a prediction judged by the engine', () => {
  test('predicted wrong first: the task waits for the number, the engine\'s figure judges it, the record keeps the miss', async () => {
    const lesson02 = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/02-reading-items.json'), 'utf8'));
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=reading-items&step=4`, {
      permissions: clipboardPermissions,
    });
    try {
      let s = await onStep(page, 4);
      assert.deepEqual(s.lesson.predict, { measure: 'ScannedCount', locked: null, measured: null, right: false, firstRight: null });
      assert.equal(s.lesson.task.revealed, false, 'the task comes after the prediction');
      // Not a number: nothing to lock in.
      await clickInStep(page, 'lesson.predict.input');
      await typeText(page, 'one');
      await pressKeys(page, 'Enter');
      assert.equal((await state(page)).lesson.predict.locked, null);
      await clickInStep(page, 'lesson.predict.input');  // Enter left the field
      await pressKeys(page, 'Control+A', 'Backspace');
      await typeText(page, '1');
      await clickInStep(page, 'lesson.predict.lock');
      s = await waitForState(page, (st) => st.lesson.predict.locked === 1);
      assert.equal(s.lesson.task.revealed, true);
      assert.match(s.lessonText, /\nPredict: Authors holds five authors\. How many items will your Scan read \(its ScannedCount\) to find Terry\?\nYou predicted 1\./);
      assert.ok(await scrollTo(page, 'lesson.predict.locked', 'lesson.body'));

      await runInBuilder(page, 'Scan', lesson02.steps[3].task.solution[0].request);
      s = await waitForState(page, (st) => st.lesson.predict.measured !== null);
      assert.deepEqual([s.lesson.task.passed, s.lesson.predict.right, s.lesson.predict.firstRight, s.lesson.stepDone],
        [true, false, false, false], 'the task is done, the step waits for the engine\'s number');
      assert.equal(s.lesson.predict.measured, 5);
      assert.ok(await scrollTo(page, 'lesson.predict.verdict', 'lesson.body', { step: -120 }));
      assert.match(s.lessonText, /You predicted 1\. Not right: the engine reported 5\. A Scan reads every item of the table/);
      await screenshot(page, 'lesson-prediction-wrong.png');
      await clickInStep(page, 'lesson.predict.input');
      await pressKeys(page, 'Control+A', 'Backspace');
      await typeText(page, '5');
      await clickInStep(page, 'lesson.predict.lock');
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.deepEqual([s.lesson.predict.right, s.lesson.predict.firstRight], [true, false], 'the first verdict stays on record');
      assert.match(s.lessons.lessons[1].record, /predictions: 0 of 1 right$/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('the prediction at 1024x640 and 1280x800, 100 % and 250 %', async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=reading-items&step=4`);
    try {
      await onStep(page, 4);
      for (const [width, height] of [[1024, 640], [1280, 800]]) {
        for (const fontScale of [1, 2.5]) {
          await page.setViewportSize({ width, height });
          await reloadWithSettings(page, { fontScale, lessonLayout: true });
          await onStep(page, 4);
          const input = await scrollTo(page, 'lesson.predict.lock', 'lesson.body');
          const body = await widgetRect(page, 'lesson.body');
          assert.ok(input.x + input.w <= body.x + body.w + 0.5, `Lock it in fits at ${width}x${height}, ${fontScale * 100} %`);
          assert.ok(await widgetRect(page, 'lesson.predict.input'), 'and the number field beside or above it');
          await screenshot(page, `lesson-prediction-${width}x${height}-${fontScale * 100}.png`);
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a near miss explained', () => {
  test('the task\'s own words for a near miss, the check\'s below them, at 1024x640 and 1280x800, 100 % and 250 %', async () => {
    const lesson11 = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/11-global-indexes.json'), 'utf8'));
    const rule = lesson11.steps[0].task.feedback[0];
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=global-indexes&step=1`, {
      permissions: clipboardPermissions,
    });
    try {
      let s = await onStep(page, 1);
      if (s.lesson.quiz) {
        const right = lesson11.steps[0].quiz.choices.findIndex((c) => c.correct);
        await clickInStep(page, `lesson.choice.${right}`);
      }
      // The table queried by email, not its index.
      await runInBuilder(page, 'Query', rule.nearMiss.request);
      s = await waitForState(page, (st) => st.lesson.task.attempted);
      assert.equal(s.lesson.task.passed, false);
      assert.equal(s.lesson.task.feedback, rule.say);
      assert.equal(s.lesson.task.failedAttempts, 1);
      assert.match(s.lessonText, /\nNot yet: That queried the table, whose key is userId\. Name the index, "IndexName": "ByEmail", and put its key, email, in the key condition\. \(expected the request to include IndexName\)/);
      await assertFeedbackFits(page, 'lesson-feedback');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a traffic step judged by its run', () => {
  test('a wrong guess at the hot partitions, then the wrong design with its feedback, then the right one', async () => {
    const lesson14 = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/14-hot-keys.json'), 'utf8'));
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=hot-keys&step=3`, {
      width: 1024, height: 640,
    });
    // Runs the step's traffic on the page's clock (stepped, not waited out) until it has ended.
    const runTraffic = async () => {
      await clickInStep(page, 'lesson.run_traffic');
      await waitForState(page, (st) => st.lesson.traffic.running);
      return stepClockUntil(page, (st) => !st.lesson.traffic.running && st.lesson.task.attempted, { stepMs: 5000 });
    };
    try {
      // Step 3: the learner believes more customers spread the load, and predicts no hot partition.
      let s = await onStep(page, 3);
      assert.deepEqual(s.lesson.predict, {
        measure: 'throttled partitions', locked: null, measured: null, right: false, firstRight: null,
      });
      assert.equal(s.lesson.task.revealed, false, 'the run comes after the prediction');
      await clickInStep(page, 'lesson.predict.input');
      await typeText(page, '0');
      await clickInStep(page, 'lesson.predict.lock');
      s = await waitForState(page, (st) => st.lesson.predict.locked === 0);
      assert.match(s.lessonText, /\nPredict: With 500,000 customers, one of whom still places 60% of the orders, how many of Orders' partitions will throttle during the run\?\nYou predicted 0\./);
      s = await runTraffic();
      assert.deepEqual([s.lesson.task.passed, s.lesson.predict.measured, s.lesson.predict.right, s.lesson.stepDone],
        [true, 1, false, false], 'the run does the task; the engine counted one hot partition, not the 0 predicted');
      assert.match(s.lessonText, /You predicted 0\. Not right: the engine reported 1\. One, as with 500 customers\./);
      assert.ok(await scrollTo(page, 'lesson.predict.verdict', 'lesson.body', { step: -120 }));
      await screenshot(page, 'lesson-traffic-prediction-1024x640-100.png');
      await clickInStep(page, 'lesson.predict.input');
      await pressKeys(page, 'Control+A', 'Backspace');
      await typeText(page, '1');
      await clickInStep(page, 'lesson.predict.lock');
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.deepEqual([s.lesson.predict.right, s.lesson.predict.firstRight], [true, false]);

      // Step 4: the key as it is (the first design) throttles again, and the task says why
      // in its own words; the sharded design then passes.
      await clickWidget(page, 'lesson.next');
      s = await onStep(page, 4);
      assert.equal(s.lesson.traffic.design, 0);
      s = await runTraffic();
      const rule = lesson14.steps[3].task.feedback[0];
      assert.equal(rule.nearMissDesign, 0);
      assert.deepEqual([s.lesson.task.passed, s.lesson.task.feedback], [false, rule.say]);
      assert.match(s.lesson.task.reason, /^expected 0 throttled requests on table Orders, got [1-9]/);
      await assertFeedbackFits(page, 'lesson-traffic-feedback');
      await clickInStep(page, 'lesson.design.1');
      await waitForState(page, (st) => st.lesson.traffic.design === 1);
      s = await runTraffic();
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.deepEqual([s.lesson.task.passed, s.lesson.task.feedback], [true, null], 'done, and nothing to explain');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('opened at the step after a traffic step, the run it reads back has happened', async () => {
    // Lesson 14 step 5 reads back what step 4's sharded run wrote: opened there by a link
    // (or Try again, Reset lesson), the earlier steps' answers run again, traffic included.
    const lesson14 = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/14-hot-keys.json'), 'utf8'));
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=hot-keys&step=5`, {
      width: 1024, height: 640,
    });
    try {
      await onStep(page, 5);
      for (const query of lesson14.steps[4].task.solution) {
        const { status, body } = await exec(page, query.operation, query.request);
        assert.equal(status, 200);
        assert.ok(body.Count >= 1, `${query.request.ExpressionAttributeValues[':c'].S} holds orders`);
      }
      const s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.lesson.task.passed, true);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('progress and links', () => {
  test('progress survives a reload; the address and links open the right step', async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=first-table`);
    try {
      await onStep(page, 1);
      await clickInStep(page, 'lesson.choice.1');
      // A request that does not do it offers the answer; Run it sends it.
      await exec(page, 'DescribeTable', { TableName: 'Authors' });
      await waitForState(page, (st) => st.lesson.task.answerOffered);
      await clickInStep(page, 'lesson.answer_show');
      await clickInStep(page, 'lesson.run');
      const ran = await waitForState(page, (st) => st.lesson.stepDone);
      // The builder shows the request whose response is on screen.
      assert.equal(ran.operation, ran.response.operation);
      assert.deepEqual(JSON.parse(ran.builderJson), JSON.parse(ran.response.requestBody));
      await clickWidget(page, 'lesson.next');
      await onStep(page, 2);
      assert.equal(new URL(page.url()).search, '?lesson=first-table&step=2', 'the address follows the step');

      let s = await reload(page);
      s = await onStep(page, 2);
      assert.deepEqual(s.lesson.done, [1]);
      assert.deepEqual(s.lesson.removedTables, [], 'a reload sets nothing up: the saved sandbox is the lesson\'s');
      assert.equal(s.tablesListed, 1);
      assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('ddb-playground.lessons'))), {
        version: 1,
        current: 'first-table',
        lessons: {
          'first-table': { step: 2, done: [1], complete: false, tasks: { 1: 'answer' }, quizzes: { 1: true } },
        },
      });

      // A link to an earlier step of the lesson on the sandbox: shown as it is, done.
      await navigate(page, `${env.server.url}?lesson=first-table&step=1`);
      s = await onStep(page, 1);
      assert.equal(s.lesson.stepDone, true);
      assert.equal(s.historyCount, 0, 'nothing was sent');
      // The plain address: the lesson that was open, at its step.
      await navigate(page, env.server.url);
      s = await onStep(page, 1);
      assert.equal(s.lesson.id, 'first-table');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a step names the AWS pages it rests on, and a click opens one in a new tab', async () => {
    const url = 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput-scenarios.html';
    // The machine has no network: the cited page is answered here.
    const aws = (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Warm throughput</title>' });
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=partitions&step=1`, {
      routes: { 'https://docs.aws.amazon.com/**': aws },
    });
    try {
      await onStep(page, 1);
      await context.route('https://docs.aws.amazon.com/**', aws);
      await scrollTo(page, 'lesson.source:0', 'lesson.body');
      const opened = context.waitForEvent('page');
      await clickWidget(page, 'lesson.source:0');
      const tab = await opened;
      await tab.waitForLoadState();
      assert.equal(tab.url(), url);
      assert.equal(await tab.evaluate(() => window.opener), null, 'the cited page cannot reach back into the playground');
      assert.equal((await state(page)).lesson.step, 1, 'the playground stays on its step');
      await screenshot(page, 'lesson-sources.png');
      await tab.close();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a task done in the design studio: the starting design\'s verdict says what is missing, the worksheet line shows the request changed, and its verdict does it', async () => {
    const challenge = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/challenges/00-books-by-author.json'), 'utf8'));
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=access-patterns&step=1`, {
      permissions: clipboardPermissions,
    });
    // The studio's panel scrolls under the wheel at its right edge (its editor scrolls on its own).
    const scrollStudio = (name, options = {}) => scrollTo(page, name, 'panel:lessons', { edge: true, ...options });
    const judge = async () => {
      await scrollStudio('studio.judge');
      const before = (await state(page)).frameCount;
      await clickWidget(page, 'studio.judge');
      return waitForState(page, (s) => s.frameCount > before && s.studio.judged && s.studio.current, 30000);
    };
    try {
      await onStep(page, 1);
      // The studio's button comes with the task, once the step's question is answered.
      await scrollTo(page, 'lesson.choice.1', 'lesson.body');
      await clickWidget(page, 'lesson.choice.1');
      await waitForState(page, (st) => st.lesson.quiz?.correct === true);
      await scrollTo(page, 'lesson.studio', 'lesson.body', { edge: true });
      await screenshot(page, 'lesson-studio-link.png');
      await clickWidget(page, 'lesson.studio');
      let s = await waitForState(page, (st) => st.studio?.id === 'books-by-author');
      assert.equal(s.lesson.step, 1, 'the lesson stays where it was');
      assert.ok(await widgetRect(page, 'studio.lesson_task'), 'the studio shows the lesson\'s task above its brief');
      // The worksheet: each read with the request the starting design sends for it.
      assert.deepEqual(s.studio.requests, [
        'Scan of Authors, filter authorId = "{authorId}"',
        'Scan of Books, filter authorId = "{authorId}"',
        'Scan of Books, filter authorId = "{authorId}" AND begins_with(published, "{decade}")',
      ]);
      await scrollStudio('studio.request.0');
      await screenshot(page, 'lesson-studio-opened.png');
      // The starting design, judged as it is: the profile is a Scan, so no read has its tick.
      s = await judge();
      assert.equal(s.lesson.task.passed, false);
      assert.equal(s.lesson.task.reason, 'not yet: \u201CAn author\'s profile\u201D has no \u2713 in the studio\'s score card');
      assert.equal(s.studio.lines[0].text, '\u2717 An author\'s profile: for {authorId: "a001"}: Scan: reads all 40 items to return 1');
      await screenshot(page, 'lesson-studio-not-yet.png');
      // The profile made a GetItem by its key, the rest as it was; its worksheet line says so.
      const design = structuredClone(challenge.starter);
      design.requests[0] = {
        pattern: "An author's profile",
        operation: 'GetItem',
        request: { TableName: 'Authors', Key: { authorId: { S: '{authorId}' } } },
      };
      await scrollStudio('studio.editor', { step: -120 });
      await clickWidget(page, 'studio.editor');
      await pasteText(page, JSON.stringify(design, null, 2));
      s = await waitForState(page, (st) => st.studio.designError === '' && !st.studio.current);
      assert.equal(s.studio.requests[0], 'GetItem on Authors: authorId = "{authorId}"');
      s = await judge();
      assert.equal(s.studio.lines[0].text, '\u2713 An author\'s profile: GetItem, 3 calls, 3 items read for 3, 1.5 read units');
      assert.equal(s.lesson.task.passed, true);
      assert.ok(s.lesson.stepDone);
      await screenshot(page, 'lesson-studio-done.png');
      // The studio's way back is to the step, done.
      await scrollStudio('studio.close', { step: -240 });
      await clickWidget(page, 'studio.close');
      s = await waitForState(page, (st) => st.studio === null && st.lesson?.view === 'step');
      assert.equal(s.lesson.id, 'access-patterns');
      assert.equal(s.lesson.step, 1);
      assert.equal(s.lesson.task.passed, true);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a link into another lesson sets it up as of that step', async () => {
    const { page, context } = await openPage(env.browser, `${env.server.url}?lesson=reading-items&step=3`);
    try {
      const s = await onStep(page, 3);
      assert.equal(s.lesson.id, 'reading-items');
      assert.deepEqual(s.lesson.done, []);
      assert.equal(s.tablesListed, 2, 'Authors and Readers');
      assert.equal(s.historyCount, 1, 'the set-up is one history entry');
      assert.equal(s.undoDepth, 1, 'and one undo step');
    } finally {
      await context.close();
    }
  });

  test('an unknown lesson or step gets a notice, and the playground works on', async () => {
    let { page, context } = await openPage(env.browser, `${env.server.url}?lesson=no-such-lesson&step=2`);
    try {
      const s = await waitForState(page, (st) => st.notices.length > 0);
      assert.deepEqual(s.notices, ['The link asks for lesson "no-such-lesson", which this playground does not have. Pick a lesson from the list.']);
      assert.equal(s.lesson, null);
      // The notice can come before the lesson files: the list is drawn once they have arrived.
      await waitForState(page, (st) => st.lessons.status === 'ready' && st.lessons.lessons.every((l) => l.status === 'ready'));
      await waitFrames(page, 2);
      assert.ok(await widgetRect(page, 'lesson.list.first-table'), 'the list is there');
      assert.equal((await exec(page, 'ListTables', {})).status, 200);
    } finally {
      await context.close();
    }
    ({ page, context } = await openPage(env.browser, `${env.server.url}?lesson=first-table&step=9`));
    try {
      const s = await onStep(page, 1);
      assert.deepEqual(s.notices, ['The link asks for step 9 of "Your first table: keys, not columns", which has 6 steps: starting at step 1.']);
    } finally {
      await context.close();
    }
  });
});

describe('lesson files that do not load', () => {
  const paging = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/05-paging.json'), 'utf8'));
  paging.steps[1].task.check.count = 'three';

  test('a broken file shows its name, JSON path and reason; the other lessons open', async () => {
    // The site's bundle (lessons/bundle.txt: a file per line, its name, a tab, its text; the
    // site keeps it gzip-compressed) with 03 cut short, 05 broken and 07 left out, which is then
    // fetched on its own and not found. The edited bundle is served as plain text.
    const bundle = zlib.gunzipSync(fs.readFileSync(path.join(siteDir, 'lessons/bundle.txt'))).toString('utf8').split('\n').filter((line) => line)
      .map((line) => [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)]);
    assert.ok(bundle.length === lessonCount + 1 && bundle[0][0] === 'index.json', 'the bundle holds the index and every lesson');
    const edited = bundle.filter(([name]) => name !== '07-filters-vs-keys.json').map(([name, text]) => {
      if (name === '03-composite-keys.json') return [name, '{"id": "composite-keys", "title": '];
      if (name === '05-paging.json') return [name, JSON.stringify(paging)];
      return [name, text];
    });
    const { page, context, errors } = await openPage(env.browser, env.server.url, {
      routes: {
        '**/lessons/bundle.txt': (route) => route.fulfill({ contentType: 'text/plain', body: edited.map((f) => f.join('\t')).join('\n') + '\n' }),
        '**/lessons/07-filters-vs-keys.json': (route) => route.fulfill({ status: 404, body: '' }),
      },
    });
    try {
      const s = await waitForState(page, (st) => st.lessons.lessons.length === lessonCount && st.lessons.lessons.every((l) => l.status !== 'loading'));
      const byId = Object.fromEntries(s.lessons.lessons.map((l) => [l.id, l]));
      assert.deepEqual(s.lessons.lessons.map((l) => l.status),
        ['ready', 'ready', 'failed', 'ready', 'failed', 'ready', 'failed', ...Array(lessonCount - 7).fill('ready')]);
      assert.match(byId['composite-keys'].error, /^03-composite-keys\.json: /);
      assert.equal(byId.paging.error,
        '05-paging.json: lesson "paging": /steps/1/task/check/count: expected a non-negative integer or an object with equals/atLeast/atMost, got a string');
      assert.equal(byId['filters-vs-keys'].error, 'lessons/07-filters-vs-keys.json could not be loaded: HTTP 404 (Not Found).');
      for (const file of ['03-composite-keys.json', '05-paging.json', '07-filters-vs-keys.json']) {
        assert.ok(await scrollTo(page, `lesson.error.${file}`, 'panel:lessons'), `${file} is listed with its error`);
      }
      await scrollTo(page, 'lesson.error.05-paging.json', 'panel:lessons');
      await screenshot(page, 'lesson-broken-files.png');
      assert.match(s.lessonText, /\n5\. Could not be loaded: 05-paging\.json: lesson "paging": \/steps\/1\/task\/check\/count: /);

      await scrollTo(page, 'lesson.list.sort-key-conditions', 'panel:lessons');
      await clickWidget(page, 'lesson.list.sort-key-conditions');
      const opened = await onStep(page, 1);
      assert.equal(opened.lesson.id, 'sort-key-conditions');
      assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
    } finally {
      await context.close();
    }
  });

  test('a missing index is reported, the playground works on, and Try again loads the lessons', async () => {
    let offline = true;
    const { page, context } = await openPage(env.browser, `${env.server.url}?lesson=first-table`, {
      routes: {
        '**/lessons/bundle.txt': (route) => (offline ? route.abort('internetdisconnected') : route.continue()),
        '**/lessons/index.json': (route) => (offline ? route.abort('internetdisconnected') : route.continue()),
      },
    });
    try {
      let s = await waitForState(page, (st) => st.lessons.status === 'failed');
      assert.match(s.lessons.error, /^lessons\/index\.json could not be loaded: no answer from the server \(.+\)\.$/);
      assert.deepEqual(s.notices, ['The link asks for lesson "first-table", but the lessons could not be loaded (the Lessons area says why).']);
      assert.ok(await widgetRect(page, 'lessons.index_error'));
      assert.equal((await exec(page, 'ListTables', {})).status, 200);
      offline = false;
      await clickWidget(page, 'lessons.retry');
      s = await waitForState(page, (st) => st.lessons.status === 'ready' && st.lessons.lessons.every((l) => l.status === 'ready'));
      assert.equal(s.lessons.lessons.length, lessonCount);
    } finally {
      await context.close();
    }
  });
});

describe('presenter view', () => {
  for (const theme of ['dark', 'light']) {
    test(`the player at 250 % in the ${theme} theme, lesson and data only`, async () => {
      const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=first-table`);
      try {
        await onStep(page, 1);
        await reloadWithSettings(page, { theme, fontScale: 2.5, presenter: true });
        let s = await onStep(page, 1);
        assert.deepEqual([s.theme, s.fontScale, s.presenter], [theme, 2.5, true]);
        await clickInStep(page, 'lesson.choice.1');
        await clickInStep(page, 'lesson.showme');
        // The builder is hidden: the request shows in the lesson.
        assert.ok(await scrollTo(page, 'lesson.request', 'lesson.body'));
        await screenshot(page, `lesson-presenter-250-${theme}.png`);
        const panel = await widgetRect(page, 'panel:lessons');
        const inside = (r) => r && r.x >= panel.x && r.x + r.w <= panel.x + panel.w + 0.5 && r.y >= panel.y && r.y + r.h <= panel.y + panel.h + 0.5;
        for (const name of ['lesson.back', 'lesson.next', 'lesson.progress', 'lesson.body', 'lesson.request']) {
          assert.ok(inside(await widgetRect(page, name)), `${name} fits in the lessons panel: ${JSON.stringify(await widgetRect(page, name))}`);
        }
        const back = await widgetRect(page, 'lesson.back');
        const next = await widgetRect(page, 'lesson.next');
        assert.ok(back.x + back.w < next.x, 'Back and Next do not overlap');
        assert.ok(next.h >= 2.2 * 20, `Next is big enough to hit from the back of a room: ${next.h}px`);
        assert.equal(await widgetRect(page, 'panel:builder'), null);
        // The example runs as it is, in front of the room; it does not do the task.
        await scrollTo(page, 'lesson.run_example', 'lesson.body', { step: -120 });
        await clickWidget(page, 'lesson.run_example');
        s = await waitForState(page, (st) => st.lesson.task.attempted);
        assert.deepEqual([s.lesson.task.passed, s.lesson.task.failedAttempts], [false, 0]);
        // With no builder to compose in, the answer is on offer at once: shown, then sent.
        assert.equal(s.lesson.task.answerOffered, true);
        await clickInStep(page, 'lesson.answer_show');
        assert.ok(await scrollTo(page, 'lesson.answer', 'lesson.body'));
        assert.ok(inside(await widgetRect(page, 'lesson.answer')));
        await scrollTo(page, 'lesson.run', 'lesson.body', { step: -120 });  // above the answer
        await clickWidget(page, 'lesson.run');
        s = await waitForState(page, (st) => st.lesson.stepDone);
        assert.equal(s.selectedTable, 'Authors');
        // The Response panel is hidden too: the response shows in the lesson, for the room.
        assert.ok(await scrollTo(page, 'lesson.response', 'lesson.body'), 'the response is in the lesson');
        assert.ok(inside(await widgetRect(page, 'lesson.response')));
        await screenshot(page, `lesson-presenter-250-${theme}-done.png`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});

describe('a lesson whose tables are gone', () => {
  test('says so, and sets itself up again at the same step', async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=reading-items&step=2`);
    try {
      let s = await onStep(page, 2);
      assert.deepEqual(s.lesson.tablesGone, []);
      const tables = s.tablesListed;
      assert.ok(tables > 0);
      // The learner turns to the whole workbench and resets the sandbox from the history panel.
      await clickInStep(page, 'lesson.layout');
      s = await waitForState(page, (st) => !st.lessonLayout);
      await clickWidget(page, 'history.reset');
      await clickWidget(page, 'history.reset_confirm');
      s = await waitForState(page, (st) => st.lesson?.tablesGone.length > 0);
      assert.equal(s.tablesListed, 0);
      assert.ok(await widgetRect(page, 'lesson.tables_gone'), 'the lesson says its tables are gone');
      await screenshot(page, 'lesson-tables-gone.png');
      await clickInStep(page, 'lesson.setup_again');
      s = await waitForState(page, (st) => st.lesson?.tablesGone.length === 0 && st.tablesListed > 0);
      assert.equal(s.lesson.step, 2, 'still on the step the learner was on');
      assert.equal(s.tablesListed, tables);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a done step and a request that fails', () => {
  test('the card says "done earlier" and why the last request did nothing, not a bare "Task done"', async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=first-table&step=2`);
    try {
      let s = await onStep(page, 2);
      await exec(page, 'CreateTable', lesson01.steps[1].task.solution[0].request);
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.lesson.task.failedAfterDone, null);
      // Widget rectangles are the last drawn frame's, the lesson's state the engine's now: a
      // card that is gone is checked on a frame drawn after the change.
      await waitFrames(page, 1);
      assert.equal(await widgetRect(page, 'lesson.task_stale'), null);
      await exec(page, 'GetItem', { TableName: 'NoSuchTable', Key: { id: { S: 'x' } } });
      s = await waitForState(page, (st) => st.lesson.task.failedAfterDone !== null);
      assert.equal(s.lesson.task.failedAfterDone,
        'GetItem failed: ResourceNotFoundException: Requested resource not found');
      assert.equal(s.lesson.stepDone, true, 'the step stays done');
      assert.ok(await widgetRect(page, 'lesson.task_stale'), 'and the card says the last request failed');
      await screenshot(page, 'lesson-done-then-failed.png');
      // A request that works puts the card back.
      await exec(page, 'ListTables', {});
      s = await waitForState(page, (st) => st.lesson.task.failedAfterDone === null);
      await waitFrames(page, 1);
      assert.equal(await widgetRect(page, 'lesson.task_stale'), null);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a step that waits on the clock, taken slowly', () => {
  test('lesson 11 step 3 says what is done and what is next, and any new write opens its window again', async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=global-indexes&step=3`);
    try {
      await onStep(page, 3);
      const ana = (userId) => ({ TableName: 'Users', Item: { userId: { S: userId }, name: { S: 'Ana Lima' }, email: { S: 'ana@example.com' } } });
      const byEmail = { TableName: 'Users', IndexName: 'ByEmail', KeyConditionExpression: 'email = :e',
        ExpressionAttributeValues: { ':e': { S: 'ana@example.com' } } };
      await exec(page, 'PutItem', ana('u4'));
      let s = await waitForState(page, (st) => st.lesson.task.reason !== null);
      // The data view shows Users, not the index: it says the index is behind all the same
      // (the countdown showed only with Show = ByEmail).
      assert.equal(s.dataIndex, '');
      await waitFrames(page, 1);
      assert.ok(await widgetRect(page, 'data.table_index_pending:ByEmail'), 'the table view says a write is on its way');
      assert.equal(s.lesson.task.reason, '{userId: "u4"} is in Users (done); next, a Query request',
        'the right put read as a failure: "expected a Query request, got PutItem"');
      await screenshot(page, 'lesson-two-parts.png');
      // The learner reads on for half a minute: the write reaches the index meanwhile.
      await stepClock(page, 30000);
      await exec(page, 'Query', byEmail);
      s = await waitForState(page, (st) => st.lesson.task.reason?.includes('ByEmail'));
      assert.equal(s.lesson.stepDone, false);
      assert.equal(s.lesson.task.reason, '{userId: "u4"} is in Users (done); next, expected a read of ByEmail while a ' +
        'write is still on its way to it, but every write had reached it: write again, then read ByEmail at once');
      // A new user with the same email opens the window again.
      await exec(page, 'PutItem', ana('u5'));
      await exec(page, 'Query', byEmail);
      s = await waitForState(page, (st) => st.lesson.stepDone);
      assert.equal(s.lesson.step, 3);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a lesson opened over the workbench', () => {
  test('starts on its tables\' partitions, with no response from before it', async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url);
    try {
      await clickWidget(page, 'tables.create_sample');
      await waitForState(page, (s) => s.selectedTable === 'Books');
      await clickWidget(page, 'builder.run');
      await waitForState(page, (s) => s.response !== null);
      await clickWidget(page, 'data.tab:capacity');
      await waitForState(page, (s) => s.dataMode === 'capacity');
      await clickWidget(page, 'lesson.list.first-table');
      const s = await waitForState(page, (st) => st.lesson?.view === 'step' && st.lesson.id === 'first-table');
      assert.equal(s.dataMode, 'partitions', 'the Capacity tab left open before');
      assert.equal(s.response, null, 'the response of a request from before the lesson');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
