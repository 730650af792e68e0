// Runs the browser tests: each test file under node's test runner, connected (DDB_BROWSER_WS) to
// a Chromium its worker started once (chromium.launchServer), so a file does not start a browser
// of its own. Files run in up to DDB_E2E_WORKERS workers at once (default: one per core), each
// with its own Chromium, longest first by the last run's times (build/e2e-times.json, when there
// is one). Workers after the first can wait for a file to exist (DDB_E2E_MORE_WORKERS_WHEN):
// scripts/test runs the other phases on the second core first and creates the file when they
// are done, so the browser tests take both cores only once they are free. Each file's output is
// printed whole when it ends. At the end: a table of each file's wall time, the CPU time
// Chromium spent on it — Chromium's software rasteriser is where most of the run's CPU goes —
// and the CPU time of the file's own node processes (the test runner, the test file,
// Playwright's client), then the counts as "N passed, N failed".
//
//   node tests/e2e/run.mjs [node test options, e.g. --test-name-pattern=resize] [files...]
//
// With no files it runs every tests/e2e/*.test.mjs. Exits non-zero when any test failed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumOptions, treeCpuSeconds } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const options = process.argv.slice(2).filter((a) => a.startsWith('-'));
let files = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (files.length === 0) {
  files = fs.readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => path.join(here, f));
}
const relative = (file) => path.relative(root, path.resolve(file));

// The last whole run's wall time per file orders this one, longest first, so that two workers
// end together rather than one waiting on a long file started last. A file without a time
// (new, or no earlier run) goes first: it may be long.
const timesFile = path.join(root, 'build/e2e-times.json');
function lastTimes() {
  try {
    return new Map(JSON.parse(fs.readFileSync(timesFile, 'utf8')).rows.map((r) => [r.file, r.wallSeconds]));
  } catch {
    return new Map();
  }
}
const previous = lastTimes();
const queue = [...files].sort((a, b) => (previous.get(relative(b)) ?? Infinity) - (previous.get(relative(a)) ?? Infinity));

const maxWorkers = Math.max(1, Number(process.env.DDB_E2E_WORKERS || os.availableParallelism()));
const moreWhen = process.env.DDB_E2E_MORE_WORKERS_WHEN || '';

function runFile(file, wsEndpoint, tapFile) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [
      '--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${tapFile}`, ...options, file,
    ], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DDB_BROWSER_WS: wsEndpoint } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const nodeCpuSeconds = nodeCpuOfFileJustEnded();
      const text = Buffer.concat(output);
      process.stdout.write(text);
      resolve({ code: code ?? (signal ? 1 : 0), nodeCpuSeconds, failures: failureSummary(text.toString('utf8')) });
    });
  });
}

// The spec reporter's account of a file's failures ("✖ failing tests:" to the end), cut to what
// says why: each failure's first lines of stack, each line at most 4,000 characters (a state the
// page never reached is printed whole), at most 40 lines. Printed again under the table, so a CI
// log that keeps only its last lines still says why a test failed.
function failureSummary(text) {
  const start = text.lastIndexOf('✖ failing tests:');
  if (start < 0) return [];
  const lines = [];
  let stackLines = 0;
  for (const line of text.slice(start).split('\n').slice(1)) {
    if (/^\s+at /.test(line)) {
      if (++stackLines > 2) continue;
    } else if (/^\s*✖ /.test(line)) {
      stackLines = 0;
    }
    if (line.trim() === '' && (lines.length === 0 || lines.at(-1).trim() === '')) continue;
    lines.push(line.length > 4000 ? `${line.slice(0, 4000)} …` : line);
  }
  return lines.length > 40 ? [...lines.slice(0, 40), '  …'] : lines;
}

