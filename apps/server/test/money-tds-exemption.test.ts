import { describe, expect, it } from 'vitest';
import { depsOf } from '../src/lib/deps.ts';
import { releaseDue } from '../src/modules/money/escrow.ts';
import { checkLedger } from '../src/modules/money/ledger.ts';
import { noNegativeRows } from '../src/modules/money/operator-returns.ts';
import { createProduct } from '../src/seed/factories.ts';
import { call, createBuyerSession, loginSeller, useTestApp } from './helpers.ts';
import { payOrder, placeOrder, setStatus } from './trade-fixtures.ts';

const t = useTestApp();

/** An order paid, delivered 10 days ago and released: the release's TDS, in paise. */
async function releasedTds(seller: Awaited<ReturnType<typeof loginSeller>>, productId: string) {
  const buyer = await createBuyerSession(t.app);
  const orderId = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, productId)).json().id as string;
  expect((await payOrder(t.app, buyer.token, orderId)).json()).toEqual({ status: 'paid' });
  for (const status of ['processing', 'shipped', 'delivered'] as const) {
    const r = await setStatus(t.app, seller.token, orderId, {
      status,
      ...(status === 'shipped' ? { carrier: 'Blue Dart', trackingNumber: 'BD123456789' } : {}),
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  await t.database.query(
    `update order_events set created_at = now() - interval '10 days' where order_id = $1 and to_status = 'delivered'`,
    [orderId],
  );
  expect(await releaseDue(depsOf(t.app), { holdDays: 7, manufacturerId: seller.manufacturer.id })).toBe(1);
  const [e] = await t.database.query<{ tds_paise: string; gross_paise: string }>(
    `select tds_paise, gross_paise from seller_earnings where order_id = $1 and kind = 'release'`,
    [orderId],
  );
  return { tds: Number(e?.tds_paise), gross: Number(e?.gross_paise) };
}

describe('TDS under s.194-O(2): a small individual seller', () => {
  it('pays no TDS once declared and within Rs 5 lakh, and TDS again from the release that passes it', async () => {
    // The factories' GSTINs carry an individual's PAN (P as its fourth character).
    const seller = await loginSeller(t.app);
    const product = await createProduct(t.app.db, seller.manufacturer.id, { price: '100.00', moq: 10, stock: 1000 });
    const view = await call(t.app, 'GET', '/api/settings/tds-declaration', { token: seller.token });
    expect(view.json()).toMatchObject({ eligible: true, declaredAt: null, limitPaise: 5_00_000_00, exemptNow: false });

    // Without the declaration, TDS is deducted as before.
    expect((await releasedTds(seller, product.id)).tds).toBeGreaterThan(0);

    const declared = await call(t.app, 'PUT', '/api/settings/tds-declaration', {
      token: seller.token,
      body: { declare: true },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json()).toMatchObject({ eligible: true, exemptNow: true });
    expect(declared.json().declaredAt).toEqual(expect.any(String));
    expect((await releasedTds(seller, product.id)).tds).toBe(0);

    // The year's releases reach the limit: the release that passes it bears TDS on its whole amount.
    await t.database.query(
      `update seller_earnings set gross_paise = 49999000 where manufacturer_id = $1 and kind = 'release'
          and id = (select id from seller_earnings where manufacturer_id = $1 and kind = 'release' order by posted_at limit 1)`,
      [seller.manufacturer.id],
    );
    const passing = await releasedTds(seller, product.id);
    expect(passing.tds).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/settings/tds-declaration', { token: seller.token })).json().exemptNow).toBe(
      false,
    );
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'tds.194o2.declared' and entity_id = $1`,
      [seller.manufacturer.id],
    );
    expect(audit?.n).toBe(1);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('refuses the declaration to a seller whose PAN is not an individual or HUF (a firm, a company)', async () => {
    const firm = await loginSeller(t.app, { gstNumber: '27AAPFU0939F1ZV' });
    const view = await call(t.app, 'GET', '/api/settings/tds-declaration', { token: firm.token });
    expect(view.json()).toMatchObject({ eligible: false, pan: 'AAPFU0939F' });
    const r = await call(t.app, 'PUT', '/api/settings/tds-declaration', { token: firm.token, body: { declare: true } });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatch(/individual or a Hindu undivided family/);
    const [m] = await t.database.query<{ at: string | null }>(
      'select tds_194o2_declared_at as at from manufacturers where id = $1',
      [firm.manufacturer.id],
    );
    expect(m?.at).toBeNull();
  });
});

describe('the s.194-O statement data', () => {
  const row = (month: string, tdsPaise: number, amountPaise: number) => ({
    financialYear: '2026-27',
    quarter: 'Q3',
    month,
    pan: 'ABCPE1234F',
    deductee: 'Seller',
    gstin: '27ABCPE1234F1Z5',
    section: '194O' as const,
    amountPaise,
    ratePpm: 1000,
    tdsPaise,
    orders: 1,
    lastCreditedAt: `${month}-15T00:00:00.000Z`,
  });

  it('never has a negative row: a month of returns only carries into the next deductions of that PAN', () => {
    const out = noNegativeRows([
      row('2026-11', -30, -30_000),
      row('2026-10', 100, 100_000),
      row('2026-12', 50, 50_000),
    ]);
    expect(out.map((r) => [r.month, r.tdsPaise, r.amountPaise])).toEqual([
      ['2026-10', 100, 100_000],
      ['2026-12', 20, 20_000],
    ]);
    expect(noNegativeRows([row('2026-11', -30, -30_000)])).toEqual([]);
  });
});
