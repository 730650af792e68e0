// Engine state across runs: --load starts from a snapshot, --save writes one on SIGINT or
// SIGTERM (atomically), and bad files or folders are refused at start-up with a clear message.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { after, test } from 'node:test';
import zlib from 'node:zlib';

import { booksTable, call, runServer, signedHeaders, startServer, tempDir } from './support.mjs';

const dirs = [];
after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
function scratch() {
  const d = tempDir();
  dirs.push(d);
  return d;
}

const book = (bookId, title) => ({ authorId: { S: 'ursula' }, bookId: { S: bookId }, title: { S: title } });

test('SIGTERM saves the state; --load brings it back', async () => {
  const dir = scratch();
  const file = path.join(dir, 'state.json');
  const first = await startServer(['--save', file]);
  assert.equal((await call(first.url, 'CreateTable', booksTable)).status, 200);
  assert.equal((await call(first.url, 'PutItem', { TableName: 'Books', Item: book('b2', 'The Dispossessed') })).status, 200);
  assert.equal((await call(first.url, 'PutItem', { TableName: 'Books', Item: book('b1', 'A Wizard of Earthsea') })).status, 200);
  assert.equal(fs.existsSync(file), false, 'nothing is written before shutdown');
  const stopped = await first.stop('SIGTERM');
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stdout, new RegExp(`saved 1 table to ${file.replace(/[.]/g, '\\.')}\n`));
  assert.deepEqual(fs.readdirSync(dir), ['state.json'], 'no temporary file is left behind');

  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.format, 'dynamodb-keys-playground-snapshot');
  assert.equal(saved.version, 1);
  assert.deepEqual(saved.tables.map((t) => t.TableName), ['Books']);
  assert.deepEqual(saved.tables[0].KeySchema, booksTable.KeySchema);
  assert.equal(saved.tables[0].BillingMode, 'PAY_PER_REQUEST');
  assert.deepEqual(saved.tables[0].Items, [book('b1', 'A Wizard of Earthsea'), book('b2', 'The Dispossessed')]);

  const second = await startServer(['--load', file]);
  assert.match(second.output().stdout, /loaded 1 table from /);
  const q = await call(second.url, 'Query', {
    TableName: 'Books', KeyConditionExpression: 'authorId = :a', ExpressionAttributeValues: { ':a': { S: 'ursula' } },
  });
  assert.deepEqual(q.json.Items, [book('b1', 'A Wizard of Earthsea'), book('b2', 'The Dispossessed')]);
  assert.equal((await second.stop()).code, 0);
});

test('SIGINT saves too, replacing the old file by rename (never rewriting it in place)', async () => {
  const dir = scratch();
  const file = path.join(dir, 'state.json');
  fs.writeFileSync(file, 'an older file, much longer than any snapshot of an empty database '.repeat(100));
  const before = fs.statSync(file).ino;
  const server = await startServer(['--save', file]);
  const stopped = await server.stop('SIGINT');
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.equal(
    fs.readFileSync(file, 'utf8'),
    '{\n  "format": "dynamodb-keys-playground-snapshot",\n  "version": 1,\n  "tables": []\n}\n',
  );
  assert.notEqual(fs.statSync(file).ino, before, 'a new file took the old one\'s name');
  assert.deepEqual(fs.readdirSync(dir), ['state.json']);
});

test('a stop does not wait for idle kept-alive connections, and saves what they wrote', async () => {
  const dir = scratch();
  const file = path.join(dir, 'state.json');
  const server = await startServer(['--save', file]);
  await call(server.url, 'CreateTable', booksTable);
  // A client that keeps its connection open after a write, as the SDKs do.
  const agent = new http.Agent({ keepAlive: true });
  const body = JSON.stringify({ TableName: 'Books', Item: book('b1', 'kept alive') });
  const status = await new Promise((resolve, reject) => {
    http
      .request(
        {
          host: '127.0.0.1', port: server.port, method: 'POST', path: '/', agent,
          headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.PutItem', 'content-length': Buffer.byteLength(body), ...signedHeaders },
        },
        (res) => res.resume().on('end', () => resolve(res.statusCode)),
      )
      .on('error', reject)
      .end(body);
  });
  assert.equal(status, 200);
  const started = Date.now();
  const stopped = await server.stop();
  const took = Date.now() - started;
  agent.destroy();
  assert.equal(stopped.code, 0, stopped.stderr);
  // httplib alone would keep polling the idle connection until its 5 s keep-alive timeout.
  assert.ok(took < 2000, `stopping took ${took} ms`);
  assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')).tables[0].Items, [book('b1', 'kept alive')]);
});

