import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Persona, RULES, type Rule } from './access-rules.ts';
import { call, useTestApp } from './helpers.ts';
import { type UploadFile, upload } from './multipart.ts';
import {
  buildWorld,
  documentedOperations,
  fillPath,
  type JsonSchema,
  type Operation,
  sample,
  validPng,
  type World,
} from './openapi-support.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const SCRIPT = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
];
const SQL = ["' OR '1'='1", "'; DROP TABLE users; --", '1; select pg_sleep(5)', "\\'", '%_%', '$1'];
const ODD = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '👩🏽‍💻'.repeat(50),
  'ए'.repeat(300),
  '../../etc/passwd',
  // Shaped like dates, on no calendar (PostgreSQL refuses them): every date field must answer 400.
  '2026-02-30',
  '0000-01-01',
];

/** Every leaf of a request schema with its path in the sample body (arrays through their first item). */
function leaves(schema: JsonSchema | undefined, prefix: string[] = []): Array<{ path: string[]; schema: JsonSchema }> {
  if (!schema) return [];
  const s = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema;
  if (s.type === 'object' && s.properties) {
    return Object.entries(s.properties).flatMap(([k, v]) => [
      { path: [...prefix, k], schema: v },
      ...leaves(v, [...prefix, k]),
    ]);
  }
  if (s.type === 'array' && s.items) return leaves(s.items, [...prefix, '0']);
  return [];
}

/** Values at and just past a field's own limits. */
function limitValues(s: JsonSchema): unknown[] {
  const out: unknown[] = [];
  if (typeof s.minimum === 'number') out.push(s.minimum, s.minimum - 1, s.minimum - 1e-9);
  if (typeof s.maximum === 'number') out.push(s.maximum, s.maximum + 1, s.maximum + 1e-9);
  if (typeof s.maxLength === 'number')
    out.push('a'.repeat(s.maxLength), 'a'.repeat(s.maxLength + 1), 'ऄ'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number' && s.minLength > 0) out.push('a'.repeat(s.minLength - 1));
  if (typeof s.maxItems === 'number') out.push(Array.from({ length: s.maxItems + 1 }, () => sample(s.items)));
  if (s.enum) out.push(`${String(s.enum[0])}x`, String(s.enum[0]).toUpperCase());
  return out;
}

const nasty = fc.oneof(
  fc.constantFrom(...SCRIPT, ...SQL, ...ODD),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(0, -1, -0, 1e-9, 2 ** 31, 2 ** 53 + 1, 1e21, 1e308, -1e308, 0.1 + 0.2),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constant('x'.repeat(200_000)),
);

type Mutation =
  | { kind: 'set'; path: string[]; value: unknown }
  | { kind: 'drop'; path: string[] }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

function mutations(schema: JsonSchema | undefined): fc.Arbitrary<Mutation[]> {
  const fields = leaves(schema);
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(fc.string(), fc.constant('__proto__')),
      value: nasty,
    }),
    fc.record({ kind: fc.constant('whole' as const), value: nasty }),
  ];
  if (fields.length) {
    const path = fc.constantFrom(...fields.map((f) => f.path));
    options.push(fc.record({ kind: fc.constant('set' as const), path, value: nasty }));
    options.push(fc.record({ kind: fc.constant('drop' as const), path }));
    const limits = fields.flatMap((f) => limitValues(f.schema).map((value) => ({ path: f.path, value })));
    if (limits.length) {
      options.push(fc.constantFrom(...limits).map((l) => ({ kind: 'set' as const, path: l.path, value: l.value })));
    }
  }
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 });
}

