// Every lesson of the curriculum, completed end to end the way a learner does it: open it, answer
// each quiz by clicking the right choice, put each task's request into the operation builder's
// JSON tab and run it with Ctrl+Enter, press Next — all through real mouse and keyboard input on
// the canvas. The engine checks each task after each request, as it does for a learner.
// A step's prediction is typed and locked in with Enter before its task.
// The first lesson's requests are typed key by key; the others' are pasted (one input event,
// where typing is hundreds: the keyboard path is the same for every lesson). Time a learner
// would spend reading — GSI writes a lesson holds back, a traffic run — passes on the page's
// clock (playground.stepClock), not in wall time, five seconds a frame: a traffic run catches
// up the seconds it missed and meters each in its own second, as the engine tests check.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  clickWidget, clipboardPermissions, openPage, pasteText, pressKeys, repoRoot, runInBuilder, scrollTo, siteAndBrowser,
  stepClockUntil, typeText, waitForState,
} from './support.mjs';

const env = siteAndBrowser();
const lessonsDir = path.join(repoRoot, 'lessons');
const index = JSON.parse(fs.readFileSync(path.join(lessonsDir, 'index.json'), 'utf8'));

// A design challenge by its id, as lessons/challenges/ holds it.
function challengeOf(id) {
  const dir = path.join(lessonsDir, 'challenges');
  for (const file of fs.readdirSync(dir).filter((f) => /^\d\d-.*\.json$/.test(f))) {
    const challenge = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (challenge.id === id) return challenge;
  }
  throw new Error(`no challenge ${id} in lessons/challenges/`);
}

async function clickInStep(page, name) {
  await scrollTo(page, name, 'lesson.body');
  return clickWidget(page, name);
}

describe('the whole curriculum, by mouse and keyboard', () => {
  for (const [n, entry] of index.lessons.entries()) {
    const typed = n === 0;
    test(`${entry.id}: every step done, up to what was learned`, async () => {
      const lesson = JSON.parse(fs.readFileSync(path.join(lessonsDir, entry.file), 'utf8'));
      // At the smallest size the page supports: every step must be doable there (and a
      // smaller canvas is cheaper to draw without a GPU).
      const { page, context, errors } = await openPage(env.browser, `${env.server.url}?lesson=${entry.id}`, {
        width: 1024, height: 640, permissions: clipboardPermissions,
      });
      try {
        for (let i = 0; i < lesson.steps.length; i++) {
          const step = lesson.steps[i];
          let s = await waitForState(page, (st) => st.lesson?.view === 'step' && st.lesson.step === i + 1);
          if (step.quiz) {
            const right = step.quiz.choices.findIndex((c) => c.correct);
            await clickInStep(page, `lesson.choice.${right}`);
            s = await waitForState(page, (st) => st.lesson.quiz?.correct === true);
          }
          if (step.predict) {
            // The number the engine will report, locked in before the task shows.
            await clickInStep(page, 'lesson.predict.input');
            await typeText(page, String(step.predict.answer));
            await pressKeys(page, 'Enter');
            await waitForState(page, (st) => st.lesson.predict.locked === step.predict.answer);
          }
          if (step.task) {
            // A learner reads the step first; by then earlier writes have reached their GSIs
            // (a lesson may hold them back 20 s so that one step can catch the lag).
            await stepClockUntil(page, (st) => !st.backgroundWork, { stepMs: 5000 });
            // The answer, composed in the builder (a traffic step's answer is its design). The
            // step's Show me is an example of the same kind, never the answer.
            for (const r of step.task.solution ?? []) await runInBuilder(page, r.operation, r.request, { typed });
            if (step.traffic) {
              if (step.task.solution) {
                // The step's own run is the answer: its requests alone (Contributor Insights
                // turned on) do not pass it on the run an earlier step left behind.
                s = await waitForState(page, (st) => st.lesson.task.attempted);
                assert.equal(s.lesson.task.passed, false, `${entry.id} step ${i + 1} passed before its traffic ran`);
                assert.match(s.lesson.task.reason, /run the traffic first$/);
              }
              // Traffic steps: pick the design, run it, and wait the run out on the page's clock.
              if (step.traffic.designs.length > 1) {
                const design = step.task.solutionDesign ?? 0;
                await clickInStep(page, `lesson.design.${design}`);
                await waitForState(page, (st) => st.lesson.traffic.design === design);
              }
              await stepClockUntil(page, (st) => !st.backgroundWork, { stepMs: 5000 });
              await clickInStep(page, 'lesson.run_traffic');
              await waitForState(page, (st) => st.lesson.traffic.running);
              await stepClockUntil(page, (st) => st.lesson.stepDone, { stepMs: 5000 });
            }
            if (step.task.check.judged) {
              // Done in the design studio: the challenge's own reference design, pasted into
              // its editor and judged, then back to the lesson by the studio's way back.
              const scrollStudio = (name, options = {}) => scrollTo(page, name, 'panel:lessons', { edge: true, ...options });
              await clickInStep(page, 'lesson.studio');
              await waitForState(page, (st) => st.studio?.id === step.studio);
              await scrollStudio('studio.editor');
              await clickWidget(page, 'studio.editor');
              await pasteText(page, JSON.stringify(challengeOf(step.studio).reference, null, 2));
              await waitForState(page, (st) => st.studio.designError === '' && !st.studio.current);
              await scrollStudio('studio.judge');
              await clickWidget(page, 'studio.judge');
              await waitForState(page, (st) => st.studio.judged && st.studio.current, 30000);
              await scrollStudio('studio.close', { step: -240 });
              await clickWidget(page, 'studio.close');
              await waitForState(page, (st) => st.studio === null);
            }
            s = await waitForState(page, (st) => st.lesson.task.passed || st.lesson.stepDone, 15000);
            assert.equal(s.lesson.task.passed, true, `${entry.id} step ${i + 1}: ${s.lesson.task.reason}`);
            if (step.predict) assert.equal(s.lesson.predict.right, true, `${entry.id} step ${i + 1}: the prediction`);
          }
          s = await waitForState(page, (st) => st.lesson.stepDone);
          await clickWidget(page, 'lesson.next');
        }
        const done = await waitForState(page, (st) => st.lesson?.view === 'complete');
        assert.deepEqual(done.lesson.done, lesson.steps.map((_, k) => k + 1), 'every step is done');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
