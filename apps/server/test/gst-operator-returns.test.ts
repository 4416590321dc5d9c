import { gstCheckCharacter } from '@ub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PLATFORM_GSTIN, loadConfig } from '../src/config.ts';
import { buyers } from '../src/db/schema/index.ts';
import { balance } from '../src/modules/money/ledger.ts';
import type { Gstr8 } from '@ub/shared';
import { tdsPeriod } from '../src/modules/money/operator-returns.ts';
import { call, createBuyerSession, loginAdmin, useTestApp } from './helpers.ts';
import { payOrder, placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';
import { PRODUCTION_ENV, STAGING_ENV } from './production-env.ts';

const t = useTestApp();

const istMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
const p = (rupees: number) => Math.round(rupees * 100);

describe("the platform's GSTR-8 and s.194-O TDS data", () => {
  it("reports TCS per supplier GSTIN in GSTN's Table 3 keys, returns before release included, equal to the ledger", async () => {
    const s = await tradeSetup(t.app);
    const { token } = await loginAdmin(t.app);
    const unregistered = await createBuyerSession(t.app);
    await t.app.db.update(buyers).set({ gstNumber: null }).where(eq(buyers.id, unregistered.buyer.id));
    const delivered = async (buyerToken: string, qty: number, state: string) => {
      const o = await placeOrder(t.app, buyerToken, s.seller.manufacturer.id, s.product.id, qty, state);
      expect(o.statusCode, o.body).toBe(201);
      const id = o.json().id as string;
      expect((await payOrder(t.app, buyerToken, id)).statusCode).toBe(201);
      await t.app.jobs.drain();
      await setStatus(t.app, s.seller.token, id, { status: 'processing' });
      const shipped = await setStatus(t.app, s.seller.token, id, {
        status: 'shipped',
        carrier: 'Blue Dart',
        trackingNumber: 'BD1',
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect((await setStatus(t.app, s.seller.token, id, { status: 'delivered' })).statusCode).toBe(200);
      await t.database.query(
        `update order_events set created_at = now() - interval '10 days' where order_id = $1 and to_status = 'delivered'`,
        [id],
      );
      return id;
    };
    // Registered buyer in Karnataka (IGST TCS); unregistered buyer in Maharashtra (CGST + SGST TCS), part returned.
    await delivered(s.buyer.token, 10, 'Karnataka');
    await delivered(s.buyer.token, 13, 'Karnataka');
    const partly = await delivered(unregistered.token, 17, 'Maharashtra');
    const refund = await call(t.app, 'POST', `/api/admin/orders/${partly}/refund`, {
      token,
      body: { amountPaise: 23_600, reason: 'Two units returned' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.app.jobs.drain();
    const run = await call(t.app, 'POST', '/api/admin/settlements/generate', {
      token,
      body: { manufacturerId: s.seller.manufacturer.id },
    });
    expect(run.json().created).toBe(1);

    const month = istMonth();
    const res = await call(t.app, 'GET', `/api/admin/finance/gstr8?month=${month}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`GSTR8_${DEMO_PLATFORM_GSTIN}_`);
    const r = res.json() as Gstr8;
    expect(r.gstin).toBe(DEMO_PLATFORM_GSTIN);
    expect(r.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);
    // GSTN's GSTR-8 Table 3 (the `tcs` section of the return's JSON): one row per supplier GSTIN with exactly the
    // keys GSTN defines (stin, supR, retsupR, supU, retsupU, amt, iamt, camt, samt); the place of supply is not one.
    expect(r.tcs).toHaveLength(1);
    const seller = r.tcs[0];
    expect(Object.keys(seller ?? {}).sort()).toEqual([
      'amt',
      'camt',
      'iamt',
      'retsupR',
      'retsupU',
      'samt',
      'stin',
      'supR',
      'supU',
    ]);
    // 23 units at Rs 100 to a registered buyer in Karnataka (IGST TCS 0.5 %), and 17 units to an unregistered buyer
    // in Maharashtra (CGST + SGST TCS) of which Rs 236 (two units with 18 % GST) was refunded before release.
    expect(seller).toMatchObject({
      stin: '27AAPFU0939F1ZV',
      supR: 2300,
      retsupR: 0,
      supU: 1700,
      iamt: 11.5,
    });
    expect(seller?.retsupU).toBeGreaterThan(0);
    expect(p(seller?.supR ?? 0) + p(seller?.supU ?? 0) - p(seller?.retsupU ?? 0)).toBe(p(seller?.amt ?? 0));
    expect(seller?.camt).toBeGreaterThan(0);
    expect(Math.abs(p(seller?.camt ?? 0) - p(seller?.samt ?? 0))).toBeLessThanOrEqual(1);

    // To the paisa: the return's TCS is the ledger's, and its net value is what the releases were taxed on.
    const tcs = r.tcs.reduce((a, x) => a + p(x.iamt) + p(x.camt) + p(x.samt), 0);
    expect(tcs).toBeGreaterThan(0);
    expect(tcs).toBe(-(await balance(t.app.db, 'tcs_payable', { manufacturerId: s.seller.manufacturer.id })));
    const [earned] = await t.database.query<{ taxable: string; gross: string; tds: string }>(
      `select sum(taxable_paise)::text as taxable, sum(gross_paise)::text as gross, sum(tds_paise)::text as tds
       from seller_earnings where kind = 'release'`,
    );
    expect(r.tcs.reduce((a, x) => a + p(x.amt), 0)).toBe(Number(earned?.taxable));
    // The Finance page's TCS and TDS table counts the same month the same way.
    const summary = (await call(t.app, 'GET', `/api/admin/finance/tax-summary?month=${month}`, { token })).json();
    const mine = summary.rows.find((x: { gstin: string }) => x.gstin === '27AAPFU0939F1ZV');
    expect(mine.tcsIgstPaise + mine.tcsCgstPaise + mine.tcsSgstPaise).toBe(tcs);

    const csv = await call(t.app, 'GET', `/api/admin/finance/gstr8?month=${month}&format=csv`, { token });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toContain('Net amount liable for TCS');
    expect(lines[0]).not.toContain('Place of supply');
    expect(lines.slice(1)).toEqual(['"27AAPFU0939F1ZV",2300,0,1700,200,3800,11.5,3.75,3.75']);
    // A month without releases is an empty return, not an error.
    const empty = (await call(t.app, 'GET', '/api/admin/finance/gstr8?month=2020-01', { token })).json() as Gstr8;
    expect(empty.tcs).toEqual([]);
    expect((await call(t.app, 'GET', '/api/admin/finance/gstr8?month=2026-13', { token })).statusCode).toBe(400);

    // TDS s.194-O: one row per PAN for the month, amount credited and TDS equal to the ledger; the quarter holds the same.
    const tds = await call(t.app, 'GET', `/api/admin/finance/tds-194o.csv?period=${month}`, { token });
    expect(tds.statusCode, tds.body).toBe(200);
    const [head, row, ...rest] = tds.body.split('\r\n');
    expect(head).toContain('Deductee PAN');
    expect(rest).toEqual([]);
    const cells = (row ?? '').split(',').map((c) => c.replace(/^"|"$/g, ''));
    const ledgerTds = -(await balance(t.app.db, 'tds_payable'));
    expect(ledgerTds).toBe(Number(earned?.tds));
    expect(cells.slice(3, 7)).toEqual(['194O', 'AAPFU0939F', cells[5], '27AAPFU0939F1ZV']);
    // The amount credited is the taxable value (GST excluded), what the TDS was taken on.
    expect(p(Number(cells[7]))).toBe(Number(earned?.taxable));
    expect(cells[8]).toBe('0.1');
    expect(p(Number(cells[9]))).toBe(ledgerTds);
    expect(cells[10]).toBe('3');
    const [y, m] = month.split('-').map(Number) as [number, number];
    const fy = m >= 4 ? y : y - 1;
    const quarter = `${fy}-${String((fy + 1) % 100).padStart(2, '0')}-Q${Math.floor(((m + 8) % 12) / 3) + 1}`;
    const q = await call(t.app, 'GET', `/api/admin/finance/tds-194o.csv?period=${quarter}`, { token });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.body.split('\r\n')[1]).toBe(row);
    const bad = await call(t.app, 'GET', '/api/admin/finance/tds-194o.csv?period=2026-28-Q1', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('quarter');
    // Sellers do not reach the operator's returns.
    expect(
      (await call(t.app, 'GET', `/api/admin/finance/gstr8?month=${month}`, { token: s.seller.token })).statusCode,
    ).toBe(403);
  });

  it('reads financial-year quarters and refuses anything else', () => {
    const q3 = tdsPeriod('2026-27-Q3');
    expect(q3?.start.toISOString()).toBe('2026-09-30T18:30:00.000Z');
    expect(q3?.end.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    const q4 = tdsPeriod('2026-27-Q4');
    expect(q4?.start.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(q4?.end.toISOString()).toBe('2027-03-31T18:30:00.000Z');
    expect(tdsPeriod('2026-Q1')).toBeNull();
    expect(tdsPeriod('2026-00')).toBeNull();
  });

  it('takes PLATFORM_GSTIN from the environment, refuses a wrong one, and has none in production unless set', () => {
    const karnataka = `29AAFCU5055K1Z${gstCheckCharacter('29AAFCU5055K1Z')}`;
    const typed = `${karnataka.slice(0, 5).toLowerCase()} ${karnataka.slice(5)}`;
    expect(loadConfig({ NODE_ENV: 'test', PLATFORM_GSTIN: typed }).platformGstin).toBe(karnataka);
    expect(() => loadConfig({ NODE_ENV: 'test', PLATFORM_GSTIN: '27AAFCU5055K1ZA' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test' }).platformGstin).toBe(DEMO_PLATFORM_GSTIN);
    // A staging site (test payments) may leave it unset; a production site taking real money may not.
    expect(loadConfig(STAGING_ENV).platformGstin).toBeNull();
    expect(() => loadConfig({ ...PRODUCTION_ENV, PLATFORM_GSTIN: '' })).toThrow(/PLATFORM_GSTIN: production needs/);
  });
});
