// The code the page shows for a request (ddb::RequestCode) and for the history
// (ddb::ReplayScript), run for real against the local endpoint: every request of every lesson
// (its setup, then each step's answer, as a learner following along sends them) as the SDK for
// JavaScript v3 writes it (low-level client and document client) and as boto3 writes it, each
// giving the answer the engine gave the request itself (tests/server/code/request_code_tool.cpp
// writes both). The AWS CLI's commands: every one parsed by bash into the request it stands for,
// and one lesson's run by the CLI itself (a CLI call costs most of a second: all 211 would cost
// this run two and a half minutes). Each lesson's history — the requests that succeeded, reads
// left out — replayed as one script of each kind leaves the tables the engine has after it (the
// CLI's: one lesson's).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { marshall } from '@aws-sdk/util-dynamodb';

import { awsClientEnv, call, credentials, region, repoRoot, startServer, tempDir } from './support.mjs';

const tool = path.join(repoRoot, 'build/native-debug/tests/request_code_tool');
const python = '/usr/bin/python3';
const awsCli = process.env.AWS_CLI ?? '/usr/bin/aws';
// The generated modules live under the repository, so that node finds the SDK where the page's
// tests find it (node_modules at the root).
const scratch = path.join(repoRoot, 'build/request-code');

let server;
let home;
let requests;  // the tool's lines, in order: each lesson's requests
let replays;  // and each lesson's replay scripts, with the tables they leave

function run(file, args, { input, env } = {}) {
  return new Promise((resolve) => {
    const child = execFile(file, args, { env, maxBuffer: 64 << 20, timeout: 120000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? error.signal) : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin.end(input);
  });
}

before(async () => {
  assert.ok(fs.existsSync(tool), `${tool} is missing: ./scripts/test --only endpoint builds it`);
  server = await startServer();
  home = tempDir();
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  const index = JSON.parse(fs.readFileSync(path.join(repoRoot, 'lessons/index.json'), 'utf8'));
  const files = index.lessons.map((entry) => path.join(repoRoot, 'lessons', entry.file));
  const out = await run(tool, ['--endpoint', server.url, '--region', region, ...files]);
  assert.equal(out.code, 0, out.stderr);
  const lines = out.stdout.trim().split('\n').map((line) => JSON.parse(line));
  requests = lines.filter((line) => line.operation);
  replays = lines.filter((line) => line.replay);
  // The SDKs' credentials come from the environment, as the code expects (it writes none).
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_EC2_METADATA_DISABLED: 'true',
  });
});

after(async () => {
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, stopped?.stderr);
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

// Every table gone: each lesson starts on an empty endpoint, as the tool's engine did.
async function emptyEndpoint() {
  const listed = await call(server.url, 'ListTables', {});
  for (const name of listed.json.TableNames) assert.equal((await call(server.url, 'DeleteTable', { TableName: name })).status, 200);
}

const lessons = () => [...new Set(requests.map((r) => r.lesson))];
const lsiUpdate = () => requests.find((r) => r.lesson === 'local-indexes' && r.operation === 'UpdateTable');
// DynamoDB's answer to an UpdateTable that names nothing to change.
const updateTableEmpty = 'At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, '
  + 'SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, '
  + 'DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required';

// What two answers to one request must agree on: DynamoDB's error type, or the items and
// counts (never times, ARNs or sizes that a table's age changes).
const kept = ['Item', 'Items', 'Count', 'ScannedCount', 'LastEvaluatedKey', 'Attributes', 'Responses', 'ConsumedCapacity'];
function comparable(answer) {
  if (answer.error) return { error: answer.error, message: answer.message };
  const out = {};
  for (const key of kept) if (answer[key] !== undefined) out[key] = answer[key];
  if (answer.TableDescription) out.KeySchema = answer.TableDescription.KeySchema;
  if (answer.Table) out.KeySchema = answer.Table.KeySchema;
  return out;
}
function expectedOf(r) {
  return comparable(r.status === 200 ? r.response : { error: r.response.__type.split('#').pop(), message: r.response.message });
}

// Bytes back to DynamoDB JSON's Base64.
function base64Bytes(value) {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(base64Bytes);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, base64Bytes(v)]));
  return value;
}

// The document client's native values back to DynamoDB JSON.
function marshalled(answer) {
  const item = (i) => (i === undefined ? undefined : marshall(i));
  const out = { ...answer };
  for (const key of ['Item', 'Attributes', 'LastEvaluatedKey']) if (out[key]) out[key] = item(out[key]);
  if (out.Items) out.Items = out.Items.map(item);
  if (out.Responses) out.Responses = Object.fromEntries(Object.entries(out.Responses).map(([t, items]) => [t, items.map(item)]));
  return out;
}

