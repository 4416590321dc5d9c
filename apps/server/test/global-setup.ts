import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database (PGlite data directory tarball) that each test file starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database that each test file's database is created from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run instead of once per test file: into a PGlite snapshot for the embedded project, or into
 * a template database for the PostgreSQL one (`CREATE DATABASE ... TEMPLATE`). Each file still gets its own
 * fresh database (helpers.ts freshDatabase).
 */
export default async function setup(project: TestProject) {
  const url = project.config.env?.TEST_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'ub-pglite-template-'));
    const database = await openDatabase({});
    const file = join(dir, 'template.tar');
    if (!database.snapshot) throw new Error('the embedded database cannot take a snapshot');
    writeFileSync(file, Buffer.from(await (await database.snapshot()).arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const pg = (await import('pg')).default;
  const name = `t_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: dbUrl.toString(), poolSize: 1 });
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