test('--load and --save on one file keep the state from run to run', async () => {
  const dir = scratch();
  const file = path.join(dir, 'db.json');
  const first = await startServer(['--save', file]);
  await call(first.url, 'CreateTable', booksTable);
  await call(first.url, 'PutItem', { TableName: 'Books', Item: book('b1', 'one') });
  await first.stop();
  const second = await startServer(['--load', file, '--save', file]);
  await call(second.url, 'PutItem', { TableName: 'Books', Item: book('b2', 'two') });
  await second.stop();
  const third = await startServer(['--load', file]);
  const scan = await call(third.url, 'Scan', { TableName: 'Books' });
  assert.deepEqual(scan.json.Items, [book('b1', 'one'), book('b2', 'two')]);
  await third.stop();
});

test('a broken --load file is refused, naming the JSON path that is wrong', async () => {
  const dir = scratch();
  const file = path.join(dir, 'broken.json');
  fs.writeFileSync(file, JSON.stringify({
    format: 'dynamodb-keys-playground-snapshot',
    version: 1,
    tables: [{ ...booksTable, Items: [book('b1', 'fine'), { authorId: { S: 'ursula' } }] }],
  }));
  const r = await runServer(['--port', '0', '--load', file]);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.equal(
    r.stderr,
    `ddb-playground-server: --load: ${file}: /tables/0/Items/1: One or more parameter values were invalid: Missing the key bookId in the item\n`,
  );

  fs.writeFileSync(file, '{"format": "dynamodb-keys-playground-snapshot", "version": 1, "tables": [}');
  const syntax = await runServer(['--port', '0', '--load', file]);
  assert.equal(syntax.code, 1);
  assert.equal(
    syntax.stderr,
    `ddb-playground-server: --load: ${file}: Malformed JSON in snapshot at line 1, column 74: syntax error while parsing value - unexpected '}'; expected '[', '{', or a literal\n`,
  );
});

test('a missing --load file or an unwritable --save folder is found at start-up', async () => {
  const dir = scratch();
  const missing = await runServer(['--port', '0', '--load', path.join(dir, 'nope.json')]);
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr, `ddb-playground-server: --load: cannot open ${path.join(dir, 'nope.json')}: No such file or directory\n`);

  const nowhere = await runServer(['--port', '0', '--save', path.join(dir, 'no/such/folder/state.json')]);
  assert.equal(nowhere.code, 1);
  assert.equal(nowhere.stderr, `ddb-playground-server: --save: cannot create a file in ${path.join(dir, 'no/such/folder')}: No such file or directory\n`);

  const folder = await runServer(['--port', '0', '--save', dir]);
  assert.equal(folder.code, 1);
  assert.equal(folder.stderr, `ddb-playground-server: --save: ${dir} is a folder, not a file\n`);
});

test('the command line: --help, unknown options, bad values, a port in use', async () => {
  const help = await runServer(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: ddb-playground-server \[options\]/);
  assert.match(help.stdout, /--save FILE/);

  const unknown = await runServer(['--bogus']);
  assert.equal(unknown.code, 1);
  assert.equal(unknown.stderr, 'ddb-playground-server: unknown option --bogus (see --help)\n');

  const badPort = await runServer(['--port', '70000']);
  assert.equal(badPort.stderr, "ddb-playground-server: --port wants a port number from 0 to 65535, not '70000'\n");

  const noValue = await runServer(['--load']);
  assert.equal(noValue.stderr, 'ddb-playground-server: missing value after --load\n');

  const running = await startServer();
  const taken = await runServer(['--port', String(running.port)]);
  assert.equal(taken.code, 1);
  assert.equal(taken.stderr, `ddb-playground-server: cannot listen on 127.0.0.1:${running.port} (in use, or not an address of this machine)\n`);
  assert.equal((await running.stop()).code, 0);
});