function apply(base: unknown, ms: Mutation[]): unknown {
  let body: unknown = structuredClone(base);
  for (const m of ms) {
    if (m.kind === 'whole') {
      body = m.value;
      continue;
    }
    if (body === null || typeof body !== 'object') continue;
    if (m.kind === 'extra') {
      // An array's own keys other than its indexes never reach JSON, and `length` set to a string throws.
      if (Array.isArray(body)) continue;
      Object.defineProperty(body, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
      continue;
    }
    let node = body as Record<string, unknown>;
    for (const k of m.path.slice(0, -1)) {
      const next = node[k];
      if (next === null || typeof next !== 'object') {
        node = {};
        break;
      }
      node = next as Record<string, unknown>;
    }
    const last = m.path[m.path.length - 1] as string;
    if (m.kind === 'drop') delete node[last];
    else node[last] = m.value;
  }
  return body;
}

function personaFor(rule: Rule): Persona {
  if (!Array.isArray(rule.access)) return 'nobody';
  if (rule.owner) return rule.owner === 'buyerA' ? 'buyerA' : 'sellerA';
  return rule.access.includes('seller') ? 'sellerA' : rule.access.includes('admin') ? 'admin' : 'buyerA';
}

describe('fuzzing every JSON and multipart endpoint', () => {
  const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-fuzz-')), RATE_LIMIT_SCALE: '1000' });
  let ops: Operation[];
  let w: World;
  let tables: string[];

  beforeAll(async () => {
    ops = await documentedOperations(t.app);
    w = await buildWorld(t.app);
    const rows = await t.database.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
         and table_name not like '%drizzle%'`,
    );
    tables = rows.map((r) => r.name);
  }, 60_000);

  async function rowCounts(): Promise<Record<string, number>> {
    const sql = tables.map((n) => `select '${n}' as name, count(*)::int as n from "${n}"`).join(' union all ');
    const rows = await t.database.query<{ name: string; n: number }>(sql);
    return Object.fromEntries(rows.map((r) => [r.name, r.n]));
  }

  async function tokenOf(persona: Persona): Promise<string | undefined> {
    const ids: Record<Exclude<Persona, 'nobody'>, string> = {
      sellerA: w.sellerA.user.id,
      sellerB: w.sellerB.user.id,
      buyerA: w.buyerA.user.id,
      buyerB: w.buyerB.user.id,
      admin: w.admin.user.id,
    };
    return persona === 'nobody' ? undefined : w.tokenFor(ids[persona]);
  }

  /** Runs one hostile request and checks: no 5xx, and after a 4xx every table has the rows it had before. */
  async function probe(label: string, send: () => Promise<{ statusCode: number; body: string }>) {
    const before = await rowCounts();
    const res = await send();
    if (res.statusCode >= 500) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (res.statusCode >= 400) {
      const after = await rowCounts();
      const changed = tables.filter((n) => before[n] !== after[n]);
      if (changed.length) throw new Error(`${label}: ${res.statusCode} but wrote to ${changed.join(', ')}`);
    }
  }

  it('never answers 5xx and never writes after a 4xx for JSON bodies', async () => {
    const jsonOps = ops.filter((o) => o.body);
    expect(jsonOps.length).toBeGreaterThan(30);
    for (const op of jsonOps) {
      const rule = RULES[op.key] as Rule;
      const persona = personaFor(rule);
      const base = rule.body ? rule.body(w) : sample(op.body);
      await fc.assert(
        fc.asyncProperty(mutations(op.body), async (ms) => {
          const params = rule.params ? await rule.params(w) : {};
          const body = apply(base, ms);
          const token = await tokenOf(persona);
          await probe(`${op.key} ${JSON.stringify(body)?.slice(0, 200)}`, async () =>
            call(t.app, op.method as 'POST', fillPath(op.path, params), {
              token,
              body: body === undefined ? 'null' : JSON.stringify(body),
              headers: { 'content-type': 'application/json' },
            }),
          );
        }),
        { numRuns: RUNS },
      );
    }
  }, 240_000);

  it('never answers 5xx to malformed JSON, a wrong content type or a body past the size limit', async () => {
    const jsonOps = ops.filter((o) => o.body);
    const raw: Array<[string, string]> = [
      ['{"a":', 'application/json'],
      ['{"__proto__":{"admin":true}}', 'application/json'],
      ['name=x', 'application/x-www-form-urlencoded'],
      ['<xml/>', 'text/xml'],
      [`{"x":"${'a'.repeat(1_100_000)}"}`, 'application/json'],
    ];
    for (const op of jsonOps) {
      const rule = RULES[op.key] as Rule;
      for (const [payload, type] of raw) {
        const params = rule.params ? await rule.params(w) : {};
        const token = await tokenOf(personaFor(rule));
        await probe(`${op.key} ${type} ${payload.slice(0, 40)}`, async () =>
          call(t.app, op.method as 'POST', fillPath(op.path, params), {
            token,
            body: payload,
            headers: { 'content-type': type },
          }),
        );
      }
    }
  }, 120_000);

  it('never answers 5xx and never writes after a 4xx for multipart uploads', async () => {
    const multipartOps = ops.filter((o) => RULES[o.key]?.files);
    expect(multipartOps.map((o) => o.key).sort()).toEqual([
      'POST /api/buyer/disputes/{id}/evidence',
      'POST /api/buyer/requirements/{id}/attachments',
      'POST /api/products/bulk-upload',
      'POST /api/settings/documents',
      'POST /api/upload/product-media/{id}',
    ]);
    const png = await validPng();
    const part: fc.Arbitrary<UploadFile> = fc.oneof(
      fc.record({
        field: fc.constantFrom('file', 'files', 'image', 'kind', '', '<b>x</b>'),
        name: fc.oneof(
          fc.constantFrom(
            'a.png',
            'a.pdf',
            'p.csv',
            '../../../etc/passwd',
            'x'.repeat(5000),
            '<img src=x onerror=alert(1)>.png',
          ),
          fc.string({ unit: 'grapheme', maxLength: 30 }),
        ),
        data: fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
          fc.constant(png.subarray(0, 100)),
          fc.constantFrom('name,sku\n<script>alert(1)</script>,x', "%PDF-1.4\n' OR 1=1", ''),
        ),
        type: fc.constantFrom('image/png', 'application/pdf', 'text/csv', 'text/html', 'image/svg+xml'),
      }),
      fc.record({
        field: fc.constantFrom('kind', 'file'),
        data: fc.oneof(
          nasty.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
          fc.constant('pan'),
        ),
      }),
    );
    for (const op of multipartOps) {
      const rule = RULES[op.key] as Rule;
      await fc.assert(
        fc.asyncProperty(fc.array(part, { maxLength: 4 }), async (files) => {
          const params = rule.params ? await rule.params(w) : {};
          const token = await tokenOf(personaFor(rule));
          await probe(`${op.key} ${files.map((f) => `${f.field}:${f.name}`).join(',')}`, async () =>
            upload(t.app, fillPath(op.path, params), token, files),
          );
        }),
        { numRuns: RUNS },
      );
    }
  }, 120_000);
});
