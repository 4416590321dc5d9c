import { describe, expect, it } from 'vitest';
import {
  approvalBlocker,
  changesNeedingReview,
  describeReviewedChanges,
  priceNeedsReview,
  priceReviewBand,
  type ReviewedProduct,
} from './product-review.ts';

const approved: ReviewedProduct = {
  name: 'Wooden Stacking Rings',
  description: 'Seven rings',
  category: 'toys',
  subCategory: null,
  brand: 'Sharma Toys',
  unit: 'piece',
  hsn_code: '9503',
  gst_percentage: 5,
  price: '120.00',
  approved_price: '100.00',
};
const same = {
  name: approved.name,
  description: approved.description,
  category: 'toys',
  subCategory: undefined,
  brand: 'Sharma Toys',
  unit: 'piece',
  hsn_code: '9503',
  gst_percentage: 5,
  price: 120,
};

describe('what an edit of an approved product sends back for review', () => {
  it('guards prices beyond double or below half of the approved price, exactly in paise', () => {
    expect(priceNeedsReview('100.00', 200)).toBe(false);
    expect(priceNeedsReview('100.00', 200.01)).toBe(true);
    expect(priceNeedsReview('100.00', 50)).toBe(false);
    expect(priceNeedsReview('100.00', 49.99)).toBe(true);
    expect(priceNeedsReview('0.01', 0.02)).toBe(false);
    expect(priceNeedsReview('0.01', 0.03)).toBe(true);
    expect(priceNeedsReview('99999999.99', 199999999.98)).toBe(false);
    expect(priceReviewBand('100.00')).toEqual({ min: 50, max: 200 });
    expect(priceReviewBand('0.05')).toEqual({ min: 0.03, max: 0.1 });
    expect(priceNeedsReview('0.05', 0.03)).toBe(false);
    expect(priceNeedsReview('0.05', 0.02)).toBe(true);
  });

  it('finds nothing when only unreviewed things or nothing changed (blank and missing alike)', () => {
    expect(changesNeedingReview(approved, same, false)).toEqual([]);
    expect(changesNeedingReview({ ...approved, gst_percentage: 18 }, { ...same, gst_percentage: 18.0 }, false)).toEqual(
      [],
    );
  });

  it('names each reviewed change, measuring the price against the approved one', () => {
    expect(
      changesNeedingReview(
        approved,
        { ...same, name: 'Prohibited item', brand: undefined, gst_percentage: 18, price: 99_999 },
        true,
      ),
    ).toEqual(['name', 'brand', 'gst_percentage', 'price', 'images']);
    // 201 is within double of the current 120 but not of the approved 100.
    expect(changesNeedingReview(approved, { ...same, price: 201 }, false)).toEqual(['price']);
    expect(changesNeedingReview({ ...approved, approved_price: null }, { ...same, price: 240 }, false)).toEqual([]);
    expect(describeReviewedChanges(['name', 'hsn_code', 'images'])).toBe('name, HSN code and images');
    expect(describeReviewedChanges(['price'])).toBe('price');
    expect(describeReviewedChanges(['name', 'images'], 'or')).toBe('name or images');
  });

  it('blocks approval without a well-formed HSN code or without a GST rate (0 % is a rate)', () => {
    expect(approvalBlocker({ hsn_code: '9503', gst_percentage: 0 })).toBeNull();
    expect(approvalBlocker({ hsn_code: '95030010', gst_percentage: '18.00' })).toBeNull();
    expect(approvalBlocker({ hsn_code: '950', gst_percentage: 18 })).toMatch(/needs an HSN code before/);
    expect(approvalBlocker({ hsn_code: null, gst_percentage: null }, 'activated')).toBe(
      'This product needs an HSN code and a GST rate before it can be activated. Flag it (Request Edit) to ask the seller for them.',
    );
  });
});
