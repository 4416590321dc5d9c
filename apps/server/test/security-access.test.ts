import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminRole, Role } from '@ub/shared';
import { type Persona as RulePersona, RULES, type Rule } from './access-rules.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';
import { buildWorld, documentedOperations, fillPath, type Operation, sample, type World } from './openapi-support.ts';
import { createAdmin } from '../src/seed/factories.ts';

/** The rules' personas, and an admin of each console role besides the world's owner. */
type Persona = RulePersona | 'finance' | 'support' | 'moderator';

const ROLE_OF: Record<Exclude<Persona, 'nobody'>, Role> = {
  sellerA: 'seller',
  sellerB: 'seller',
  buyerA: 'buyer',
  buyerB: 'buyer',
  admin: 'admin',
  finance: 'admin',
  support: 'admin',
  moderator: 'admin',
};
/** The console role of each admin persona (`admin` is the world's owner). */
const ADMIN_ROLE_OF: Partial<Record<Persona, AdminRole>> = {
  admin: 'owner',
  finance: 'finance',
  support: 'support',
  moderator: 'moderator',
};
const ADMIN_PERSONAS: Persona[] = ['finance', 'support', 'moderator', 'admin'];

/** What the rule says a persona must get: an exact status, or "allowed" (anything but 401, 403 and 404). */
function expected(rule: Rule, persona: Persona): 401 | 403 | 404 | 'allowed' {
  if (rule.access === 'public') return 'allowed';
  if (rule.access === 'ticket') return 401;
  if (persona === 'nobody') return 401;
  if (!rule.access.includes(ROLE_OF[persona])) return 403;
  const adminRole = ADMIN_ROLE_OF[persona];
  if (adminRole && rule.adminRoles && !rule.adminRoles.includes(adminRole)) return 403;
  if (!rule.owner) return 'allowed';
  const owner = rule.owner === 'sellerA-user' ? 'sellerA' : rule.owner;
  return persona === owner ? 'allowed' : 404;
}

describe('access control matrix over the OpenAPI document', () => {
  const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-access-')), RATE_LIMIT_SCALE: '100' });
  let ops: Operation[];
  let w: World;
  const staff: Partial<Record<Persona, string>> = {};

  beforeAll(async () => {
    ops = await documentedOperations(t.app);
    w = await buildWorld(t.app);
    for (const role of ['finance', 'support', 'moderator'] as const) {
      const { user } = await createAdmin(t.app.db, { fullName: `${role} admin` });
      await t.app.database.query('update users set admin_role = $1 where id = $2', [role, user.id]);
      staff[role] = user.id;
    }
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

  it('names the console roles of every admin route, and of no other route', () => {
    const adminRoute = (key: string) => / \/api\/admin\//.test(key) && key !== 'POST /api/admin/login';
    const wrong = Object.entries(RULES)
      .filter(([key, rule]) => adminRoute(key) !== Boolean(rule.adminRoles))
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('answers every route as its rule says for nobody, both sellers, both buyers and an admin of each role', async () => {
    const userIds: Record<Exclude<Persona, 'nobody'>, string> = {
      sellerA: w.sellerA.user.id,
      sellerB: w.sellerB.user.id,
      buyerA: w.buyerA.user.id,
      buyerB: w.buyerB.user.id,
      admin: w.admin.user.id,
      finance: staff.finance as string,
      support: staff.support as string,
      moderator: staff.moderator as string,
    };
    const failures: string[] = [];
    for (const op of ops) {
      const rule = RULES[op.key];
      if (!rule) continue;
      // The owner calls last, so a write it is allowed to make cannot change what the others see; of the admins, those
      // the route refuses call before those it allows.
      const adminsInOrder = rule.adminRoles
        ? [...ADMIN_PERSONAS].sort(
            (a, b) =>
              Number(rule.adminRoles?.includes(ADMIN_ROLE_OF[a] as AdminRole)) -
              Number(rule.adminRoles?.includes(ADMIN_ROLE_OF[b] as AdminRole)),
          )
        : ['admin'];
      const personas: Persona[] =
        rule.access === 'public'
          ? ['nobody']
          : ([...['nobody', 'sellerB', 'buyerB'], ...adminsInOrder, ...['buyerA', 'sellerA']].sort(
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
