import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, catalogQuery, productIdOf, productPath, productSlug } from './catalog.ts';

const id = '0190a3c2-7b1e-7c4d-9f00-123456789abc';

describe('product addresses', () => {
  it('makes a readable slug and finds the id before it', () => {
    expect(productSlug('Jute Gift Bags (Pack of 50) — ₹1,650')).toBe('jute-gift-bags-pack-of-50-1-650');
    expect(productPath({ id, name: 'Wooden Toy Car' })).toBe(`/products/${id}-wooden-toy-car`);
    expect(productPath({ id, name: '中文' })).toBe(`/products/${id}`);
    expect(productIdOf(`${id}-wooden-toy-car`)).toBe(id);
    expect(productIdOf(id.toUpperCase())).toBe(id);
    expect(productIdOf('wooden-toy-car')).toBeNull();
    expect(productIdOf(`${id}x`)).toBeNull();
  });
});

describe('catalogQuery', () => {
  it('reads empty form fields as absent and verified as a flag', () => {
    const q = catalogQuery.parse({ q: '', category: '', minPrice: '', maxMoq: '', verified: 'true', page: '' });
    expect(q).toMatchObject({ q: undefined, category: undefined, minPrice: undefined, verified: true, page: 1 });
    expect(catalogQuery.parse({}).verified).toBe(false);
  });

  it('names the field of each bad value', () => {
    const r = catalogQuery.safeParse({ minPrice: '12.345', maxMoq: '1.5', sort: 'cheap' });
    expect(r.success).toBe(false);
    const issues = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(issues).toEqual({
      minPrice: CATALOG_MESSAGES.price,
      maxMoq: CATALOG_MESSAGES.moq,
      sort: CATALOG_MESSAGES.sort,
    });
  });
});