test('--export-cloudformation writes the tables as a CloudFormation template on shutdown, JSON or YAML by its name', async () => {
  const dir = scratch();
  const json = path.join(dir, 'tables.json');
  const yaml = path.join(dir, 'tables.yaml');
  const first = await startServer(['--export-cloudformation', json]);
  assert.equal((await call(first.url, 'CreateTable', booksTable)).status, 200);
  assert.equal(fs.existsSync(json), false, 'nothing is written before shutdown');
  let stopped = await first.stop('SIGTERM');
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stdout, /wrote 1 table as CloudFormation to .*tables\.json\n/);
  const template = JSON.parse(fs.readFileSync(json, 'utf8'));
  assert.equal(template.AWSTemplateFormatVersion, '2010-09-09');
  assert.equal(template.Resources.BooksTable.Type, 'AWS::DynamoDB::Table');
  assert.deepEqual(template.Resources.BooksTable.Properties.KeySchema, booksTable.KeySchema);
  const second = await startServer(['--export-cloudformation', yaml]);
  stopped = await second.stop('SIGINT');
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.equal(fs.readFileSync(yaml, 'utf8'), 'AWSTemplateFormatVersion: "2010-09-09"\nDescription: "DynamoDB tables designed in the DynamoDB Keys Playground"\nResources: {}\n');
  // A folder that is not there is refused at start-up, before anything is served.
  const refused = await runServer(['--port', '0', '--export-cloudformation', path.join(dir, 'no-such-folder', 't.yaml')]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /^ddb-playground-server: --export-cloudformation: /);
});

// A team's template in: YAML as CloudFormation reads it (the reading itself is the engine test's),
// its tables served, what the endpoint does not model printed as a note; the template the
// endpoint writes back in reads as the same tables; a broken one refused with its line.
test('--import-cloudformation serves the tables of a YAML or JSON template; a broken one is refused with its line', async () => {
  const dir = scratch();
  const template = path.join(dir, 'orders.yaml');
  fs.writeFileSync(template, [
    'AWSTemplateFormatVersion: "2010-09-09"',
    'Resources:',
    '  OrdersTable:',
    '    Type: AWS::DynamoDB::Table',
    '    Properties:',
    '      TableName: Orders   # as the team named it',
    '      AttributeDefinitions:',
    '        - {AttributeName: customer, AttributeType: S}',
    '        - {AttributeName: placed, AttributeType: S}',
    '      KeySchema:',
    '      - AttributeName: customer',
    '        KeyType: HASH',
    '      - AttributeName: placed',
    '        KeyType: RANGE',
    '      ProvisionedThroughput: {ReadCapacityUnits: \'5\', WriteCapacityUnits: \'5\'}',
    '      PointInTimeRecoverySpecification:',
    '        PointInTimeRecoveryEnabled: true',
    '  Alarm:',
    '    Type: AWS::CloudWatch::Alarm',
    '    Properties: {AlarmName: !Sub "${AWS::StackName}-throttles"}',
    '',
  ].join('\n'));
  const written = path.join(dir, 'written.yaml');
  const first = await startServer(['--import-cloudformation', template, '--export-cloudformation', written]);
  let described;
  try {
    const out = first.output().stdout;
    assert.match(out, new RegExp(`: imported 1 table of the CloudFormation template ${template}\n`));
    assert.match(out, /: note: \/Resources\/OrdersTable\/Properties\/PointInTimeRecoverySpecification \(line 16\): left out \(the playground does not model PointInTimeRecoverySpecification\)\n/);
    assert.match(out, /: note: \/Resources\/Alarm \(line 18\): left out \(AWS::CloudWatch::Alarm, not an AWS::DynamoDB::Table\)\n/);
    described = (await call(first.url, 'DescribeTable', { TableName: 'Orders' })).json.Table;
    assert.deepEqual(described.KeySchema, [{ AttributeName: 'customer', KeyType: 'HASH' }, { AttributeName: 'placed', KeyType: 'RANGE' }]);
    assert.equal(described.ProvisionedThroughput.ReadCapacityUnits, 5);
  } finally {
    var stopped = await first.stop('SIGTERM');
  }
  assert.equal(stopped.code, 0, stopped.stderr);
  // What the endpoint wrote reads back in as the same table.
  const second = await startServer(['--import-cloudformation', written]);
  try {
    const again = (await call(second.url, 'DescribeTable', { TableName: 'Orders' })).json.Table;
    for (const member of ['KeySchema', 'AttributeDefinitions', 'BillingModeSummary']) assert.deepEqual(again[member], described[member]);
    assert.equal(again.ProvisionedThroughput.WriteCapacityUnits, 5);
  } finally {
    stopped = await second.stop('SIGTERM');
  }
  assert.equal(stopped.code, 0, stopped.stderr);
  const broken = path.join(dir, 'broken.yaml');
  fs.writeFileSync(broken, 'Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n\tTableName: T\n');
  const refused = await runServer(['--port', '0', '--import-cloudformation', broken]);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr, `ddb-playground-server: --import-cloudformation: ${broken}: line 5: a tab indents this line; YAML indents with spaces\n`);
});

