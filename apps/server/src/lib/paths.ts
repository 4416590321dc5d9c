import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Walks up from this module until `relative` exists; works from the TypeScript sources and from the bundle. */
export function findUp(relative: string, from = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function migrationsDir(): string {
  const journal = findUp('apps/server/drizzle/meta/_journal.json') ?? findUp('drizzle/meta/_journal.json');
  if (!journal) throw new Error('Database migrations not found (apps/server/drizzle)');
  return dirname(dirname(journal));
}

export function webDistDir(): string | undefined {
  const index = findUp('apps/web/dist/index.html');
  return index ? dirname(index) : undefined;
}
