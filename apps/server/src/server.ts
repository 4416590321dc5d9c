import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { retireOnRequest, runSupervisor } from './cluster.ts';
import { warmUpPdfFonts } from './lib/pdf.ts';
import { seedDemo } from './seed/demo.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.WORKERS > 1 && cluster.isPrimary) {
    runSupervisor({
      count: config.WORKERS,
      log: (event, data) => console.log(JSON.stringify({ level: 30, time: Date.now(), event, ...data, msg: event })),
    });
    return;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config });
  } catch (err) {
    // What the database says about the configuration (production-guards.ts) stops the start like a bad variable.
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Under the supervisor only the first worker seeds, so two do not race to fill an empty database.
  if (config.seedDemo && (!cluster.isWorker || cluster.worker?.id === 1)) await seedDemo(app);
  // SIGTERM/SIGINT (and, in a worker, the supervisor's reload) stop it gracefully: cluster.ts.
  retireOnRequest(app);

  await app.listen({ port: config.PORT, host: config.HOST });
  setImmediate(() => {
    try {
      warmUpPdfFonts();
    } catch (err) {
      app.log.error({ err }, 'the invoice fonts could not be loaded');
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
