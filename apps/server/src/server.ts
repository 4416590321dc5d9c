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
  const app = await buildApp({ config });
  // Under the supervisor only the first worker seeds, so two do not race to fill an empty database.
  if (config.seedDemo && (!cluster.isWorker || cluster.worker?.id === 1)) await seedDemo(app);
  retireOnRequest(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  // A worker under the supervisor retires instead (cluster.ts): it keeps answering on kept-alive connections.
  if (!cluster.isWorker) {
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));
  }

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