// The YAML reader against a real one: each YAML template of tests/data/templates, read by PyYAML
// (Debian's python3-yaml, CloudFormation's short-form tags as their long forms) and given to the
// endpoint as JSON, serves the same tables, indexes, throughput, TTL and tags as the YAML itself.
test('--import-cloudformation reads each YAML template as PyYAML does', async () => {
  const dir = scratch();
  const toJson = `
import json, sys, yaml
class Loader(yaml.SafeLoader): pass
def tag(loader, suffix, node):
    name = suffix if suffix in ("Ref", "Condition") else "Fn::" + suffix
    if isinstance(node, yaml.ScalarNode): value = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode): value = loader.construct_sequence(node, deep=True)
    else: value = loader.construct_mapping(node, deep=True)
    return {name: value}
Loader.add_multi_constructor("!", tag)
print(json.dumps(yaml.load(open(sys.argv[1], encoding="utf-8"), Loader=Loader)))
`;
  const templates = fs.readdirSync(path.resolve('tests/data/templates')).filter((f) => f.endsWith('.yaml'));
  assert.ok(templates.length >= 3, templates.join());
  let loaded = 0;
  for (const name of templates) {
    const yamlFile = path.resolve('tests/data/templates', name);
    const jsonFile = path.join(dir, name.replace(/\.yaml$/, '.json'));
    fs.writeFileSync(jsonFile, execFileSync('/usr/bin/python3', ['-I', '-c', toJson, yamlFile], { encoding: 'utf8' }));
    const snapshots = [];
    for (const file of [yamlFile, jsonFile]) {
      const copy = path.join(dir, `${snapshots.length}-${name}`);
      fs.copyFileSync(file, copy);
      let server;
      try {
        server = await startServer(['--import-cloudformation', copy, '--save', `${copy}.saved`]);
      } catch (e) {
        // Refused: the same reason either way, after the file's name (YAML's with its line too).
        snapshots.push(String(e.message).split(copy).slice(1).join(copy).split('\n')[0].replace(/ \(line \d+\)/, ''));
        continue;
      }
      const stopped = await server.stop('SIGTERM');
      assert.equal(stopped.code, 0, stopped.stderr);
      snapshots.push(fs.readFileSync(`${copy}.saved`, 'utf8'));
      loaded += 1;
    }
    assert.equal(snapshots[0], snapshots[1], name);
  }
  assert.equal(loaded, 4, 'two templates load, each as YAML and as JSON; quirks.yaml has no Resources');
});

