import { describe, expect, it } from 'vitest';
import { computeBreakdown } from '../src/modules/money/escrow.ts';

const rates = { gst_on_commission: 180_000, tcs_cgst: 2_500, tcs_sgst: 2_500, tcs_igst: 5_000, tds_194o: 10_000 };

describe('computeBreakdown', () => {
  it('takes TDS s.194-O on the taxable value, GST shown separately is not part of it (CBDT Circular 17/2020)', () => {
    // ₹1,00,000 of goods + 18 % GST = ₹1,18,000 captured and held.
    const b = computeBreakdown({
      heldPaise: 11_800_000,
      capturedPaise: 11_800_000,
      items: [{ taxablePaise: 10_000_000, commissionPpm: 50_000 }],
      rates,
      interState: true,
    });
    expect(b.taxablePaise).toBe(10_000_000);
    expect(b.commissionPaise).toBe(500_000);
    expect(b.gstOnCommissionPaise).toBe(90_000);
    expect(b.tcsPaise).toBe(50_000);
    expect(b.tdsPaise).toBe(100_000); // 1 % of ₹1,00,000, not of ₹1,18,000
    expect(b.netPaise).toBe(11_800_000 - 500_000 - 90_000 - 50_000 - 100_000);
  });

  it('takes TDS on the taxable value net of returns, the same base as TCS', () => {
    // A quarter of the order was refunded before release: what is held and its taxable value scale together.
    const b = computeBreakdown({
      heldPaise: 8_850_000,
      capturedPaise: 11_800_000,
      items: [{ taxablePaise: 10_000_000, commissionPpm: 50_000 }],
      rates: { ...rates, tds_194o: 1_000 },
      interState: false,
    });
    expect(b.taxablePaise).toBe(7_500_000);
    expect(b.tcsPaise).toBe(18_750 + 18_750);
    expect(b.tdsPaise).toBe(7_500); // 0.1 % of ₹75,000
  });
});
