// lessons/challenges/schema.json and the engine's ParseChallenge must agree: every shipped
// challenge is valid under the schema (the engine side: tests/engine/design_test.cpp judges each
// reference design), and every broken challenge of broken_challenges.json is rejected by the
// schema, except those marked engineOnly (the engine side, with exact messages, is
// design_test.cpp too). Run: node --test tests/lessons/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { applyPatch } from './json_patch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = join(root, 'lessons', 'challenges');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
const validate = ajv.compile(readJson(join(dir, 'schema.json')));
const manifest = readJson(join(root, 'tests', 'lessons', 'broken_challenges.json'));
const describeErrors = (errors) => (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');

const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'schema.json').sort();

test('lessons/challenges/ holds the design challenges', () => {
  assert.ok(files.length >= 1);
});

for (const file of files) {
  test(`${file} is valid under lessons/challenges/schema.json and named after its id`, () => {
    const challenge = readJson(join(dir, file));
    assert.ok(validate(challenge), describeErrors(validate.errors));
    assert.equal(file, `${file.slice(0, 2)}-${challenge.id}.json`);
  });
}

const base = readJson(join(dir, manifest.base));

test('the manifest\'s cases have unique names, and some only the engine can judge', () => {
  assert.ok(manifest.cases.length >= 20);
  assert.equal(new Set(manifest.cases.map((c) => c.name)).size, manifest.cases.length);
});

for (const c of manifest.cases) {
  const broken = applyPatch(base, c.patch);
  if (c.engineOnly) {
    // A name that must be another part's, lengths that must match: the schema cannot say so,
    // and accepts it (a case the schema did reject should lose its mark).
    test(`only the engine rejects: ${c.name}`, () => {
      assert.ok(validate(broken), `the schema rejects it too: ${describeErrors(validate.errors)}`);
    });
  } else {
    test(`the schema rejects: ${c.name}`, () => {
      assert.equal(validate(broken), false, `schema accepted the challenge after ${JSON.stringify(c.patch)}`);
    });
  }
}
