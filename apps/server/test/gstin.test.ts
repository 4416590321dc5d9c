import { GSTIN_MESSAGES, gstCheckCharacter, LEAD_MESSAGES, MESSAGES } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { makeGstin, makePhone } from '../src/seed/factories.ts';
import { call, count, sellerRegistration, useTestApp } from './helpers.ts';

/** One GSTIN rule for every role: structure, check character, a real state code, and the address's state. */

const t = useTestApp();

/** A GSTIN with a correct check character for any two characters in the state code's place. */
function gstinFor(code: string): string {
  const first14 = `${code}AAPFU0939F1Z`;
  return first14 + gstCheckCharacter(first14);
}

function gstinWithWrongCheck(): string {
  const good = makeGstin();
  return good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A');
}

let n = 0;
function buyer(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    email: `gst.buyer${n}.${Date.now()}@example.in`,
    phone: makePhone(),
    password: 'Sup3rSecret!',
    company_name: 'Kirana Wholesale LLP',
    contact_name: 'Ravi Kumar',
    address: '44 Residency Road, Bengaluru 560025',
    state: 'Karnataka',
    gst_number: makeGstin('29'),
    ...overrides,
  };
}

const mismatch = GSTIN_MESSAGES.stateMismatch('Maharashtra', '27', 'Karnataka');

const refusals: Array<[string, Record<string, unknown>, string, string]> = [
  ['state code 00', { gst_number: gstinFor('00') }, 'gst_number', GSTIN_MESSAGES.stateCode],
  ['state code 39', { gst_number: gstinFor('39') }, 'gst_number', GSTIN_MESSAGES.stateCode],
  ['state code 99', { gst_number: gstinFor('99') }, 'gst_number', GSTIN_MESSAGES.stateCode],
  ['state code 25 (merged into 26 in 2020)', { gst_number: gstinFor('25') }, 'gst_number', GSTIN_MESSAGES.merged25],
  ['a wrong check character', { gst_number: gstinWithWrongCheck() }, 'gst_number', MESSAGES.gstInvalid],
];

describe('seller registration', () => {
  it.each([
    ...refusals,
    ['a Maharashtra GSTIN with a Karnataka address', { state: 'Karnataka' }, 'gst_number', mismatch],
    ['no state for the address', { state: undefined }, 'state', MESSAGES.required('State')],
    ['a state that is not Indian', { state: 'Atlantis' }, 'state', 'Choose an Indian state or union territory.'],
  ])('refuses %s with 400 and a field message, writing nothing', async (_why, change, field, message) => {
    const users = await count(t.database, 'users');
    const res = await call(t.app, 'POST', '/api/register', { body: sellerRegistration(change) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field]).toBe(message);
    expect(await count(t.database, 'users')).toBe(users);
  });

  it.each([
    ['27', 'Maharashtra', 'Maharashtra'],
    ['29', ' karnataka ', 'Karnataka'],
    ['38', 'Ladakh', 'Ladakh'],
    ['26', 'Dadra and Nagar Haveli and Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['97', 'Other Territory', 'Other Territory'],
  ])('registers a seller whose GSTIN (%s) agrees with the address state', async (code, state, stored) => {
    const body = sellerRegistration({ gst_number: makeGstin(code), state });
    const res = await call(t.app, 'POST', '/api/register', { body });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.query<{ state: string; gst_number: string }>(
      'select m.state, m.gst_number from manufacturers m where m.user_id = $1',
      [res.json().user.id],
    );
    expect(row).toEqual({ state: stored, gst_number: body.gst_number });
  });
});

describe('buyer registration', () => {
  it.each([
    ...refusals,
    ['a Maharashtra GSTIN with a Karnataka address', { gst_number: makeGstin('27') }, 'gst_number', mismatch],
  ])('refuses %s with 400 and a field message, writing nothing', async (_why, change, field, message) => {
    const users = await count(t.database, 'users');
    const res = await call(t.app, 'POST', '/api/buyer/register', { body: buyer(change) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field]).toBe(message);
    expect(await count(t.database, 'users')).toBe(users);
  });

  it('registers a buyer with a GSTIN of their state, normalised, and one without a GSTIN', async () => {
    const gst = makeGstin('29');
    const withGst = await call(t.app, 'POST', '/api/buyer/register', {
      body: buyer({ gst_number: ` ${gst.toLowerCase()} ` }),
    });
    expect(withGst.statusCode).toBe(201);
    const [row] = await t.database.query<{ gst_number: string; state: string }>(
      'select gst_number, state from buyers where id = $1',
      [withGst.json().buyerId],
    );
    expect(row).toEqual({ gst_number: gst, state: 'Karnataka' });
    const without = await call(t.app, 'POST', '/api/buyer/register', { body: buyer({ gst_number: '' }) });
    expect(without.statusCode).toBe(201);
  });
});

describe('lead form', () => {
  const lead = (gst: string) => ({ name: 'Asha', company: 'Patil Plastics', contact: makePhone(), gst });

  it.each([
    ['state code 00', gstinFor('00'), GSTIN_MESSAGES.stateCode],
    ['state code 25', gstinFor('25'), GSTIN_MESSAGES.merged25],
    ['a wrong check character', gstinWithWrongCheck(), LEAD_MESSAGES.gstInvalid],
  ])('refuses an optional GSTIN with %s, storing nothing', async (_why, gst, message) => {
    const before = await count(t.database, 'leads');
    const res = await call(t.app, 'POST', '/api/leads', { body: lead(gst) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.gst).toBe(message);
    expect(await count(t.database, 'leads')).toBe(before);
  });

  it('accepts a lead with a GSTIN of Other Territory (97)', async () => {
    expect((await call(t.app, 'POST', '/api/leads', { body: lead(gstinFor('97')) })).statusCode).toBe(201);
  });
});