// Runs a module the way `node file.mjs` would, in this process: what it printed with
// console.dir, or the SDK's error name.
async function runModule(file) {
  const printed = [];
  const dir = console.dir;
  console.dir = (value) => printed.push(value);
  try {
    await import(pathToFileURL(file).href);
    return printed[0];
  } catch (error) {
    return { error: error.name, message: error.message };
  } finally {
    console.dir = dir;
  }
}

test('a PartiQL statement as each kind writes it gets the engine\'s answer (parameters native in the document client)', async () => {
  await emptyEndpoint();
  const table = { TableName: 'Shelf', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }] };
  assert.equal((await call(server.url, 'CreateTable', table)).status, 200);
  for (let n = 1; n <= 3; ++n) {
    assert.equal((await call(server.url, 'PutItem', { TableName: 'Shelf', Item: { pk: { S: 'p' }, sk: { N: String(n) } } })).status, 200);
  }
  const statement = { Statement: 'SELECT sk FROM Shelf WHERE pk = ? AND sk >= ?', Parameters: [{ S: 'p' }, { N: '2' }] };
  const out = await run(tool, ['--endpoint', server.url, '--request', 'ExecuteStatement', JSON.stringify(statement)]);
  assert.equal(out.code, 0, out.stderr);
  const code = JSON.parse(out.stdout);
  assert.match(code.jsdoc, /Parameters: \["p", 2\]/);
  for (const kind of ['js', 'jsdoc']) {
    const file = path.join(scratch, `partiql-${kind}.mjs`);
    fs.writeFileSync(file, code[kind]);
    const answer = await runModule(file);
    assert.deepEqual(answer.Items, kind === 'js' ? [{ sk: { N: '2' } }, { sk: { N: '3' } }] : [{ sk: 2 }, { sk: 3 }], code[kind]);
  }
  const py = await run(python, ['-I', '-c', code.python], { env: awsClientEnv(home) });
  assert.equal(py.code, 0, py.stderr);
  assert.deepEqual(JSON.parse(py.stdout).Items, [{ sk: { N: '2' } }, { sk: { N: '3' } }]);
  const cli = await run('/bin/bash', ['-c', code.cli.replace(/^aws /m, `${awsCli} `)], { env: awsClientEnv(home, { AWS_PAGER: '' }) });
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual(JSON.parse(cli.stdout).Items, [{ sk: { N: '2' } }, { sk: { N: '3' } }]);
});

for (const kind of ['js', 'jsdoc']) {
  test(`every lesson's requests, as the SDK for JavaScript v3 writes them (${kind === 'js' ? 'low-level client' : 'document client'}), get the engine's answers`, async () => {
    let ran = 0;
    const mismatches = [];
    for (const lesson of lessons()) {
      await emptyEndpoint();
      for (const [i, r] of requests.entries()) {
        if (r.lesson !== lesson) continue;
        const file = path.join(scratch, `${lesson}-${i}-${kind}.mjs`);
        fs.writeFileSync(file, r.code[kind]);
        const answer = await runModule(file);
        assert.ok(answer, `${lesson} ${r.operation} printed nothing:\n${r.code[kind]}`);
        const got = comparable(kind === 'jsdoc' && !answer.error ? marshalled(answer) : base64Bytes(answer));
        try {
          assert.deepEqual(got, expectedOf(r));
        } catch (e) {
          mismatches.push(`${lesson}, step ${r.step}, ${r.operation}: ${JSON.stringify(got)} vs ${JSON.stringify(expectedOf(r))}`);
        }
        ++ran;
      }
    }
    // One request no SDK sends as written: lesson 12 shows UpdateTable refusing a local index,
    // and the SDK leaves the member out (its code says so first). DynamoDB answers what was sent.
    assert.deepEqual(mismatches, [`local-indexes, step 3, UpdateTable: ${JSON.stringify({ error: 'ValidationException', message: updateTableEmpty })} vs ${JSON.stringify(expectedOf(lsiUpdate()))}`]);
    assert.match(lsiUpdate().code[kind], /^\/\/ LocalSecondaryIndexes is not an UpdateTable parameter: the SDK leaves it out/);
    assert.equal(ran, requests.length);
    assert.equal(ran, 211);  // every lesson's setup and answers
  });
}

