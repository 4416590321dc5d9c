/**
 * SIGKILL while jobs run, on PostgreSQL. Leads are posted with LEAD_WEBHOOK_URL pointing at a local receiver
 * that first holds every request open (a webhook that hangs), so the server dies with jobs claimed and in flight.
 * After a restart (the receiver now answering), every lead is delivered, and each exactly once: nothing lost,
 * nothing completed twice, no job dead.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Checks,
  call,
  crashLines,
  mainIfRun,
  type Resources,
  type ServerProcess,
  startPostgres,
  startServer,
  waitFor,
} from './harness.ts';

const LEADS = 30;
const LEASE_MS = 2000;

/** The webhook's receiver: holds requests open while `hang`, else answers 200 and counts each lead it accepted. */
async function receiver(res: Resources) {
  const accepted = new Map<string, number>();
  const held: ServerResponse[] = [];
  const state = { hang: true, arrived: 0 };
  const server = createServer((req: IncomingMessage, reply) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      state.arrived++;
      if (state.hang) {
        held.push(reply);
        return;
      }
      const id = String((JSON.parse(body) as { id?: string }).id);
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      reply.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  res.add(
    () =>
      new Promise<void>((r) => {
        for (const h of held) h.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, accepted, state };
}

export async function killJobsScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const hook = await receiver(res);
  const env = { LEAD_WEBHOOK_URL: hook.url, JOBS_POLL_MS: '100', JOBS_LEASE_MS: String(LEASE_MS) };
  let server: ServerProcess = await startServer(res, { databaseUrl: pg.url, env });

  const ids: string[] = [];
  for (let i = 0; i < LEADS; i++) {
    const answer = await call(server.base, 'POST', '/api/leads', {
      body: {
        name: `Lead ${i}`,
        company: `Kill Jobs ${i} Pvt Ltd`,
        contact: `98${String(1_000_000 + i).padStart(8, '0')}`,
      },
    });
    if (answer.status === 201) ids.push((answer.body as { id: string }).id);
  }
  checks.ok('every lead is stored and answered at once while the webhook hangs', ids.length === LEADS, ids.length);
  await waitFor('the runner to be inside webhook calls', async () => hook.state.arrived >= 2);
  const running = await pg.query<{ n: string }>("select count(*) as n from jobs where state = 'running'");
  checks.info(`killing the server with ${running[0]?.n} job(s) running and ${hook.state.arrived} request(s) held`);
  server.child.kill('SIGKILL');
  await server.exited;

  hook.state.hang = false;
  server = await startServer(res, { databaseUrl: pg.url, env });
  await waitFor(
    'every lead to reach the webhook',
    async () => ids.every((id) => hook.accepted.has(id)),
    LEASE_MS + 30_000,
  );
  // Give a duplicate, were there one, the time to arrive.
  await new Promise((r) => setTimeout(r, LEASE_MS + 500));
  const twice = [...hook.accepted].filter(([, n]) => n > 1);
  checks.ok('each lead was accepted by the webhook exactly once', twice.length === 0 && hook.accepted.size === LEADS, {
    accepted: hook.accepted.size,
    twice,
  });
  const states = await pg.query<{ state: string; n: string }>(
    "select state, count(*) as n from jobs where name = 'lead.webhook' group by state",
  );
  checks.ok(
    'every webhook job is done, none dead or lost',
    states.length === 1 && states[0]?.state === 'done' && Number(states[0]?.n) === LEADS,
    states,
  );
  checks.ok('no unhandled error in the server logs', crashLines(server).length === 0, crashLines(server).slice(0, 3));
}

await mainIfRun(import.meta.url, 'SIGKILL while jobs run', killJobsScenario);
