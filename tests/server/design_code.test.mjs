// Every challenge's reference design as its data-access modules (ddb::DesignModule): the Python
// module (boto3) and the TypeScript one (the SDK for JavaScript v3's document client, compiled by
// TypeScript's own compiler), against the local endpoint loaded with the challenge's records,
// return for every pattern and parameter set the items the engine returns for the design's
// request (order included), and each write leaves the item the judge's write leaves.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { DynamoDBClient, DeleteItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import ts from 'typescript';

import { awsClientEnv, credentials, repoRoot, startServer, tempDir } from './support.mjs';

const tool = path.join(repoRoot, 'build/native-debug/tests/design_code_tool');
const python = '/usr/bin/python3';
const placeholder = 'http://localhost:8000';
const home = tempDir();
// The SDK's credentials come from the environment, as the module expects (it writes none).
Object.assign(process.env, {
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  AWS_EC2_METADATA_DISABLED: 'true',
});
// The compiled modules live under the repository, so that node finds the SDK in its node_modules.
const scratch = path.join(repoRoot, 'build/design-code');
fs.rmSync(scratch, { recursive: true, force: true });
fs.mkdirSync(scratch, { recursive: true });
after(() => {
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

// The TypeScript module, type-checked as a program would be and compiled, imported, every
// function called: what each pattern returns and what each write leaves, as DynamoDB JSON.
const compilerOptions = {
  target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true, noEmit: true, skipLibCheck: true,
};

// Every module type-checked at once, as one program (the SDK's types read once).
function typeCheck(jobs) {
  const sources = jobs.map((job) => {
    const source = path.join(scratch, `${job.challenge}.ts`);
    fs.writeFileSync(source, job.tsModule);
    return source;
  });
  const program = ts.createProgram(sources, compilerOptions);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

async function runTypeScript(job, url) {
  const { outputText } = ts.transpileModule(job.tsModule.replace(placeholder, url), { compilerOptions: { ...compilerOptions, noEmit: false } });
  const compiled = path.join(scratch, `${job.challenge}.mjs`);
  fs.writeFileSync(compiled, outputText);
  const design = await import(pathToFileURL(compiled).href);
  const admin = new DynamoDBClient({ endpoint: url, region: 'us-east-1' });
  const calls = [];
  for (const call of job.calls) {
    const values = unmarshall(call.args, { wrapNumbers: true });
    const args = call.argOrder.map((name) => values[name]);
    calls.push((await design[call.tsFunction](...args)).map((item) => marshall(item)));
  }
  const writes = [];
  for (const write of job.writes) {
    if (write.kind === 'create') await admin.send(new DeleteItemCommand({ TableName: write.table, Key: write.key }));
    await design[write.tsFunction](unmarshall(write.record, { wrapNumbers: true }));
    writes.push((await admin.send(new GetItemCommand({ TableName: write.table, Key: write.key, ConsistentRead: true }))).Item ?? null);
  }
  design.client.destroy();
  admin.destroy();
  return { calls, writes };
}

function run(file, args, { input, env } = {}) {
  return new Promise((resolve) => {
    const child = execFile(file, args, { env, maxBuffer: 64 << 20, timeout: 120000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? error.signal) : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin.end(input);
  });
}

const harness = `
import base64, json, sys
import boto3
from boto3.dynamodb.types import TypeDeserializer, TypeSerializer
job = json.load(sys.stdin)
design = {"__name__": "design"}
exec(compile(job["module"], "design.py", "exec"), design)
native, typed = TypeDeserializer().deserialize, TypeSerializer().serialize
admin = boto3.client("dynamodb", endpoint_url=job["endpoint"], region_name="us-east-1")
calls = []
for call in job["calls"]:
    items = design[call["function"]](**{name: native(v) for name, v in call["args"].items()})
    calls.append([{name: typed(v) for name, v in item.items()} for item in items])
writes = []
for write in job["writes"]:
    if write["kind"] == "create":
        admin.delete_item(TableName=write["table"], Key=write["key"])  # a create writes a new record
    design[write["function"]]({name: native(v) for name, v in write["record"].items()})
    writes.append(admin.get_item(TableName=write["table"], Key=write["key"], ConsistentRead=True).get("Item"))
print(json.dumps({"calls": calls, "writes": writes}, default=lambda b: base64.b64encode(b).decode()))
`;

test('every challenge\'s reference data-access module returns what the engine returns, and writes what the judge writes', async () => {
  assert.ok(fs.existsSync(tool), `${tool} is missing: ./scripts/test --only endpoint builds it`);
  const dir = path.join(repoRoot, 'lessons/challenges');
  const files = fs.readdirSync(dir).filter((f) => /^\d\d-.*\.json$/.test(f)).map((f) => path.join(dir, f));
  const out = await run(tool, ['--endpoint', placeholder, ...files]);
  assert.equal(out.code, 0, out.stderr);
  const jobs = out.stdout.trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(jobs.length, files.length);
  assert.deepEqual(typeCheck(jobs), [], 'the TypeScript compiler finds nothing wrong');
  let calls = 0;
  let items = 0;
  for (const job of jobs) {
    const snapshot = path.join(home, `${job.challenge}.json`);
    fs.writeFileSync(snapshot, job.snapshot);
    const server = await startServer(['--load', snapshot]);
    try {
      assert.ok(job.module.includes(`endpoint_url="${placeholder}"`), 'endpoint as a parameter');
      const input = JSON.stringify({ ...job, module: job.module.replace(placeholder, server.url), endpoint: server.url });
      const ran = await run(python, ['-I', '-c', harness], { input, env: awsClientEnv(home) });
      assert.equal(ran.code, 0, `${job.challenge}: ${ran.stderr}`);
      const got = JSON.parse(ran.stdout);
      for (const [i, call] of job.calls.entries()) {
        assert.deepEqual(got.calls[i], call.items, `${job.challenge}: ${call.function}(${JSON.stringify(call.args)})`);
        calls += 1;
        items += call.items.length;
      }
      for (const [i, write] of job.writes.entries()) {
        assert.deepEqual(got.writes[i] ?? null, write.item, `${job.challenge}: ${write.function}`);
      }
    } finally {
      await server.stop();
    }
    // The same again in TypeScript, on a fresh endpoint: the Python writes changed the records.
    const fresh = await startServer(['--load', snapshot]);
    try {
      const typed = await runTypeScript(job, fresh.url);
      for (const [i, call] of job.calls.entries()) {
        assert.deepEqual(typed.calls[i], call.items, `${job.challenge}: ${call.tsFunction}(${JSON.stringify(call.args)})`);
      }
      for (const [i, write] of job.writes.entries()) {
        assert.deepEqual(typed.writes[i], write.item, `${job.challenge}: ${write.tsFunction}`);
      }
    } finally {
      await fresh.stop();
    }
  }
  console.log(`${jobs.length} challenges: ${calls} calls, ${items} items, ${jobs.reduce((n, j) => n + j.writes.length, 0)} writes`);
  assert.ok(calls >= 30, `${calls} calls`);
  assert.ok(items >= 300, `${items} items`);
});