// Every lesson's code in one python process (importing boto3 takes most of a second): each
// lesson on an empty endpoint, each program run as its own module would, what it printed
// (json.dumps of the answer) read back, or the error's code and message.
const pythonHarness = `
import base64, json, sys
import boto3
from boto3.dynamodb.types import TypeSerializer
from botocore.exceptions import ClientError, ParamValidationError
admin = boto3.client("dynamodb", endpoint_url=sys.argv[1], region_name="us-east-1")
serializer = TypeSerializer()

# A Table resource's answer, its Python values back as DynamoDB JSON to compare.
def typed(response):
    out = dict(response)
    for key in ("Item", "Attributes", "LastEvaluatedKey"):
        if key in out:
            out[key] = {name: serializer.serialize(v) for name, v in out[key].items()}
    if "Items" in out:
        out["Items"] = [{name: serializer.serialize(v) for name, v in item.items()} for item in out["Items"]]
    return json.loads(json.dumps(out, default=lambda b: base64.b64encode(b).decode()))

def empty():
    for name in admin.list_tables()["TableNames"]:
        admin.delete_table(TableName=name)

def run(code):
    printed = []
    scope = {"__name__": "__main__", "print": lambda text="", *rest, **named: printed.append(text)}
    try:
        exec(compile(code, "<generated>", "exec"), scope)
        if "table" in scope:
            return typed(scope["response"])
        return json.loads(printed[0]) if printed else None
    except ClientError as error:
        return {"error": error.response["Error"]["Code"], "message": error.response["Error"]["Message"]}
    except ParamValidationError as error:
        return {"error": "ParamValidationError", "message": str(error)}

def tables():
    out = []
    for name in admin.list_tables()["TableNames"]:
        table = admin.describe_table(TableName=name)["Table"]
        indexes = table.get("GlobalSecondaryIndexes", []) + table.get("LocalSecondaryIndexes", [])
        items, scan = [], {"TableName": name}
        while True:
            page = admin.scan(**scan)
            items += page["Items"]
            if "LastEvaluatedKey" not in page:
                break
            scan["ExclusiveStartKey"] = page["LastEvaluatedKey"]
        out.append({"name": name, "keySchema": table["KeySchema"], "indexes": [i["IndexName"] for i in indexes], "items": items})
    return out

results = []
for job in json.load(sys.stdin):
    empty()
    if "script" in job:
        run(job["script"])
        results.append(tables())
    else:
        results.append([run(code) for code in job["codes"]])
print(json.dumps(results, default=lambda b: base64.b64encode(b).decode()))
`;

async function runPython(jobs) {
  const out = await run(python, ['-I', '-c', pythonHarness, server.url], { input: JSON.stringify(jobs), env: awsClientEnv(home) });
  assert.equal(out.code, 0, out.stderr);
  return JSON.parse(out.stdout);
}