// The app itself is type-checked and synthesized by request_code.test.mjs; here, that the
// endpoint writes it when it stops, and refuses at start-up a file it could not write.
test('--export-cdk writes the tables as an AWS CDK app on shutdown', async () => {
  const dir = scratch();
  const file = path.join(dir, 'tables.ts');
  const running = await startServer(['--export-cdk', file]);
  assert.equal((await call(running.url, 'CreateTable', booksTable)).status, 200);
  assert.equal(fs.existsSync(file), false, 'nothing is written before shutdown');
  const stopped = await running.stop('SIGTERM');
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stdout, /wrote 1 table as an AWS CDK app to .*tables\.ts\n/);
  const app = fs.readFileSync(file, 'utf8');
  assert.ok(app.startsWith('// The tables as the AWS CDK (TypeScript) creates them: one TableV2 a table'), app);
  assert.ok(app.includes('\nconst booksTable = new dynamodb.TableV2(stack, "BooksTable", {\n  tableName: "Books",\n'), app);
  const refused = await runServer(['--port', '0', '--export-cdk', path.join(dir, 'no-such-folder', 'tables.ts')]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /^ddb-playground-server: --export-cdk: /);
});

test('--import-workbench serves a NoSQL Workbench model; --export-workbench writes it back with the changes', async () => {
  const dir = scratch();
  const model = path.resolve('tests/data/workbench/01-orders-v3.json');
  const out = path.join(dir, 'model.json');
  const server = await startServer(['--import-workbench', model, '--export-workbench', out]);
  try {
  assert.match(server.output().stdout, /imported 1 table and 5 items of the NoSQL Workbench model OnlineShop from .*01-orders-v3\.json\n/);
  const byStatus = await call(server.url, 'Query', {
    TableName: 'Shop', IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :s',
    ExpressionAttributeValues: { ':s': { S: 'STATUS#PENDING' } },
  });
  assert.equal(byStatus.status, 200);
  assert.deepEqual(byStatus.json.Items.map((i) => i.SK.S), ['ORDER#2026-11-02#o2', 'ORDER#2026-11-05#o3']);
  assert.equal((await call(server.url, 'DeleteItem', { TableName: 'Shop', Key: { PK: { S: 'CUSTOMER#c2' }, SK: { S: 'PROFILE' } } })).status, 200);
  } finally {
    var stopped = await server.stop('SIGTERM');  // a failed assertion must not leave it running
  }
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stdout, /wrote 1 table as a NoSQL Workbench model to .*model\.json\n/);
  const original = JSON.parse(fs.readFileSync(model, 'utf8'));
  const written = JSON.parse(fs.readFileSync(out, 'utf8'));
  assert.match(written.ModelMetadata.DateLastModified, /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M$/);
  written.ModelMetadata.DateLastModified = original.ModelMetadata.DateLastModified;
  original.DataModel[0].TableData.splice(3, 1);  // the profile deleted
  assert.deepEqual(written, original);

  // A broken model is refused at start-up with the JSON Pointer of what is wrong.
  const broken = path.join(dir, 'broken.json');
  fs.writeFileSync(broken, JSON.stringify({ DataModel: [{ TableName: 'Things', KeyAttributes: { PartitionKey: { AttributeName: 'id', AttributeType: 'S' } }, TableData: [{ other: { S: 'x' } }] }] }));
  const refused = await runServer(['--port', '0', '--import-workbench', broken]);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr, `ddb-playground-server: --import-workbench: ${broken}: /DataModel/0/TableData/0: One or more parameter values were invalid: Missing the key id in the item\n`);
});

