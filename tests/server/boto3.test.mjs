// boto3 (Debian's python3-boto3) against the local endpoint: DynamoDB's legacy parameters
// (KeyConditions, QueryFilter, ScanFilter, Expected, ConditionalOperator, AttributeUpdates,
// AttributesToGet) as Python code still sends them, through the client and the resource layer.
// The checks themselves are in boto3_legacy.py; this runs it and reads its verdict.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { awsClientEnv, repoRoot, startServer, tempDir } from './support.mjs';

// Debian's python, isolated (-I): no user site packages, no PYTHON* variables, so the boto3
// is the one in /usr/lib/python3/dist-packages and not a pip install elsewhere.
const python = '/usr/bin/python3';
const script = path.join(repoRoot, 'tests/server/boto3_legacy.py');
let server;
let home;

// Runs python with args in a clean environment (no ~/.aws, dummy keys, no instance metadata
// look-up). Resolves to { code, stdout, stderr }.
function run(args, timeout = 120000) {
  const env = awsClientEnv(home);
  return new Promise((resolve) => {
    execFile(python, ['-I', ...args], { env, timeout }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? error.signal) : 0, stdout, stderr });
    });
  });
}

before(async () => {
  home = tempDir();
  const probe = await run(['-c', 'import boto3; print(boto3.__file__)']);
  assert.equal(probe.code, 0, `${python} cannot import boto3: run scripts/setup (it installs Debian's python3-boto3)\n${probe.stderr}`);
  assert.match(probe.stdout, /^\/usr\/lib\/python3\/dist-packages\/boto3\/__init__\.py$/m);
  // A TTL sweep every 2 s: the script watches one delete an expired item.
  server = await startServer(['--ttl-sweep-ms', '2000']);
});

after(async () => {
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, stopped?.stderr);
  fs.rmSync(home, { recursive: true, force: true });
});

test('boto3 client and resource calls with legacy parameters get DynamoDB\'s answers', async () => {
  const result = await run([script, server.url]);
  // On a failure the script names the check and what came back; show it all.
  assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`);
  assert.equal(result.stderr, '');
  const lines = result.stdout.trim().split('\n');
  const summary = lines.pop();
  // Every check printed its line; none was skipped.
  assert.equal(lines.length, 21, result.stdout);
  for (const line of lines) assert.match(line, /^ok [a-z_0-9]+$/);
  assert.ok(lines.includes('ok errors_in_dynamodb_words'), result.stdout);
  assert.ok(lines.includes('ok resource_get_item_attributes_to_get'), result.stdout);
  assert.ok(lines.includes('ok time_to_live_sweeps_expired_items'), result.stdout);
  // The count comes from the request bodies botocore sent: every one of them carried a legacy
  // parameter as written (none dropped or rewritten by the SDK), and all answered as DynamoDB.
  assert.equal(summary, 'legacy requests: 47, behaved as DynamoDB: 47');
});
