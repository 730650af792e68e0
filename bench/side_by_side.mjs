// Prints the engine benchmarks' native and WebAssembly figures side by side, from the JSON that
// Google Benchmark writes (--benchmark_format=json): scripts/bench runs both and calls this.
//   node bench/side_by_side.mjs native.json wasm.json
import { readFileSync } from 'node:fs';

const [nativePath, wasmPath] = process.argv.slice(2);
const load = (path) => {
  // Google Benchmark writes NaN (and inf) for some aggregates of counters, which JSON lacks.
  const text = readFileSync(path, 'utf8').replace(/-?\b(?:nan|NaN|inf|Infinity)\b/g, 'null');
  const runs = JSON.parse(text).benchmarks ?? [];
  // With repetitions, the median stands for the benchmark; without, the single run.
  const byName = new Map();
  for (const run of runs) {
    const name = run.run_name ?? run.name;
    if (run.run_type === 'aggregate' && run.aggregate_name !== 'median') continue;
    if (run.run_type === 'aggregate' || !byName.has(name)) byName.set(name, run);
  }
  return byName;
};
const native = load(nativePath);
const wasm = load(wasmPath);

const units = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };
const time = (run) => (run ? run.real_time * units[run.time_unit ?? 'ns'] : undefined);
const showTime = (ns) => {
  if (ns === undefined) return '-';
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(2)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} us`;
  return `${ns.toFixed(0)} ns`;
};
const skip = new Set(['name', 'run_name', 'run_type', 'family_index', 'per_family_instance_index', 'repetitions',
  'repetition_index', 'threads', 'iterations', 'real_time', 'cpu_time', 'time_unit', 'aggregate_name', 'aggregate_unit']);
const counters = (run) =>
  run
    ? Object.entries(run)
        .filter(([k, v]) => !skip.has(k) && typeof v === 'number')
        .map(([k, v]) => `${k}=${v >= 1e5 ? `${(v / 1e6).toFixed(3)}M` : Number(v.toPrecision(4))}`)
        .join(' ')
    : '';

const rows = [['benchmark', 'native', 'wasm (node)', 'wasm/native', 'native counters', 'wasm counters']];
for (const name of new Set([...native.keys(), ...wasm.keys()])) {
  const n = time(native.get(name));
  const w = time(wasm.get(name));
  rows.push([name, showTime(n), showTime(w), n && w ? `${(w / n).toFixed(2)}x` : '-', counters(native.get(name)),
    counters(wasm.get(name))]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, row] of rows.entries()) {
  console.log(row.map((cell, k) => (k === 0 || k >= 4 ? cell.padEnd(widths[k]) : cell.padStart(widths[k]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