test('every lesson\'s requests, as boto3 writes them, get the engine\'s answers', async () => {
  let ran = 0;
  const mismatches = [];
  const answers = await runPython(lessons().map((lesson) => ({ codes: requests.filter((r) => r.lesson === lesson).map((r) => r.code.python) })));
  for (const [l, lesson] of lessons().entries()) {
    for (const [i, r] of requests.filter((q) => q.lesson === lesson).entries()) {
      try {
        assert.deepEqual(comparable(answers[l][i]), expectedOf(r));
      } catch {
        mismatches.push(`${lesson}, step ${r.step}, ${r.operation}: ${JSON.stringify(answers[l][i])} vs ${JSON.stringify(expectedOf(r))}`);
      }
      ++ran;
    }
  }
  // boto3 checks the request against its model before sending it: the one member UpdateTable
  // does not have is refused there (its code says so first).
  assert.deepEqual(mismatches.map((m) => m.split(': {')[0]), ['local-indexes, step 3, UpdateTable']);
  assert.match(mismatches[0], /"error": ?"ParamValidationError".*Unknown parameter in input: \\"LocalSecondaryIndexes\\"/);
  assert.match(lsiUpdate().code.python, /^# LocalSecondaryIndexes is not an UpdateTable parameter: boto3 refuses/);
  assert.equal(ran, 211);
});

// botocore's xform_name, written again here so the check shares nothing with the generator.
const cliName = (name) => name.replace(/(.)([A-Z][a-z]+)/g, '$1-$2').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

// The words bash makes of a CLI command (its quoting undone), `aws` itself left out.
async function shellWords(command) {
  const out = await run('/bin/bash', ['-c', `aws() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${command}`]);
  assert.equal(out.code, 0, out.stderr);
  return out.stdout.split('\0').slice(0, -1);
}

// The words of every command, read by one bash (a bash a command cost this file 8 s for the
// lessons' 211): each command's `aws` ends its words with a word of its own. Null when bash
// refused the script or a command did not call `aws` once; the caller then reads each alone, so
// that a failure names its command.
async function shellWordsOfEach(commands) {
  const out = await run('/bin/bash', ['-c', `aws() { for a in "$@"; do printf '%s\\0' "$a"; done; printf '\\1\\0'; }\n${commands.join('\n')}`]);
  if (out.code !== 0) return null;
  const each = [[]];
  for (const word of out.stdout.split('\0').slice(0, -1)) {
    if (word === '\x01') each.push([]);
    else each.at(-1).push(word);
  }
  each.pop();
  return each.length === commands.length ? each : null;
}

test('every lesson\'s requests on boto3\'s Table resource (Key and Attr conditions) get the engine\'s answers', async () => {
  let ran = 0;
  let tableCode = 0;
  let builders = 0;
  const mismatches = [];
  const answers = await runPython(lessons().map((lesson) => ({ codes: requests.filter((r) => r.lesson === lesson).map((r) => r.code.pythonTable) })));
  for (const [l, lesson] of lessons().entries()) {
    for (const [i, r] of requests.filter((q) => q.lesson === lesson).entries()) {
      if (r.code.pythonTable.includes('.Table(')) ++tableCode;
      if (/(Key|Attr)\("/.test(r.code.pythonTable)) ++builders;
      try {
        assert.deepEqual(comparable(answers[l][i]), expectedOf(r));
      } catch {
        mismatches.push(`${lesson}, step ${r.step}, ${r.operation}: ${JSON.stringify(answers[l][i])} vs ${JSON.stringify(expectedOf(r))}`);
      }
      ++ran;
    }
  }
  assert.deepEqual(mismatches.map((m) => m.split(': {')[0]), ['local-indexes, step 3, UpdateTable'], mismatches.join('\n'));
  assert.equal(ran, 211);
  assert.ok(tableCode >= 100, `${tableCode} requests through the Table`);
  assert.ok(builders >= 40, `${builders} with Key or Attr`);
});

test('every lesson\'s requests as AWS CLI commands: bash reads each back as the request it stands for', async () => {
  const all = await shellWordsOfEach(requests.map((r) => r.code.cli));
  for (const [i, r] of requests.entries()) {
    const words = all?.[i] ?? await shellWords(r.code.cli);
    const where = `${r.lesson}, step ${r.step}:\n${r.code.cli}`;
    assert.deepEqual(words.slice(0, 2), ['dynamodb', cliName(r.operation)], where);
    assert.deepEqual(words.slice(-4), ['--endpoint-url', server.url, '--region', region], where);
    const options = words.slice(2, -4);
    const expected = [];
    for (const [name, value] of Object.entries(r.body)) {
      if (value === true) expected.push(`--${cliName(name)}`);
      else if (value === false) expected.push(`--no-${cliName(name)}`);
      else expected.push(`--${cliName(name)}`, typeof value === 'string' ? value : JSON.stringify(value));
    }
    if (['Query', 'Scan', 'ListTables'].includes(r.operation)) expected.push('--no-paginate');
    assert.deepEqual(options, expected, where);
  }
});

test('a lesson\'s requests run by the AWS CLI get the engine\'s answers', async () => {
  assert.ok(fs.existsSync(awsCli), `${awsCli} is missing: scripts/setup installs Debian's awscli`);
  await emptyEndpoint();
  const mine = requests.filter((r) => r.lesson === 'first-table');
  assert.equal(mine.length, 6);
  const env = awsClientEnv(home, { AWS_PAGER: '' });
  for (const r of mine) {
    const out = await run('/bin/bash', ['-c', r.code.cli.replace(/^aws /m, `${awsCli} `)], { env });
    const where = `step ${r.step}, ${r.operation}:\n${r.code.cli}\n${out.stderr}`;
    const answer = out.code === 0
      ? (out.stdout.trim() ? JSON.parse(out.stdout) : {})
      : { error: out.stderr.match(/An error occurred \((\w+)\)/)?.[1], message: out.stderr.match(/operation: (.*)/)?.[1] };
    assert.deepEqual(comparable(answer), expectedOf(r), where);
  }
});

test('a Query whose answer goes on: the paging loop of each kind reads every page', async () => {
  await emptyEndpoint();
  const table = { TableName: 'Pages', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'N' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }] };
  assert.equal((await call(server.url, 'CreateTable', table)).status, 200);
  for (let n = 1; n <= 5; ++n) {
    assert.equal((await call(server.url, 'PutItem', { TableName: 'Pages', Item: { pk: { S: 'p' }, sk: { N: String(n) } } })).status, 200);
  }
  const query = { TableName: 'Pages', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' } }, Limit: 2 };
  const lines = (await call(server.url, 'Query', query)).json.LastEvaluatedKey ? 'paged' : 'one page';
  assert.equal(lines, 'paged', 'two of five items: the answer goes on');
  const out = await run(tool, ['--endpoint', server.url, '--paged', '--request', 'Query', JSON.stringify(query)]);
  assert.equal(out.code, 0, out.stderr);
  const code = JSON.parse(out.stdout);
  // JavaScript: each page's items printed, all five in order.
  for (const kind of ['js', 'jsdoc']) {
    const file = path.join(scratch, `paged-${kind}.mjs`);
    fs.writeFileSync(file, code[kind]);
    const printed = [];
    const dir = console.dir;
    console.dir = (value) => printed.push(value);
    try {
      await import(pathToFileURL(file).href);
    } finally {
      console.dir = dir;
    }
    const sks = printed.map((item) => (kind === 'js' ? Number(item.sk.N) : item.sk));
    assert.deepEqual(sks, [1, 2, 3, 4, 5], code[kind]);
  }
  const py = await run(python, ['-I', '-c', code.python], { env: awsClientEnv(home) });
  assert.equal(py.code, 0, py.stderr);
  assert.deepEqual(py.stdout.trim().split('\n').map((line) => Number(JSON.parse(line).sk.N)), [1, 2, 3, 4, 5]);
  // The Table resource's items carry Python's values: sk a Decimal, printed as a string.
  assert.match(code.pythonTable, /"KeyConditionExpression": Key\("pk"\)\.eq\("p"\)/);
  const resource = await run(python, ['-I', '-c', code.pythonTable], { env: awsClientEnv(home) });
  assert.equal(resource.code, 0, resource.stderr);
  assert.deepEqual(resource.stdout.trim().split('\n').map((line) => Number(JSON.parse(line).sk)), [1, 2, 3, 4, 5]);
  const cli = await run('/bin/bash', ['-c', code.cli.replace(/^aws /m, `${awsCli} `)], { env: awsClientEnv(home, { AWS_PAGER: '' }) });
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual(JSON.parse(cli.stdout).Items.map((item) => Number(item.sk.N)), [1, 2, 3, 4, 5]);
});

// The endpoint's tables as the tool describes the engine's: key schema, index names, every item
// (objects' members and the items in one order, so that only content is compared).
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])]));
  return value;
}
function tablesOf(described) {
  return described.map((t) => ({ ...t, items: t.items.map((i) => JSON.stringify(canonical(i))).sort() }));
}
async function endpointTables() {
  const tables = [];
  for (const name of (await call(server.url, 'ListTables', {})).json.TableNames) {
    const table = (await call(server.url, 'DescribeTable', { TableName: name })).json.Table;
    const indexes = [...(table.GlobalSecondaryIndexes ?? []), ...(table.LocalSecondaryIndexes ?? [])].map((i) => i.IndexName);
    const items = [];
    const scan = { TableName: name };
    for (;;) {
      const page = (await call(server.url, 'Scan', scan)).json;
      items.push(...page.Items);
      if (!page.LastEvaluatedKey) break;
      scan.ExclusiveStartKey = page.LastEvaluatedKey;
    }
    tables.push({ name, keySchema: table.KeySchema, indexes, items });
  }
  return tablesOf(tables);
}

