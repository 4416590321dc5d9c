/**
 * Runs every benchmark script in turn, collects their `BENCH_RESULT` and `BENCH_INFO` lines and writes
 * BENCHMARKS.md: the machine, the date, the load average before and after, each figure with its target and
 * pass/fail, and the ratios against the in-run baselines (bare COPY, bare Fastify). Nothing in the report is typed
 * in: a script that fails to print its figures shows up as failed.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *   BENCH_ONLY=orders,load npm run bench      run some of them (the report lists only those)
 *   BENCH_OUT=docs/benchmarks/x.md            write the report there instead of BENCHMARKS.md
 *   BENCH_TEN_X=1 npm run bench               add issue 16's ten-times runs (10,000,000 products and orders:
 *                                             their fixture is built on the first run, in about an hour, and kept)
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireDatabaseUrl, root } from './bench-lib.ts';

interface Figure {
  name: string;
  value: number;
  unit: string;
  target: number;
  comparator: '<=' | '>=';
  pass: boolean;
  baseline?: number;
  baselineName?: string;
  ratio?: number;
}
interface Info {
  name: string;
  value: number;
  unit: string;
}
interface Run {
  key: string;
  title: string;
  command: string;
  exitCode: number | null;
  seconds: number;
  loadAtStart: string;
  figures: Figure[];
  infos: Info[];
}

const SCRIPTS = [
  { key: 'web', title: 'Web bundle', command: 'node scripts/bench-web.mjs', args: ['scripts/bench-web.mjs'] },
  {
    key: 'catalog',
    title: 'Catalogue',
    command: 'npx tsx scripts/bench-catalog.ts',
    args: ['tsx', 'scripts/bench-catalog.ts'],
  },
  {
    key: 'lcp',
    title: 'LCP on a throttled phone',
    command: 'node scripts/bench-lcp.mjs --no-build',
    args: ['scripts/bench-lcp.mjs', '--no-build'],
  },
  {
    key: 'import',
    title: 'Bulk upload against bare COPY (PostgreSQL and PGlite)',
    command: 'npx tsx scripts/bench-import.ts',
    args: ['tsx', 'scripts/bench-import.ts'],
  },
  {
    key: 'public',
    title: 'Public catalogue',
    command: 'npx tsx scripts/bench-public-catalog.ts',
    args: ['tsx', 'scripts/bench-public-catalog.ts'],
  },
  {
    key: 'orders',
    title: 'Orders and seller dashboard',
    command: 'npx tsx scripts/bench-orders.ts',
    args: ['tsx', 'scripts/bench-orders.ts'],
  },
  {
    key: 'admin',
    title: 'Admin dashboard',
    command: 'npx tsx scripts/bench-admin-dashboard.ts',
    args: ['tsx', 'scripts/bench-admin-dashboard.ts'],
  },
  {
    key: 'load',
    title: 'Mixed load',
    command: 'npx tsx scripts/bench-load.ts',
    args: ['tsx', 'scripts/bench-load.ts'],
  },
  {
    key: 'tenx-catalog',
    title: 'Public catalogue at ten times the data',
    command: 'BENCH_REUSE=1 BENCH_SELLERS=10000 npx tsx scripts/bench-public-catalog.ts',
    args: ['tsx', 'scripts/bench-public-catalog.ts'],
    env: { BENCH_REUSE: '1', BENCH_SELLERS: '10000' },
    tenX: true,
  },
  {
    key: 'tenx',
    title: 'Seller, orders and admin console at ten times the data',
    command: 'BENCH_SELLERS=10000 npx tsx scripts/bench-ten-x.ts',
    args: ['tsx', 'scripts/bench-ten-x.ts'],
    env: { BENCH_SELLERS: '10000' },
    tenX: true,
  },
];

requireDatabaseUrl();
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const tenX = process.env.BENCH_TEN_X === '1';
const chosen = SCRIPTS.filter((s) => (only ? only.includes(s.key) : tenX || !('tenX' in s)));

function machine() {
  const cpu = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.+)/.exec(cpu)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  const cores = cpu.split('\n').filter((l) => l.startsWith('processor')).length || cpus().length;
  const memKb = Number(/MemTotal:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0);
  return { model, cores, ramGb: memKb / 1024 / 1024 };
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');

async function runOne(s: (typeof SCRIPTS)[number]): Promise<Run> {
  const t0 = performance.now();
  const loadAtStart = load();
  const bin = s.args[0] === 'tsx' ? join(root, 'node_modules/.bin/tsx') : process.execPath;
  const args = s.args[0] === 'tsx' ? s.args.slice(1) : s.args;
  const env = { ...process.env, ...('env' in s ? s.env : {}) };
  const child = spawn(bin, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const figures: Figure[] = [];
  const infos: Info[] = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('BENCH_RESULT ')) figures.push(JSON.parse(line.slice(13)));
      else if (line.startsWith('BENCH_INFO ')) infos.push(JSON.parse(line.slice(11)));
    }
  });
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    key: s.key,
    title: s.title,
    command: s.command,
    exitCode,
    seconds: (performance.now() - t0) / 1000,
    loadAtStart,
    figures,
    infos,
  };
}

const started = new Date();
const loadBefore = load();
const m = machine();
const runs: Run[] = [];
for (const s of chosen) {
  console.log(`\n=== ${s.title}: ${s.command} (load average ${load()}) ===`);
  runs.push(await runOne(s));
}
const loadAfter = load();

const num = (v: number) =>
  Number.isInteger(v) ? v.toLocaleString('en-IN') : v.toLocaleString('en-IN', { maximumFractionDigits: 2 });
const out: string[] = [];
out.push('# Benchmarks', '');
out.push(
  `Written by \`npm run bench\` (scripts/bench.ts) on ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC; every figure below was measured in that run.`,
  '',
);
out.push('| Machine | |', '| --- | --- |');
out.push(`| CPU | ${m.model} |`, `| Cores | ${m.cores} |`, `| RAM | ${m.ramGb.toFixed(1)} GB |`);
out.push(`| Node.js | ${process.version} |`);
out.push(`| Load average (1, 5, 15 min) at start | ${loadBefore} |`, `| Load average at end | ${loadAfter} |`, '');
out.push(
  "The load average before each script includes the previous script's own server, PostgreSQL and autocannon; on",
  '2 cores anything above 2 means requests queue for a CPU, which the p99 figures at 10 connections include. The',
  '"one at a time" figures time each request alone.',
  '',
);
const all = runs.flatMap((r) => r.figures);
const failedRuns = runs.filter((r) => r.exitCode !== 0 && r.figures.every((f) => f.pass));
out.push(
  `**${all.filter((f) => f.pass).length} of ${all.length} figures meet their target.**${failedRuns.length ? ` Scripts that failed without a failing figure: ${failedRuns.map((r) => r.key).join(', ')}.` : ''}`,
  '',
);
for (const r of runs) {
  out.push(`## ${r.title}`, '');
  out.push(
    `\`${r.command}\` (${r.seconds.toFixed(0)} s, exit code ${r.exitCode}; load average at its start ${r.loadAtStart})`,
    '',
  );
  if (r.figures.length === 0) {
    out.push('No figures: the script failed before measuring (see its output).', '');
    continue;
  }
  out.push('| Figure | Measured | Target | Result |', '| --- | --- | --- | --- |');
  for (const f of r.figures) {
    out.push(
      `| ${f.name} | ${num(f.value)} ${f.unit} | ${f.comparator} ${num(f.target)} ${f.unit} | ${f.pass ? 'pass' : '**FAIL**'} |`,
    );
  }
  out.push('');
  const ratios = r.figures.filter((f) => f.baseline !== undefined);
  if (ratios.length) {
    out.push('| Against the in-run baseline | Baseline | Ratio |', '| --- | --- | --- |');
    for (const f of ratios) {
      out.push(`| ${f.name} | ${f.baselineName}: ${num(f.baseline as number)} ${f.unit} | ${f.ratio}x |`);
    }
    out.push('');
  }
  if (r.infos.length) {
    out.push('| Also measured | |', '| --- | --- |');
    for (const i of r.infos) out.push(`| ${i.name} | ${num(i.value)} ${i.unit} |`);
    out.push('');
  }
}
// BENCH_OUT writes elsewhere (a partial run's report beside the full one).
const outFile = process.env.BENCH_OUT ?? 'BENCHMARKS.md';
writeFileSync(join(root, outFile), `${out.join('\n')}\n`);
console.log(`\n${outFile} written: ${all.filter((f) => f.pass).length}/${all.length} figures meet their target.`);
process.exit(runs.every((r) => r.exitCode === 0) ? 0 : 1);
