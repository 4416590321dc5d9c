import { compiledCatalogues } from '@ub/shared/i18n/catalogues';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCatalogue, completeCatalogue, i18n } from './i18n.tsx';

describe('completeCatalogue', () => {
  const en = compiledCatalogues().en;
  afterEach(() => {
    vi.unstubAllGlobals();
    applyCatalogue({ lang: 'en', messages: en });
  });

  it('fetches the whole catalogue once when the page brought only the public part', async () => {
    applyCatalogue({ lang: 'en', messages: { 'common.or': en['common.or'] ?? 'or' }, partial: true });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ lang: 'en', messages: en })));
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([completeCatalogue(), completeCatalogue()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/i18n/en');
    expect(i18n._('titles.payments')).toBe('Payments');
    // Now whole: nothing more to fetch.
    expect(completeCatalogue()).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the catalogue is whole already', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(completeCatalogue()).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('dates in the page language', () => {
  afterEach(() => {
    document.documentElement.lang = 'en-IN';
  });

  it('writes dates in Hindi on a Hindi page and in Indian English otherwise, money unchanged', async () => {
    const { formatDate, formatInr } = await import('@ub/shared/format');
    document.documentElement.lang = 'en-IN';
    expect(formatDate('2026-11-25')).toBe('25 Nov 2026');
    document.documentElement.lang = 'hi-IN';
    expect(formatDate('2026-11-25')).toMatch(/^25 नव/);
    expect(formatInr(123456.5)).toBe('₹1,23,456.50');
    document.documentElement.lang = 'en-x-pseudo';
    expect(formatDate('2026-11-25')).toBe('25 Nov 2026');
  });
});