// The modelling assistant's data model: its tables and items served, each access pattern's
// verdict printed at start-up (ddb::JudgeDataModel; the words themselves are the engine test's),
// its writes run on a copy and not served; a broken model refused with its JSON Pointer.
// --export-data-model writes the served tables and items back out on shutdown, with the imported
// model's access patterns as they were.
test('--import-data-model serves the modelling assistant\'s tables and items and judges its access patterns; --export-data-model writes them back', async () => {
  const model = path.resolve('tests/data/data_model/orders.json');
  const exported = path.join(scratch(), 'out', 'dynamodb_data_model.json');
  fs.mkdirSync(path.dirname(exported));
  const server = await startServer(['--import-data-model', model, '--export-data-model', exported]);
  try {
    const out = server.output().stdout;
    assert.match(out, /imported 1 table and 5 items of the data model .*orders\.json\n/);
    assert.match(out, /: note: \/notes: ignored \(not part of a data model\)\n/);
    const verdicts = out.split('\n').filter((line) => / pattern \w+ \(/.test(line));
    assert.deepEqual(verdicts.map((line) => line.match(/ pattern (\w+) /)[1]), ['1', '2', '3', '4', '5', '6', '6b', '7', '8']);
    assert.ok(verdicts[3].endsWith(': Scan of Orders: read 5 items to return 1 (a Scan reads the whole table; a key or an index would read only what it returns), 2 capacity units'), verdicts[3]);
    assert.ok(verdicts[5].endsWith('refused: ValidationException: The table does not have the specified index: ByDate'), verdicts[5]);
    const pending = await call(server.url, 'Query', {
      TableName: 'Orders', IndexName: 'ByStatus', KeyConditionExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': { S: 'PENDING' } },
    });
    assert.equal(pending.status, 200);
    // Pattern 5's order was put on the copy the patterns ran on, not in the served table.
    assert.deepEqual(pending.json.Items.map((i) => i.sk.S), ['ORDER#2026-02-11#o2', 'ORDER#2026-03-01#o3']);
    const put = await call(server.url, 'PutItem', {
      TableName: 'Orders', Item: { customer_id: { S: 'c3' }, sk: { S: 'PROFILE' }, name: { S: 'Barbara' } },
    });
    assert.equal(put.status, 200);
  } finally {
    var stopped = await server.stop('SIGTERM');  // a failed assertion must not leave it running
  }
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stdout, new RegExp(`: wrote 1 table as a data model to ${exported}\n`));
  const original = JSON.parse(fs.readFileSync(model, 'utf8'));
  const written = JSON.parse(fs.readFileSync(exported, 'utf8'));
  assert.deepEqual(Object.keys(written), ['tables', 'items', 'access_patterns']);
  assert.deepEqual(written.tables.map((t) => [t.TableName, t.KeySchema, t.GlobalSecondaryIndexes[0].IndexName]),
    [['Orders', original.tables[0].KeySchema, 'ByStatus']]);
  // The served table as it was at shutdown: the five items and the one put since.
  assert.equal(written.items.Orders.length, 6);
  assert.deepEqual(written.items.Orders.find((w) => w.PutRequest.Item.customer_id.S === 'c3'),
    { PutRequest: { Item: { customer_id: { S: 'c3' }, sk: { S: 'PROFILE' }, name: { S: 'Barbara' } } } });
  // The patterns as the model gave them ("index": null is no index).
  assert.deepEqual(written.access_patterns.map((p) => [p.pattern, p.implementation, p.index]),
    original.access_patterns.map((p) => [p.pattern, p.implementation, p.index ?? undefined]));

  const dir = scratch();
  const broken = path.join(dir, 'broken.json');
  const table = { TableName: 'Things', AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST' };
  fs.writeFileSync(broken, JSON.stringify({ tables: [table], items: { Things: [{ PutRequest: { Item: { other: { S: 'x' } } } }] }, access_patterns: [] }));
  const refused = await runServer(['--port', '0', '--import-data-model', broken]);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr, `ddb-playground-server: --import-data-model: ${broken}: /items/Things/0/PutRequest/Item: One or more parameter values were invalid: Missing the key id in the item\n`);
});

