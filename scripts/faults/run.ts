/**
 * Runs every fault scenario (or those named on the command line: kill, kill-uploads, kill-jobs, kill-capture, pg-restart, redis-down,
 * sigterm, streams, workers, replica, processes), each on its own private PostgreSQL cluster, Redis and server process. Needs root (the cluster
 * runs as the postgres OS user), PostgreSQL 15 binaries (PG_BIN) and redis-server; the server build must be current
 * (npm run test:faults builds it first).
 *
 *   npm run test:faults
 *   npx tsx scripts/faults/run.ts redis-down
 */
import { killScenario } from './kill.ts';
import { killCaptureScenario } from './kill-capture.ts';
import { killJobsScenario } from './kill-jobs.ts';
import { killUploadsScenario } from './kill-uploads.ts';
import { pgRestartScenario } from './pg-restart.ts';
import { processesScenario } from './processes.ts';
import { redisDownScenario } from './redis-down.ts';
import { replicaScenario } from './replica.ts';
import { runScenario, type Scenario } from './harness.ts';
import { sigtermScenario } from './sigterm.ts';
import { streamsScenario } from './streams.ts';
import { workersScenario } from './workers.ts';

const scenarios: Record<string, [string, Scenario]> = {
  kill: ['SIGKILL during bulk upload and order placement', killScenario],
  'kill-uploads': ['SIGKILL during image and document uploads', killUploadsScenario],
  'kill-jobs': ['SIGKILL while jobs run', killJobsScenario],
  'kill-capture': ['SIGKILL between capture and commit', killCaptureScenario],
  'pg-restart': ['PostgreSQL restarted while the server runs', pgRestartScenario],
  'redis-down': ['Redis gone while REDIS_URL is set', redisDownScenario],
  sigterm: ['SIGTERM under load', sigtermScenario],
  streams: ['Hostile requests at every streaming route', streamsScenario],
  replica: ['Read replica: lag, read-after-write, loss under load', replicaScenario],
  processes: ['Two server processes on one PostgreSQL and Redis', processesScenario],
  workers: ['Worker processes: restart, reload, SIGKILL under load', workersScenario],
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !(w in scenarios));
if (unknown.length) {
  console.error(`unknown scenario ${unknown.join(', ')}; choose from ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
if (process.getuid?.() !== 0) {
  console.error('the fault scenarios need root: each starts its own PostgreSQL cluster as the postgres OS user');
  process.exit(2);
}

const t0 = Date.now();
const failed: string[] = [];
for (const key of wanted.length ? wanted : Object.keys(scenarios)) {
  const [name, scenario] = scenarios[key] as [string, Scenario];
  if (!(await runScenario(name, scenario))) failed.push(key);
}
const secs = ((Date.now() - t0) / 1000).toFixed(1);
console.log(`\nfaults: ${failed.length ? `FAILED (${failed.join(', ')})` : 'all passed'} in ${secs} s`);
process.exit(failed.length ? 1 : 0);
