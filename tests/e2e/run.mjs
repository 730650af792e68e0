// Runs the browser tests with one Chromium for the whole run: starts it (chromium.launchServer),
// runs each test file in turn under node's test runner with DDB_BROWSER_WS pointing at it
// (support.mjs connects instead of starting a browser of its own), and prints, at the end, a
// table of each file's wall time, the CPU time Chromium spent on it — Chromium's software
// rasteriser is where most of the run's CPU goes — and the CPU time of the file's own node
// processes (the test runner, the test file, Playwright's client), then the counts as
// "N passed, N failed".
//
//   node tests/e2e/run.mjs [node test options, e.g. --test-name-pattern=resize] [files...]
//
// With no files it runs every tests/e2e/*.test.mjs. DDB_E2E_TIMES=<file> also writes the table
// as JSON (scripts/test reads it for its own summary). Exits non-zero when any test failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumOptions, treeCpuSeconds } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const options = process.argv.slice(2).filter((a) => a.startsWith('-'));
let files = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (files.length === 0) {
  files = fs.readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => path.join(here, f));
}

function runFile(file, wsEndpoint, tapFile) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [
      '--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${tapFile}`, ...options, file,
    ], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DDB_BROWSER_WS: wsEndpoint } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// The "# pass N" / "# fail N" summary lines of node's TAP reporter.
function tapCounts(tapFile) {
  const text = fs.existsSync(tapFile) ? fs.readFileSync(tapFile, 'utf8') : '';
  const count = (word) => Number(text.match(new RegExp(`^# ${word} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { passed: count('pass'), failed: count('fail'), skipped: count('skipped') };
}

// CPU seconds of this process's children that have exited and been waited for (/proc/self/stat:
// cutime, cstime): a test file's node processes once it is done (Chromium runs to the end).
function reapedChildrenCpuSeconds() {
  const text = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const server = await chromium.launchServer(chromiumOptions);
const browserPid = server.process().pid;
const rows = [];
let exitCode = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ddb-e2e-'));
try {
  for (const file of files) {
    const tapFile = path.join(tmp, `${path.basename(file)}.tap`);
    const cpuBefore = treeCpuSeconds(browserPid);
    const nodeBefore = reapedChildrenCpuSeconds();
    const started = Date.now();
    const code = await runFile(file, server.wsEndpoint(), tapFile);
    const counts = tapCounts(tapFile);
    // A file that failed without a failing test (it did not load, or crashed) still fails.
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    if (code !== 0) exitCode = 1;
    rows.push({
      file: path.relative(process.cwd(), file), wallSeconds: (Date.now() - started) / 1000,
      browserCpuSeconds: treeCpuSeconds(browserPid) - cpuBefore, nodeCpuSeconds: reapedChildrenCpuSeconds() - nodeBefore,
      ...counts,
    });
  }
} finally {
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}

const total = rows.reduce((t, r) => ({
  wallSeconds: t.wallSeconds + r.wallSeconds, browserCpuSeconds: t.browserCpuSeconds + r.browserCpuSeconds,
  nodeCpuSeconds: t.nodeCpuSeconds + r.nodeCpuSeconds, passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped,
}), { wallSeconds: 0, browserCpuSeconds: 0, nodeCpuSeconds: 0, passed: 0, failed: 0, skipped: 0 });
const width = Math.max(...rows.map((r) => r.file.length), 5);
console.log(`\nbrowser tests, file by file (wall seconds; CPU seconds of Chromium on it, and of the file's node processes)`);
console.log(`${'file'.padEnd(width)}  ${'wall'.padStart(7)}  ${'chromium'.padStart(8)}  ${'node'.padStart(6)}  tests`);
for (const r of [...rows, { file: 'total', ...total }]) {
  console.log(`${r.file.padEnd(width)}  ${r.wallSeconds.toFixed(1).padStart(7)}  ${r.browserCpuSeconds.toFixed(1).padStart(8)}  ` +
              `${r.nodeCpuSeconds.toFixed(1).padStart(6)}  ` +
              `${r.passed + r.failed}${r.failed ? ` (${r.failed} failed)` : ''}`);
}
if (process.env.DDB_E2E_TIMES) fs.writeFileSync(process.env.DDB_E2E_TIMES, JSON.stringify({ rows, total }, null, 2));
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(exitCode);
