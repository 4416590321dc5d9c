import { ADDRESS_LIMIT } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { homeAddress } from './buyer-fixtures.ts';
import { call, createBuyerSession, useTestApp } from './helpers.ts';

const t = useTestApp();

async function addAddress(token: string, extra: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/api/buyer/addresses', { token, body: homeAddress(extra) });
}

describe('buyer address book', () => {
  it('adds an address, the first becoming the default, and lists the default first', async () => {
    const buyer = await createBuyerSession(t.app);
    const first = await addAddress(buyer.token);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      label: 'Head office',
      state: 'Maharashtra',
      isDefault: true,
      line2: 'Floor 3',
    });
    const second = await addAddress(buyer.token, { label: 'Warehouse', line2: '', isDefault: true });
    expect(second.json()).toMatchObject({ label: 'Warehouse', line2: null, isDefault: true });
    const list = (await call(t.app, 'GET', '/api/buyer/addresses', { token: buyer.token })).json();
    expect(list.addresses.map((a: { label: string; isDefault: boolean }) => [a.label, a.isDefault])).toEqual([
      ['Warehouse', true],
      ['Head office', false],
    ]);
    expect(list.limit).toBe(ADDRESS_LIMIT);
  });

  it('refuses a bad PIN code, phone and state with a message per field and writes nothing', async () => {
    const buyer = await createBuyerSession(t.app);
    const res = await addAddress(buyer.token, { pinCode: '011001', phone: '12345', state: 'Atlantis', city: '' });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json();
    expect(fields.pinCode).toBe('Enter a 6-digit PIN code that does not start with 0.');
    expect(fields.phone).toBeDefined();
    expect(fields.state).toBe('Choose an Indian state or union territory.');
    expect(fields.city).toBe('City is required.');
    expect((await call(t.app, 'GET', '/api/buyer/addresses', { token: buyer.token })).json().addresses).toEqual([]);
  });

  it("edits, sets the default and deletes only the buyer's own addresses; another buyer's id is 404", async () => {
    const a = await createBuyerSession(t.app);
    const b = await createBuyerSession(t.app);
    const home = (await addAddress(a.token)).json();
    const depot = (await addAddress(a.token, { label: 'Depot' })).json();
    const edited = await call(t.app, 'PUT', `/api/buyer/addresses/${depot.id}`, {
      token: a.token,
      body: homeAddress({ label: 'Depot 2', isDefault: true }),
    });
    expect(edited.json()).toMatchObject({ label: 'Depot 2', isDefault: true });
    const list = (await call(t.app, 'GET', '/api/buyer/addresses', { token: a.token })).json();
    expect(list.addresses.find((x: { id: string }) => x.id === home.id).isDefault).toBe(false);

    for (const [method, body] of [
      ['PUT', homeAddress()],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/api/buyer/addresses/${depot.id}`, { token: b.token, body });
      expect(res.statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', '/api/buyer/addresses', { token: b.token })).json().addresses).toEqual([]);

    const del = await call(t.app, 'DELETE', `/api/buyer/addresses/${depot.id}`, { token: a.token });
    expect(del.statusCode).toBe(204);
    const after = (await call(t.app, 'GET', '/api/buyer/addresses', { token: a.token })).json();
    expect(after.addresses).toEqual([expect.objectContaining({ id: home.id, isDefault: true })]);
  });

  it(`holds at most ${ADDRESS_LIMIT} addresses per buyer`, async () => {
    const buyer = await createBuyerSession(t.app);
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      expect((await addAddress(buyer.token, { label: `Site ${i}` })).statusCode).toBe(201);
    }
    const over = await addAddress(buyer.token, { label: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatch(/at most 20 addresses/);
  });
});