// The "# pass N" / "# fail N" summary lines of node's TAP reporter.
function tapCounts(tapFile) {
  const text = fs.existsSync(tapFile) ? fs.readFileSync(tapFile, 'utf8') : '';
  const count = (word) => Number(text.match(new RegExp(`^# ${word} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { passed: count('pass'), failed: count('fail'), skipped: count('skipped') };
}

// CPU seconds of this process's children that have exited and been waited for (/proc/self/stat:
// cutime, cstime). Read as each file's test runner is reaped, the growth since the last reading
// is that file's node processes (two files ending in the same instant would share it).
function reapedChildrenCpuSeconds() {
  const text = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
let reaped = reapedChildrenCpuSeconds();
function nodeCpuOfFileJustEnded() {
  const now = reapedChildrenCpuSeconds();
  const used = now - reaped;
  reaped = now;
  return used;
}

const rows = [];
const whyFailed = [];  // {file, lines}: each failing file's failureSummary
let exitCode = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ddb-e2e-'));

async function worker(index) {
  if (index > 0 && moreWhen) {
    while (queue.length > 0 && !fs.existsSync(moreWhen)) await new Promise((r) => setTimeout(r, 500));
  }
  if (queue.length === 0) return;
  const server = await chromium.launchServer(chromiumOptions);
  const browserPid = server.process().pid;
  try {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const tapFile = path.join(tmp, `${path.basename(file)}.tap`);
      const cpuBefore = treeCpuSeconds(browserPid);
      const started = Date.now();
      const { code, nodeCpuSeconds, failures } = await runFile(file, server.wsEndpoint(), tapFile);
      const counts = tapCounts(tapFile);
      // A file that failed without a failing test (it did not load, or crashed) still fails.
      if (code !== 0 && counts.failed === 0) counts.failed = 1;
      if (code !== 0) exitCode = 1;
      rows.push({
        file: relative(file), wallSeconds: (Date.now() - started) / 1000,
        browserCpuSeconds: treeCpuSeconds(browserPid) - cpuBefore, nodeCpuSeconds, worker: index + 1, ...counts,
      });
      if (code !== 0 && failures.length > 0) whyFailed.push({ file: relative(file), lines: failures });
    }
  } finally {
    // Chromium's CPU (with its own reaped children's) reaches this process's counters only once
    // node has reaped it, which can come after close() resolves: read them after its exit, or
    // the other worker's next file was charged with it (designer.test.mjs once showed 68.5 s
    // of node CPU in 7.9 s of wall time).
    const browser = server.process();
    const exited = browser.exitCode !== null || browser.signalCode !== null ? Promise.resolve() : once(browser, 'exit');
    await server.close();
    await exited;
    nodeCpuOfFileJustEnded();  // the Chromium just reaped: not a file's node processes
  }
}

const runStarted = Date.now();
try {
  await Promise.all(Array.from({ length: Math.min(maxWorkers, queue.length) }, (_, i) => worker(i)));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

rows.sort((a, b) => a.file.localeCompare(b.file));
const total = rows.reduce((t, r) => ({
  browserCpuSeconds: t.browserCpuSeconds + r.browserCpuSeconds, nodeCpuSeconds: t.nodeCpuSeconds + r.nodeCpuSeconds,
  passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped,
}), { browserCpuSeconds: 0, nodeCpuSeconds: 0, passed: 0, failed: 0, skipped: 0 });
total.wallSeconds = (Date.now() - runStarted) / 1000;
const workers = new Set(rows.map((r) => r.worker)).size;
const width = Math.max(...rows.map((r) => r.file.length), 5);
console.log(`\nbrowser tests, file by file (wall seconds; CPU seconds of Chromium on it, and of the file's node processes;` +
            ` which of ${workers} worker(s) ran it)`);
console.log(`${'file'.padEnd(width)}  ${'wall'.padStart(7)}  ${'chromium'.padStart(8)}  ${'node'.padStart(6)}  worker  tests`);
for (const r of [...rows, { file: 'total (wall: the whole run)', worker: '', ...total }]) {
  console.log(`${r.file.padEnd(width)}  ${r.wallSeconds.toFixed(1).padStart(7)}  ${r.browserCpuSeconds.toFixed(1).padStart(8)}  ` +
              `${r.nodeCpuSeconds.toFixed(1).padStart(6)}  ${String(r.worker).padStart(6)}  ` +
              `${r.passed + r.failed}${r.failed ? ` (${r.failed} failed)` : ''}`);
}
// The times order the next run. Only whole files count (a name pattern runs part of one).
if (!options.some((o) => o.startsWith('--test-name-pattern') || o.startsWith('--test-skip-pattern'))) {
  const merged = new Map([...previous].map(([file, wallSeconds]) => [file, { file, wallSeconds }]));
  for (const r of rows) merged.set(r.file, r);
  fs.mkdirSync(path.dirname(timesFile), { recursive: true });
  fs.writeFileSync(timesFile, JSON.stringify({ rows: [...merged.values()] }, null, 2));
}
for (const { file, lines } of whyFailed.sort((a, b) => a.file.localeCompare(b.file))) {
  console.log(`\nwhy ${file} failed:`);
  for (const line of lines) console.log(line);
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(exitCode);
