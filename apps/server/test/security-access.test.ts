import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@ub/shared';
import { type Persona, RULES, type Rule } from './access-rules.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';
import { buildWorld, documentedOperations, fillPath, type Operation, sample, type World } from './openapi-support.ts';

const ROLE_OF: Record<Exclude<Persona, 'nobody'>, Role> = {
  sellerA: 'seller',
  sellerB: 'seller',
  buyerA: 'buyer',
  buyerB: 'buyer',
  admin: 'admin',
};

/** What the rule says a persona must get: an exact status, or "allowed" (anything but 401, 403 and 404). */
function expected(rule: Rule, persona: Persona): 401 | 403 | 404 | 'allowed' {
  if (rule.access === 'public') return 'allowed';
  if (rule.access === 'ticket') return 401;
  if (persona === 'nobody') return 401;
  if (!rule.access.includes(ROLE_OF[persona])) return 403;
  if (!rule.owner) return 'allowed';
  const owner = rule.owner === 'sellerA-user' ? 'sellerA' : rule.owner;
  return persona === owner ? 'allowed' : 404;
}

describe('access control matrix over the OpenAPI document', () => {
  const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-access-')), RATE_LIMIT_SCALE: '100' });
  let ops: Operation[];
  let w: World;

  beforeAll(async () => {
    ops = await documentedOperations(t.app);
    w = await buildWorld(t.app);
  }, 60_000);

  it('has a rule for every documented route and no rule for a route that is gone', () => {
    const documented = ops.map((o) => o.key);
    expect(
      documented.filter((k) => !RULES[k]),
      'documented routes without an access rule',
    ).toEqual([]);
    expect(
      Object.keys(RULES).filter((k) => !documented.includes(k)),
      'rules for undocumented routes',
    ).toEqual([]);
  });

  it('marks every route that needs a token as bearer-secured in the document', () => {
    const wrong = ops.filter((o) => {
      const rule = RULES[o.key];
      return rule && Array.isArray(rule.access) !== o.secured;
    });
    expect(wrong.map((o) => o.key)).toEqual([]);
  });

  it('answers every route as its rule says for nobody, both sellers, both buyers and the admin', async () => {
    const userIds: Record<Exclude<Persona, 'nobody'>, string> = {
      sellerA: w.sellerA.user.id,
      sellerB: w.sellerB.user.id,
      buyerA: w.buyerA.user.id,
      buyerB: w.buyerB.user.id,
      admin: w.admin.user.id,
    };
    const failures: string[] = [];
    for (const op of ops) {
      const rule = RULES[op.key];
      if (!rule) continue;
      // The owner calls last, so a write it is allowed to make cannot change what the others see.
      const personas: Persona[] =
        rule.access === 'public'
          ? ['nobody']
          : (['nobody', 'sellerB', 'buyerB', 'admin', 'buyerA', 'sellerA'].sort(
              (a, b) => Number(a === rule.owner) - Number(b === rule.owner),
            ) as Persona[]);
      for (const persona of personas) {
        const params = rule.params ? await rule.params(w) : {};
        const url = fillPath(op.path, params);
        const token = persona === 'nobody' ? undefined : await w.tokenFor(userIds[persona]);
        const res = rule.files
          ? await upload(t.app, url, token, await rule.files(w))
          : await call(t.app, op.method as 'GET', url, {
              token,
              body: rule.body ? rule.body(w) : op.body ? sample(op.body) : undefined,
            });
        const want = expected(rule, persona);
        const ok =
          want === 'allowed'
            ? ![401, 403, 404].includes(res.statusCode) && res.statusCode < 500
            : res.statusCode === want;
        if (!ok)
          failures.push(`${op.key} as ${persona}: wanted ${want}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