for (const kind of ['js', 'jsdoc']) {
  test(`every lesson's history replayed as one ${kind === 'js' ? 'JavaScript (SDK v3)' : 'JavaScript (document client)'} script leaves the engine's tables`, async () => {
    assert.equal(replays.length, 17);
    for (const replay of replays) {
      await emptyEndpoint();
      const file = path.join(scratch, `replay-${replay.lesson}-${kind}.mjs`);
      fs.writeFileSync(file, replay.replay[kind]);
      await import(pathToFileURL(file).href);
      assert.deepEqual(await endpointTables(), tablesOf(replay.tables), `${replay.lesson}:\n${replay.replay[kind]}`);
    }
  });
}

test('every lesson\'s history replayed as one boto3 script leaves the engine\'s tables', async () => {
  const left = await runPython(replays.map((replay) => ({ script: replay.replay.python })));
  for (const [i, replay] of replays.entries()) assert.deepEqual(tablesOf(left[i]), tablesOf(replay.tables), replay.lesson);
  assert.equal(left.reduce((n, tables) => n + tables.reduce((m, t) => m + t.items.length, 0), 0),
    replays.reduce((n, r) => n + r.tables.reduce((m, t) => m + t.items.length, 0), 0));
});

test('a lesson\'s history replayed as an AWS CLI script leaves the engine\'s tables', async () => {
  await emptyEndpoint();
  const replay = replays.find((r) => r.lesson === 'first-table');
  const file = path.join(scratch, 'replay-first-table.sh');
  fs.writeFileSync(file, replay.replay.cli.replaceAll(/^aws /gm, `${awsCli} `));
  const out = await run('/bin/sh', [file], { env: awsClientEnv(home, { AWS_PAGER: '' }) });
  assert.equal(out.code, 0, out.stderr);
  assert.deepEqual(await endpointTables(), tablesOf(replay.tables));
  assert.deepEqual(replay.tables.map((t) => [t.name, t.items.length]), [['Authors', 2]]);
});

