import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayInIndia } from './format.ts';
import { orderStatusChangeSchema, rfqCreateSchema } from './schemas/trade.ts';

const rfq = (deadline: string) => ({
  manufacturerId: '00000000-0000-4000-8000-000000000000',
  productName: 'Puzzle',
  quantity: 10,
  deadline,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('dates that must not be in the past', () => {
  it("reads today's date in India, which starts 5 h 30 min before UTC's", () => {
    expect(todayInIndia(new Date('2030-06-30T18:29:59Z'))).toBe('2030-06-30');
    expect(todayInIndia(new Date('2030-06-30T18:30:00Z'))).toBe('2030-07-01');
  });

  it('refuses an RFQ deadline before today in India, and accepts today', () => {
    // 20:00 UTC on 30 June is already 1 July in India.
    vi.useFakeTimers({ now: new Date('2030-06-30T20:00:00Z'), toFake: ['Date'] });
    const past = rfqCreateSchema.safeParse(rfq('2030-06-30'));
    expect(past.success).toBe(false);
    expect(past.error?.issues).toEqual([
      expect.objectContaining({ path: ['deadline'], message: 'The deadline cannot be before today.' }),
    ]);
    expect(rfqCreateSchema.safeParse(rfq('2030-07-01')).success).toBe(true);
    expect(rfqCreateSchema.safeParse(rfq('2031-01-01')).success).toBe(true);
  });

  it('refuses an estimated delivery before today when an order ships', () => {
    vi.useFakeTimers({ now: new Date('2030-06-30T20:00:00Z'), toFake: ['Date'] });
    const ship = (estimatedDelivery: string) =>
      orderStatusChangeSchema.safeParse({
        status: 'shipped',
        carrier: 'Delhivery',
        trackingNumber: 'X1',
        estimatedDelivery,
      });
    const past = ship('2030-06-30');
    expect(past.error?.issues).toEqual([
      expect.objectContaining({
        path: ['estimatedDelivery'],
        message: 'The estimated delivery cannot be before today.',
      }),
    ]);
    expect(ship('2030-07-01').success).toBe(true);
  });
});
