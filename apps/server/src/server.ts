import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
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
  const app = await buildApp({ config });
  if (config.seedDemo) await seedDemo(app);

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
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

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