// The tables each lesson leaves, as infrastructure code (ddb::TableTemplate): the CloudFormation
// template read by PyYAML (Debian's python3-yaml) is the JSON template, and a lesson's tables
// made by the AWS CLI's commands have the engine's key schemas and indexes (the CLI for one
// lesson with both kinds of index).
test('every lesson\'s tables as CloudFormation: the YAML template reads back as the JSON one', async () => {
  const out = await run(python, ['-I', '-c', `
import json, sys, yaml
for pair in json.load(sys.stdin):
    assert yaml.safe_load(pair["yaml"]) == json.loads(pair["json"]), pair["lesson"]
print(len(pair))
`], { input: JSON.stringify(replays.map((r) => ({ lesson: r.lesson, ...r.templates }))) });
  assert.equal(out.code, 0, out.stderr);
  const resources = replays.reduce((n, r) => n + Object.keys(JSON.parse(r.templates.json).Resources).length, 0);
  assert.equal(resources, replays.reduce((n, r) => n + r.tables.length, 0));
  assert.ok(resources >= 17, `${resources} tables`);
});

// Terraform has no tool in Debian: its HCL is read by HashiCorp's own parser (Go's hcl, compiled
// to WebAssembly: @cdktf/hcl2json), and each aws_dynamodb_table must say what the lesson's
// CloudFormation template says of the table.
test('every lesson\'s tables as Terraform parse as HCL and say what the CloudFormation template says', async () => {
  const { parse } = await import('@cdktf/hcl2json');
  let tables = 0;
  for (const replay of replays) {
    const hcl = await parse(`${replay.lesson}.tf`, replay.templates.terraform);
    const resources = Object.values(JSON.parse(replay.templates.json).Resources);
    const terraform = Object.values(hcl.resource?.aws_dynamodb_table ?? {}).map((r) => r[0]);
    assert.equal(terraform.length, resources.length, replay.lesson);
    for (const [i, { Properties: p }] of resources.entries()) {
      const t = terraform[i];
      const key = (schema, type) => schema.find((k) => k.KeyType === type)?.AttributeName;
      const projection = (ix) => ({
        projection_type: ix.Projection.ProjectionType,
        ...(ix.Projection.NonKeyAttributes ? { non_key_attributes: ix.Projection.NonKeyAttributes } : {}),
      });
      const expected = {
        name: p.TableName,
        billing_mode: p.BillingMode,
        ...(p.ProvisionedThroughput ? { read_capacity: p.ProvisionedThroughput.ReadCapacityUnits, write_capacity: p.ProvisionedThroughput.WriteCapacityUnits } : {}),
        hash_key: key(p.KeySchema, 'HASH'),
        ...(key(p.KeySchema, 'RANGE') ? { range_key: key(p.KeySchema, 'RANGE') } : {}),
        attribute: p.AttributeDefinitions.map((a) => ({ name: a.AttributeName, type: a.AttributeType })),
        gsis: (p.GlobalSecondaryIndexes ?? []).filter((ix) => ['HASH', 'RANGE'].every((type) => ix.KeySchema.filter((k) => k.KeyType === type).length <= 1)).map((ix) => ({
          name: ix.IndexName, hash_key: key(ix.KeySchema, 'HASH'),
          ...(key(ix.KeySchema, 'RANGE') ? { range_key: key(ix.KeySchema, 'RANGE') } : {}),
          ...projection(ix),
          ...(ix.ProvisionedThroughput ? { read_capacity: ix.ProvisionedThroughput.ReadCapacityUnits, write_capacity: ix.ProvisionedThroughput.WriteCapacityUnits } : {}),
        })),
        lsis: (p.LocalSecondaryIndexes ?? []).map((ix) => ({ name: ix.IndexName, range_key: key(ix.KeySchema, 'RANGE'), ...projection(ix) })),
        ttl: p.TimeToLiveSpecification ? [{ attribute_name: p.TimeToLiveSpecification.AttributeName, enabled: true }] : undefined,
      };
      const actual = {
        name: t.name, billing_mode: t.billing_mode,
        ...(t.read_capacity !== undefined ? { read_capacity: t.read_capacity, write_capacity: t.write_capacity } : {}),
        hash_key: t.hash_key, ...(t.range_key ? { range_key: t.range_key } : {}),
        attribute: t.attribute,
        gsis: t.global_secondary_index ?? [],
        lsis: t.local_secondary_index ?? [],
        ttl: t.ttl,
      };
      assert.deepEqual(actual, expected, `${replay.lesson}: ${p.TableName}`);
      tables += 1;
    }
  }
  assert.ok(tables >= 17, `${tables} tables`);
});

