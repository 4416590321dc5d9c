import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buyers, taxDocuments } from '../src/db/schema/index.ts';
import { transaction } from '../src/lib/transaction.ts';
import { issueCreditNote } from '../src/modules/tax-documents/commands.ts';
import { b2clLimitPaise, type Gstr1, gstr1 } from '../src/modules/tax-documents/gstr1.ts';
import { DEMO_PLATFORM_GSTIN } from '../src/config.ts';
import { createProduct, makeGstin } from '../src/seed/factories.ts';
import { call, createBuyerSession } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';
import { useTestApp } from './helpers.ts';

const t = useTestApp();

type Itm = { itm_det: { txval: number; iamt: number; camt: number; samt: number } };
const sum = (items: Itm[], sign = 1) =>
  items.reduce(
    (s, i) => ({
      txval: s.txval + sign * Math.round(i.itm_det.txval * 100),
      tax: s.tax + sign * Math.round((i.itm_det.iamt + i.itm_det.camt + i.itm_det.samt) * 100),
    }),
    { txval: 0, tax: 0 },
  );
const add = (a: { txval: number; tax: number }, b: { txval: number; tax: number }) => ({
  txval: a.txval + b.txval,
  tax: a.tax + b.tax,
});

describe('GSTR-1 data', () => {
  it('puts B2B, B2C large and small, notes, HSN and documents issued in their tables, and the totals reconcile', async () => {
    const s = await tradeSetup(t.app, { gstPercentage: '18', hsnCode: '95030010', unit: 'piece' });
    const big = await createProduct(t.app.db, s.seller.manufacturer.id, {
      price: '20000.00',
      moq: 1,
      stock: 100,
      gstPercentage: '12',
      hsnCode: '84818090',
      unit: 'kg',
    });
    const unregistered = await createBuyerSession(t.app);
    await t.app.db.update(buyers).set({ gstNumber: null }).where(eq(buyers.id, unregistered.buyer.id));
    const ship = async (token: string, productId: string, qty: number, state: string) => {
      const { id } = (await placeOrder(t.app, token, s.seller.manufacturer.id, productId, qty, state)).json();
      await setStatus(t.app, s.seller.token, id, { status: 'processing' });
      const shipped = await setStatus(t.app, s.seller.token, id, {
        status: 'shipped',
        carrier: 'VRL',
        trackingNumber: 'V1',
        transport: { transporterName: 'VRL', mode: 'road', vehicleNumber: 'MH12AB1234', distanceKm: 600 },
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      return id as string;
    };
    // The registered buyer's place of supply is its GSTIN's state (IGST Act s.10(1)(b)): registered in
    // Maharashtra for the first order, in Karnataka for the second.
    const registeredIn = (code: string, state: string) =>
      t.app.db
        .update(buyers)
        .set({ gstNumber: makeGstin(code), state })
        .where(eq(buyers.id, s.buyer.buyer.id));
    await registeredIn('27', 'Maharashtra');
    const b2bIntra = await ship(s.buyer.token, s.product.id, 10, 'Maharashtra');
    await registeredIn('29', 'Karnataka');
    await ship(s.buyer.token, big.id, 2, 'Karnataka');
    await ship(unregistered.token, s.product.id, 20, 'Karnataka');
    const large = await ship(unregistered.token, big.id, 10, 'Gujarat');
    await ship(unregistered.token, s.product.id, 10, 'Maharashtra');
    await setStatus(t.app, s.seller.token, b2bIntra, { status: 'cancelled', reason: 'Returned' });
    await transaction(t.app.db, (tx) =>
      issueCreditNote(tx, { clock: () => new Date() }, { orderId: large, amountPaise: 11200_00, reason: 'Discount' }),
    );
    const dn = await call(t.app, 'POST', `/api/orders/${large}/debit-notes`, {
      token: s.seller.token,
      body: { amount: '500', reason: 'Freight recharged' },
    });
    expect(dn.statusCode).toBe(201);

    const ist = new Date(Date.now() + 330 * 60_000);
    const month = `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, '0')}`;
    const res = await call(t.app, 'GET', `/api/gst/gstr1?month=${month}`, { token: s.seller.token });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as Gstr1;
    expect(r.gstin).toBe('27AAPFU0939F1ZV');
    expect(r.fp).toBe(`${month.slice(5)}${month.slice(0, 4)}`);

    const b2bInv = r.b2b.flatMap((b) => b.inv as Array<{ inum: string; pos: string; itms: Itm[] }>);
    expect(b2bInv.map((i) => i.pos).sort()).toEqual(['27', '29']);
    expect(r.b2cl).toHaveLength(1);
    expect(r.b2cl[0]?.pos).toBe('24');
    expect(b2clLimitPaise(new Date())).toBe(100_000_00);
    expect(b2clLimitPaise(new Date('2024-07-15T00:00:00Z'))).toBe(250_000_00);
    expect(r.b2cs.map((x) => [x.sply_ty, x.pos, x.rt]).sort()).toEqual([
      ['INTER', '29', 18],
      ['INTRA', '27', 18],
    ]);
    expect(r.cdnr).toHaveLength(1);
    expect(r.cdnr[0]?.nt).toMatchObject([{ ntty: 'C', val: 1180 }]);
    expect(r.cdnur).toMatchObject([
      { ntty: 'C', typ: 'B2CL' },
      { ntty: 'D', typ: 'B2CL' },
    ]);

    // Reconcile with the documents issued this month.
    const docs = await t.app.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.manufacturerId, s.seller.manufacturer.id));
    const signed = (k: string) => (k === 'credit_note' ? -1 : 1);
    const expected = docs.reduce(
      (a, d) => ({
        txval: a.txval + signed(d.kind) * d.taxablePaise,
        tax: a.tax + signed(d.kind) * (d.cgstPaise + d.sgstPaise + d.igstPaise),
      }),
      { txval: 0, tax: 0 },
    );
    const tables = [
      sum(b2bInv.flatMap((i) => i.itms)),
      sum(r.b2cl.flatMap((b) => (b.inv as Array<{ itms: Itm[] }>).flatMap((i) => i.itms))),
      sum(r.b2cs.map((x) => ({ itm_det: x }))),
      ...r.cdnr.flatMap((c) =>
        (c.nt as Array<{ ntty: string; itms: Itm[] }>).map((n) => sum(n.itms, n.ntty === 'C' ? -1 : 1)),
      ),
      ...(r.cdnur as Array<{ ntty: string; itms: Itm[] }>).map((n) => sum(n.itms, n.ntty === 'C' ? -1 : 1)),
    ].reduce(add);
    expect(tables).toEqual(expected);
    const hsn = sum([...r.hsn.hsn_b2b, ...r.hsn.hsn_b2c].map((h) => ({ itm_det: h })));
    expect(hsn).toEqual(expected);
    // Every supply went through the platform: its GSTIN is the ECO GSTIN, and Table 14(a) holds the month net.
    const etins = [...b2bInv, ...r.b2cl.flatMap((b) => b.inv as Array<{ etin?: string }>)].map((i) =>
      'etin' in i ? i.etin : null,
    );
    expect(new Set(etins)).toEqual(new Set([DEMO_PLATFORM_GSTIN]));
    expect(r.b2cs.every((x) => x.typ === 'E' && x.etin === DEMO_PLATFORM_GSTIN)).toBe(true);
    expect(r.supeco?.clttx).toHaveLength(1);
    const eco = r.supeco?.clttx[0];
    expect(eco?.etin).toBe(DEMO_PLATFORM_GSTIN);
    expect(Math.round((eco?.suppval ?? 0) * 100)).toBe(expected.txval);
    expect(Math.round(((eco?.igst ?? 0) + (eco?.cgst ?? 0) + (eco?.sgst ?? 0)) * 100)).toBe(expected.tax);
    // Without the platform's GSTIN (production before PLATFORM_GSTIN is set) there are no e-commerce fields.
    const bare = await gstr1(t.app.db, s.seller.manufacturer.id, month, null);
    expect(bare.supeco).toBeUndefined();
    expect(JSON.stringify(bare)).not.toContain('etin');
    expect(bare.b2cs.every((x) => x.typ === 'OE')).toBe(true);
    // Invoice values of B2B and B2CL match their frozen totals.
    const invoices = docs.filter((d) => d.kind === 'invoice');
    expect(r.doc_issue.doc_det).toMatchObject([
      { doc_num: 1, docs: [{ totnum: invoices.length, cancel: 0 }] },
      { doc_num: 4, docs: [{ totnum: 1 }] },
      { doc_num: 5, docs: [{ totnum: 2 }] },
    ]);
    // The registered buyer's 95030010 was invoiced and credited in full this month: its row nets to zero and is
    // left out (issue 29).
    expect(r.hsn.hsn_b2b.map((h) => [h.hsn_sc, h.uqc]).sort()).toEqual([['84818090', 'KGS']]);

    const csv = await call(t.app, 'GET', `/api/gst/gstr1?month=${month}&format=csv`, { token: s.seller.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('# b2cl');
    expect(csv.body).toContain('"24-Gujarat"');
    expect(csv.body).toContain('# eco');
    expect(csv.body).toContain(`"Liable to collect tax u/s 52(TCS)","${DEMO_PLATFORM_GSTIN}"`);
    expect(csv.body).toMatch(new RegExp(`"E","29-Karnataka",18,[0-9.]+,0,"${DEMO_PLATFORM_GSTIN}"`));
    const bad = await call(t.app, 'GET', '/api/gst/gstr1?month=2026-13', { token: s.seller.token });
    expect(bad.statusCode).toBe(400);
    const other = await tradeSetup(t.app);
    const empty = (await call(t.app, 'GET', `/api/gst/gstr1?month=${month}`, { token: other.seller.token })).json();
    expect(empty.b2b).toEqual([]);
  });
});
