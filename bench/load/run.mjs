// The load benchmark: the same wrk load (bench/load/put_get.lua, an even PutItem/GetItem
// mix on keep-alive connections) against ddb-playground-server and against dynalite, one after
// the other on loopback, printed side by side with the ratios. Run it through
// `scripts/bench --load` (which builds the release server first).
//
//   node bench/load/run.mjs --server build/native-release/server/ddb-playground-server \
//        [--connections 32] [--duration 10] [--warmup 3] [--only playground|dynalite] [--pin]
//
// Both servers and wrk share this machine's cores (wrk runs one thread); the scheduler places
// them. --pin puts wrk on the last CPU and the server under test on the others, which steadies
// the figures on an otherwise idle machine but starves both when other work shares the CPUs.
// Exits non-zero if any request failed.
import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const luaScript = path.join(here, 'put_get.lua');
const tableName = 'LoadBench';
const keyCount = 10000;

function parseArgs(argv) {
  const o = { connections: 32, duration: 10, warmup: 3, server: null, only: null, pin: false };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--pin') {
      o.pin = os.cpus().length >= 2;
      i -= 1;
      continue;
    }
    if (value === undefined) throw new Error(`missing value after ${flag}`);
    if (flag === '--server') o.server = value;
    else if (flag === '--connections') o.connections = Number(value);
    else if (flag === '--duration') o.duration = Number(value);
    else if (flag === '--warmup') o.warmup = Number(value);
    else if (flag === '--only') o.only = value;
    else throw new Error(`unknown option ${flag}`);
  }
  if (!o.server && o.only !== 'dynalite') throw new Error('--server PATH is required');
  return o;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// CPU placement: wrk on the last CPU, the server on the rest (see the top of this file).
function placement(options) {
  const last = os.cpus().length - 1;
  return options.pin ? { server: last > 1 ? `0-${last - 1}` : '0', wrk: String(last) } : null;
}

// `command args` run through taskset when pinned (taskset execs it: the pid is the command's).
function pinned(cpus, command, args) {
  return cpus ? ['taskset', ['-c', cpus, command, ...args]] : [command, args];
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const signature = {
  'x-amz-date': '20240101T000000Z',
  authorization:
    'AWS4-HMAC-SHA256 Credential=AKIDLOADBENCH/20240101/us-east-1/dynamodb/aws4_request, ' +
    'SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=00',
};

async function dynamo(url, operation, payload) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}`, ...signature },
    body: JSON.stringify(payload),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${operation}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function waitUntilHealthy(url, child) {
  for (let i = 0; i < 300; ++i) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      const res = await fetch(url, { method: 'GET' });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url}: not answering after 15 s`);
}

async function createTable(url) {
  await dynamo(url, 'CreateTable', {
    TableName: tableName,
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (let i = 0; i < 200; ++i) {
    const { Table } = await dynamo(url, 'DescribeTable', { TableName: tableName });
    if (Table.TableStatus === 'ACTIVE') return;
    await sleep(25);
  }
  throw new Error('the table never became ACTIVE');
}

// CPU seconds a process has used so far in user space and in the kernel, from /proc.
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) / 100, kernel: Number(fields[12]) / 100 };  // clock ticks (USER_HZ = 100)
}