// The tables as an AWS CDK app (TypeScript, TableV2): every lesson's, and those of
// tests/data/templates/every_setting.json (every setting a table can have), type-checked against
// aws-cdk-lib's own declarations as one program, then run as the CDK CLI runs an app (CDK_OUTDIR
// set: the app synthesizes when it ends), all in one node process so that aws-cdk-lib loads once.
// Each AWS::DynamoDB::GlobalTable it makes must say what the CloudFormation template's
// AWS::DynamoDB::Table says: written-out provisioned writes as auto scaling from and to the same
// units; an index whose Contributor Insights differs from its table's (TableV2 gives indexes the
// table's) told in the app with the command that sets it.
test('the tables as an AWS CDK app type-check, synthesize, and make the CloudFormation template\'s tables', async () => {
  const fixture = await run(tool, ['--tables', path.join(repoRoot, 'tests/data/templates/every_setting.json')]);
  assert.equal(fixture.code, 0, fixture.stderr);
  const apps = [...replays.map((r) => ({ name: r.lesson, ...r.templates })), { name: 'every-setting', ...JSON.parse(fixture.stdout).templates }];
  const dir = path.join(scratch, 'cdk');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type": "commonjs"}\n');
  const ts = (await import('typescript')).default;
  const program = ts.createProgram(apps.map((app) => {
    fs.writeFileSync(path.join(dir, `${app.name}.ts`), app.cdk);
    return path.join(dir, `${app.name}.ts`);
  }), {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10,
    strict: true, skipLibCheck: true, types: [], outDir: dir,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  assert.deepEqual(diagnostics, []);
  assert.equal(program.emit().emitSkipped, false);
  const harness = `for (const name of ${JSON.stringify(apps.map((app) => app.name))}) {
  process.env.CDK_OUTDIR = require('node:path').join(${JSON.stringify(dir)}, 'out-' + name);
  require(${JSON.stringify(dir)} + '/' + name + '.js');
}`;
  const synth = await run(process.execPath, ['-e', harness], { env: { ...process.env, CDK_OUTDIR: dir } });
  assert.equal(synth.code, 0, synth.stderr);

  const sorted = (list) => [...(list ?? [])].sort((a, b) => (a.AttributeName < b.AttributeName ? -1 : 1));
  const insights = (spec) => (spec?.Enabled ? spec : undefined);
  const fixedWrites = (settings) => {
    const scaling = settings?.WriteCapacityAutoScalingSettings;
    return scaling && scaling.MinCapacity === scaling.MaxCapacity ? scaling.MinCapacity : scaling;
  };
  let tables = 0;
  let told = 0;
  for (const app of apps) {
    const expectedResources = JSON.parse(app.json).Resources;
    const synthesized = JSON.parse(fs.readFileSync(path.join(dir, `out-${app.name}`, 'PlaygroundTables.template.json'), 'utf8')).Resources ?? {};
    const globalTables = Object.entries(synthesized).filter(([, r]) => r.Type === 'AWS::DynamoDB::GlobalTable');
    assert.equal(globalTables.length, Object.keys(expectedResources).length, app.name);
    const nameOf = (resources, id) => resources[id].Properties.TableName;
    for (const { Properties: p, DependsOn } of Object.values(expectedResources)) {
      const tableInsights = insights(p.ContributorInsightsSpecification);
      const expected = {
        AttributeDefinitions: sorted(p.AttributeDefinitions), KeySchema: p.KeySchema, BillingMode: p.BillingMode,
        throughput: p.ProvisionedThroughput, onDemand: p.OnDemandThroughput,
        gsis: (p.GlobalSecondaryIndexes ?? []).map((ix) => ({
          IndexName: ix.IndexName, KeySchema: ix.KeySchema, Projection: ix.Projection, throughput: ix.ProvisionedThroughput, insights: tableInsights,
        })),
        lsis: p.LocalSecondaryIndexes, ttl: p.TimeToLiveSpecification, insights: tableInsights, tags: p.Tags,
        dependsOn: DependsOn ? [nameOf(expectedResources, DependsOn)] : undefined,
      };
      const [, g] = globalTables.find(([, r]) => r.Properties.TableName === p.TableName) ?? [];
      assert.ok(g, `${app.name}: ${p.TableName} synthesized`);
      const q = g.Properties;
      const replica = q.Replicas[0];
      assert.deepEqual(q.Replicas.length, 1);
      assert.deepEqual(replica.Region, { Ref: 'AWS::Region' });
      const onDemand = { MaxReadRequestUnits: replica.ReadOnDemandThroughputSettings?.MaxReadRequestUnits, MaxWriteRequestUnits: q.WriteOnDemandThroughputSettings?.MaxWriteRequestUnits };
      const actual = {
        AttributeDefinitions: sorted(q.AttributeDefinitions), KeySchema: q.KeySchema, BillingMode: q.BillingMode,
        throughput: q.BillingMode === 'PROVISIONED'
          ? { ReadCapacityUnits: replica.ReadProvisionedThroughputSettings?.ReadCapacityUnits, WriteCapacityUnits: fixedWrites(q.WriteProvisionedThroughputSettings) }
          : undefined,
        onDemand: Object.values(onDemand).some((v) => v !== undefined) ? JSON.parse(JSON.stringify(onDemand)) : undefined,
        gsis: (q.GlobalSecondaryIndexes ?? []).map((ix) => {
          const options = replica.GlobalSecondaryIndexes?.find((o) => o.IndexName === ix.IndexName);
          return {
            IndexName: ix.IndexName, KeySchema: ix.KeySchema, Projection: ix.Projection,
            throughput: q.BillingMode === 'PROVISIONED'
              ? { ReadCapacityUnits: options?.ReadProvisionedThroughputSettings?.ReadCapacityUnits, WriteCapacityUnits: fixedWrites(ix.WriteProvisionedThroughputSettings) }
              : undefined,
            insights: insights(options?.ContributorInsightsSpecification),
          };
        }),
        lsis: q.LocalSecondaryIndexes, ttl: q.TimeToLiveSpecification, insights: insights(replica.ContributorInsightsSpecification), tags: replica.Tags,
        dependsOn: g.DependsOn?.map((other) => nameOf(synthesized, other)),
      };
      assert.deepEqual(actual, expected, `${app.name}: ${p.TableName}`);
      for (const ix of p.GlobalSecondaryIndexes ?? []) {
        if (Boolean(insights(ix.ContributorInsightsSpecification)) === Boolean(tableInsights)) continue;
        const command = `aws dynamodb update-contributor-insights --table-name ${p.TableName} --index-name ${ix.IndexName} --contributor-insights-action ${tableInsights ? 'DISABLE' : 'ENABLE'}`;
        assert.ok(app.cdk.includes(command), `${app.name}: ${command}`);
        told += 1;
      }
      tables += 1;
    }
  }
  assert.ok(tables >= 21, `${tables} tables`);
  assert.equal(told, 2);
});

test('a lesson\'s tables made by the AWS CLI from their commands have the engine\'s key schemas and indexes', async () => {
  await emptyEndpoint();
  const replay = replays.find((r) => r.lesson === 'local-indexes');
  const file = path.join(scratch, 'tables-local-indexes.sh');
  fs.writeFileSync(file, replay.templates.cli.replaceAll(/^aws /gm, `${awsCli} --endpoint-url ${server.url} `));
  const out = await run('/bin/sh', [file], { env: awsClientEnv(home, { AWS_PAGER: '' }) });
  assert.equal(out.code, 0, out.stderr);
  const shape = (tables) => tables.map(({ name, keySchema, indexes }) => ({ name, keySchema, indexes }));
  assert.deepEqual(shape(await endpointTables()), shape(tablesOf(replay.tables)));
  assert.ok(replay.tables.some((t) => t.indexes.length > 0), 'a table with an index');
});
