// lessons/scenarios/schema.json and the engine's ParseTrafficScenario must agree: every shipped
// scenario is valid under the schema (the engine side: tests/engine/traffic_test.cpp runs each),
// and every broken scenario of broken_scenarios.json is rejected by the schema (the engine side,
// with exact messages, is in traffic_test.cpp too). Run: node --test tests/lessons/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { applyPatch } from './json_patch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = join(root, 'lessons', 'scenarios');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
const validate = ajv.compile(readJson(join(dir, 'schema.json')));
const manifest = readJson(join(root, 'tests', 'lessons', 'broken_scenarios.json'));
const describeErrors = (errors) => (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');

const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'schema.json').sort();

test('lessons/scenarios/ holds the trainer scenarios', () => {
  assert.ok(files.length >= 7, `only ${files.length} scenarios`);
});

for (const file of files) {
  test(`${file} is valid under lessons/scenarios/schema.json and named after its id`, () => {
    const scenario = readJson(join(dir, file));
    assert.ok(validate(scenario), describeErrors(validate.errors));
    assert.equal(file, `${scenario.id}.json`);
  });
}

test('the broken-scenario base is valid', () => {
  assert.ok(validate(manifest.base), describeErrors(validate.errors));
});

// A case marked engineOnly breaks a rule JSON Schema cannot state; only the engine checks it.
for (const c of manifest.cases.filter((x) => !x.engineOnly)) {
  test(`the scenario schema rejects: ${c.name}`, () => {
    const broken = applyPatch(manifest.base, c.patch);
    assert.equal(validate(broken), false, `schema accepted the scenario after ${JSON.stringify(c.patch)}`);
  });
}