function wrk(url, connections, seconds, cpus) {
  return new Promise((resolve, reject) => {
    const [command, args] = pinned(cpus, 'wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', luaScript, url]);
    execFile(command, args, { env: { ...process.env, DDB_BENCH_TABLE: tableName, DDB_BENCH_KEYS: String(keyCount) } }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${stdout}\n${stderr}`));
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) return reject(new Error(`wrk printed no RESULT line:\n${stdout}`));
      resolve(Object.fromEntries(line.slice(7).trim().split(' ').map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)])));
    });
  });
}

async function measure(target, options) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const cpus = placement(options);
  const child = spawn(...pinned(cpus?.server, target.command, target.args(port)), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await waitUntilHealthy(url, child);
    await createTable(url);
    await wrk(url, options.connections, options.warmup, cpus?.wrk);  // warm caches, JIT and the key space
    const cpuBefore = cpuSeconds(child.pid);
    const result = await wrk(url, options.connections, options.duration, cpus?.wrk);
    const cpuAfter = cpuSeconds(child.pid);
    result.server_user_cores = (cpuAfter.user - cpuBefore.user) / result.seconds;
    result.server_cores = result.server_user_cores + (cpuAfter.kernel - cpuBefore.kernel) / result.seconds;
    return result;
  } catch (e) {
    throw new Error(`${target.name}: ${e.message}\n${output}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

function version(packageDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const dynaliteDir = path.join(repoRoot, 'node_modules/dynalite');
  const targets = [
    {
      name: 'ddb-playground-server',
      command: options.server,
      args: (port) => ['--port', String(port)],
    },
    {
      name: `dynalite ${version(dynaliteDir)}`,
      command: process.execPath,
      args: (port) => [path.join(dynaliteDir, 'cli.js'), '--port', String(port), '--createTableMs', '0'],
    },
  ].filter((t) => !options.only || t.name.startsWith(options.only === 'playground' ? 'ddb-playground' : 'dynalite'));

  console.log(
    `Load: wrk with 1 thread, ${options.connections} keep-alive connections, ` +
      `${options.duration} s (after ${options.warmup} s warm-up) per server; 50% PutItem / 50% GetItem ` +
      `(ConsistentRead) on ${keyCount} keys of ~230-byte items; loopback, ${os.cpus().length} CPUs` +
      (placement(options) ? `: server on CPU ${placement(options).server}, wrk on CPU ${placement(options).wrk}.` : ' shared by wrk and the server.'),
  );
  const results = [];
  for (const target of targets) {
    results.push({ target, ...(await measure(target, options)) });
  }

  // CPU per request is the steadiest figure when other work shares the machine: a server that
  // gets less CPU serves fewer requests, but each costs what it costs.
  // The kernel's share (loopback TCP) is much the same for any server; the user-space share is
  // the server's own work.
  const rows = [['server', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'server CPU', 'CPU/request', 'of it user', 'failed']];
  for (const r of results) {
    const failed = r.non2xx + r.connect_errors + r.read_errors + r.write_errors + r.timeouts;
    rows.push([
      r.target.name,
      Math.round(r.rps).toLocaleString('en-US'),
      (r.p50_us / 1000).toFixed(2),
      (r.p90_us / 1000).toFixed(2),
      (r.p99_us / 1000).toFixed(2),
      `${r.server_cores.toFixed(2)} cores`,
      `${Math.round((r.server_cores * 1e6) / r.rps)} us`,
      `${Math.round((r.server_user_cores * 1e6) / r.rps)} us`,
      String(failed),
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows) console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('   '));

  if (results.length === 2) {
    const [ours, theirs] = results;
    const throughput = ours.rps / theirs.rps;
    const p99 = ours.p99_us / theirs.p99_us;
    const cpu = ours.server_cores / ours.rps / (theirs.server_cores / theirs.rps);
    console.log(
      `ddb-playground-server / dynalite: ${throughput.toFixed(1)}x the requests per second, ` +
        `p99 latency ${p99.toFixed(3)}x (1/${(1 / p99).toFixed(1)}), CPU per request ${cpu.toFixed(2)}x. ` +
        `Goal (>= 10x the requests, <= 0.1x the p99): ${throughput >= 10 && p99 <= 0.1 ? 'met' : 'not met'}.`,
    );
  }
  const failures = results.filter((r) => r.non2xx + r.connect_errors + r.read_errors + r.write_errors + r.timeouts > 0);
  if (failures.length) {
    console.error(`failed requests against: ${failures.map((r) => r.target.name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exitCode = 1;
});