test('--import-jsonl puts a gzipped DynamoDB JSON Lines file into a table; --export-jsonl writes its items on shutdown', async () => {
  const dir = scratch();
  const state = path.join(dir, 'state.json');
  fs.writeFileSync(state, JSON.stringify({
    format: 'dynamodb-keys-playground-snapshot', version: 1, tables: [{ ...booksTable, Items: [book('b0', 'Untitled')] }],
  }));
  // As DynamoDB's export to S3 writes a data file: one {"Item": ...} a line, gzipped.
  const lines = [book('b2', 'The Dispossessed'), book('b1', 'A Wizard of Earthsea'), book('b0', "Rocannon's World")]
    .map((item) => JSON.stringify({ Item: item })).join('\n') + '\n';
  const gz = path.join(dir, 'items.json.gz');
  fs.writeFileSync(gz, zlib.gzipSync(lines));
  const out = path.join(dir, 'out.json');
  const server = await startServer(['--load', state, '--import-jsonl', `Books=${gz}`, '--export-jsonl', `Books=${out}`]);
  let stopped;
  try {
    assert.match(server.output().stdout, /imported 3 items into Books from .*items\.json\.gz \(1 replaced an item with the same key\)\n/);
    const q = await call(server.url, 'Query', {
      TableName: 'Books', KeyConditionExpression: 'authorId = :a', ExpressionAttributeValues: { ':a': { S: 'ursula' } },
    });
    assert.deepEqual(q.json.Items, [book('b0', "Rocannon's World"), book('b1', 'A Wizard of Earthsea'), book('b2', 'The Dispossessed')]);
    assert.equal((await call(server.url, 'PutItem', { TableName: 'Books', Item: book('b3', 'The Lathe of Heaven') })).status, 200);
    assert.equal(fs.existsSync(out), false, 'nothing is written before shutdown');
  } finally {
    stopped = await server.stop('SIGTERM');  // a failed assertion must not leave it running
  }
  assert.equal(stopped.code, 0, stopped.stderr);
  assert.match(stopped.stdout, /wrote 4 items of Books as DynamoDB JSON Lines to .*out\.json\n/);
  assert.equal(fs.readFileSync(out, 'utf8'), [
    book('b0', "Rocannon's World"), book('b1', 'A Wizard of Earthsea'), book('b2', 'The Dispossessed'), book('b3', 'The Lathe of Heaven'),
  ].map((item) => `${JSON.stringify({ Item: item })}\n`).join(''));

  // What it wrote goes in again as it came out (plain, not gzipped).
  const again = await startServer(['--load', state, '--import-jsonl', `Books=${out}`]);
  try {
    assert.match(again.output().stdout, /imported 4 items into Books from .*out\.json \(1 replaced an item with the same key\)\n/);
  } finally {
    assert.equal((await again.stop()).code, 0);
  }

  // A file with an item that fails is refused at start-up with its line and DynamoDB's reason.
  const broken = path.join(dir, 'broken.json');
  fs.writeFileSync(broken, `${JSON.stringify({ Item: book('b9', 'Fine') })}\n{"Item":{"bookId":{"S":"b8"}}}\n`);
  let refused = await runServer(['--port', '0', '--load', state, '--import-jsonl', `Books=${broken}`]);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr, `ddb-playground-server: --import-jsonl: ${broken}: line 2: One or more parameter values were invalid: Missing the key authorId in the item\n`);
  // So is a table that does not exist by then, and a gzip file cut short.
  refused = await runServer(['--port', '0', '--import-jsonl', `Books=${broken}`]);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr, `ddb-playground-server: --import-jsonl: ${broken}: Requested resource not found: Table: Books not found\n`);
  const cut = path.join(dir, 'cut.json.gz');
  fs.writeFileSync(cut, zlib.gzipSync(lines).subarray(0, 20));
  refused = await runServer(['--port', '0', '--load', state, '--import-jsonl', `Books=${cut}`]);
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr, `ddb-playground-server: --import-jsonl: ${cut}: is not a complete gzip stream (it ends early)\n`);
});
