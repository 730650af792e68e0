// lessons/schema.json and the engine's ParseLesson must agree: every lesson in lessons/ is
// valid under the schema (the engine side is tests/engine/lessons_autoplay_test.cpp), and every
// broken lesson in broken_lessons.json is rejected by the schema (the engine side, with exact
// messages, is tests/engine/lesson_model_test.cpp). Run: node --test tests/lessons/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { applyPatch } from './json_patch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lessonsDir = join(root, 'lessons');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

const schema = readJson(join(lessonsDir, 'schema.json'));
// The curriculum's facts: a schema too, which accepts exactly the fact ids; schema.json's
// factId refers to it. `taught` is its own annotation (whether a lesson teaches the fact yet).
const facts = readJson(join(lessonsDir, 'facts.json'));
// strict catches schema typos; strictRequired would also demand that if/then and contains repeat
// every property they require, which they need not.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
ajv.addKeyword({ keyword: 'taught', schemaType: 'boolean' });
ajv.addSchema(facts);
const validate = ajv.compile(schema);
const manifest = readJson(join(root, 'tests', 'lessons', 'broken_lessons.json'));

const describeErrors = (errors) => (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');

const lessonFiles = readdirSync(lessonsDir)
  .filter((f) => f.endsWith('.json') && !['schema.json', 'index.json', 'facts.json'].includes(f))
  .sort();

test("the schema's operations are the engine's (engine/include/ddb/operations.h), in its order", () => {
  const header = readFileSync(join(root, 'engine', 'include', 'ddb', 'operations.h'), 'utf8');
  const engine = [...header.matchAll(/^\s*\{"(\w+)", (?:true|false), (?:true|false)\},$/gm)].map((m) => m[1]);
  assert.equal(engine.length, 28);  // PartiQL's three included (the page's build leaves them out)
  assert.deepEqual(schema.$defs.operation.enum, engine);
});

test('lessons/ holds a curriculum of lesson files', () => {
  assert.ok(lessonFiles.length >= 8, `only ${lessonFiles.length} lessons`);
});

for (const file of lessonFiles) {
  test(`${file} is valid under lessons/schema.json`, () => {
    const lesson = readJson(join(lessonsDir, file));
    const ok = validate(lesson);
    assert.ok(ok, describeErrors(validate.errors));
    assert.equal(file, `${file.slice(0, 2)}-${lesson.id}.json`, 'files are named NN-<id>.json');
  });
}

test('lessons/index.json lists every lesson file once, in order', () => {
  const index = readJson(join(lessonsDir, 'index.json'));
  assert.deepEqual(index.lessons.map((l) => l.file), lessonFiles);
  for (const entry of index.lessons) {
    assert.deepEqual(Object.keys(entry).sort(), ['file', 'id']);
    assert.equal(readJson(join(lessonsDir, entry.file)).id, entry.id);
  }
});

test('the broken-lesson base is valid, so each case breaks exactly what it names', () => {
  assert.ok(validate(manifest.base), describeErrors(validate.errors));
});

test('the manifest has a case for each kind of mistake', () => {
  assert.ok(manifest.cases.length >= 50);
  assert.equal(new Set(manifest.cases.map((c) => c.name)).size, manifest.cases.length, 'case names are unique');
});

for (const c of manifest.cases) {
  test(`the schema rejects: ${c.name}`, () => {
    if ('text' in c) {
      let parsed;
      try {
        parsed = JSON.parse(c.text);
      } catch (error) {
        // Not JSON: no schema applies, and the engine must say it is malformed, where.
        assert.ok(error instanceof SyntaxError, String(error));
        assert.match(c.engine, /^broken\.json: Malformed JSON in the lesson at line \d+, column \d+: /);
        return;
      }
      assert.equal(validate(parsed), false, `schema accepted ${c.text}`);
      return;
    }
    const broken = applyPatch(manifest.base, c.patch);
    assert.equal(validate(broken), false, `schema accepted the lesson after ${JSON.stringify(c.patch)}`);
  });
}

test('a lesson that only reorders members stays valid (the engine keeps authors\' order)', () => {
  const lesson = readJson(join(lessonsDir, lessonFiles[0]));
  const reordered = Object.fromEntries(Object.entries(lesson).reverse());
  assert.ok(validate(reordered), describeErrors(validate.errors));
});
