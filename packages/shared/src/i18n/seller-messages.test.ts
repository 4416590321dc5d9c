import { describe, expect, it } from 'vitest';
import { CONTACT_FAILED } from '../schemas/notifications.ts';
import { DOCUMENT_MESSAGES } from '../schemas/documents.ts';
import { BULK_MESSAGES, PRODUCT_MESSAGES, productSchema } from '../schemas/product.ts';
import { taxSettingsSchema } from '../tax-documents.ts';
import { compiledCatalogues } from './catalogues.ts';
import { ENGLISH_KEYED_NAMESPACES, englishIndex, translateEnglish } from './match.ts';

/**
 * The seller's product, bulk upload, document, contact and GST-settings screens show these shared English
 * messages as they come (zod, the server's errors): each must be a catalogued English message, so Hindi says it.
 */
const all = compiledCatalogues();
const keyed = Object.fromEntries(
  Object.entries(all.en).filter(([id]) => ENGLISH_KEYED_NAMESPACES.some((ns) => id.startsWith(`${ns}.`))),
);
const index = englishIndex(keyed);
const hindi = (text: string) =>
  translateEnglish(index, text, (id, values) => {
    const m = all.hi[id];
    if (typeof m === 'string') return m;
    return (m ?? []).map((p) => (typeof p === 'string' ? p : String(values[p[0]] ?? ''))).join('');
  });

const messages: string[] = [
  ...Object.values(PRODUCT_MESSAGES).map((m) => (typeof m === 'function' ? m('chair.png') : m)),
  ...Object.entries(BULK_MESSAGES)
    .filter(([key]) => key !== 'success' && key !== 'failed' && key !== 'complete')
    .map(([, m]) => (typeof m === 'function' ? (m as (...a: unknown[]) => string)(3, 4) : m)),
  ...['tooLarge', 'badType', 'unreadable', 'tooManyPixels'].map((k) =>
    (DOCUMENT_MESSAGES[k as 'tooLarge'] as (n: string) => string)('pan.pdf'),
  ),
  DOCUMENT_MESSAGES.kind,
  DOCUMENT_MESSAGES.missing,
  DOCUMENT_MESSAGES.tooMany,
  CONTACT_FAILED,
];

describe("the seller screens' shared English messages", () => {
  it.each(messages.filter((m) => m !== PRODUCT_MESSAGES.deleteConfirm('chair.png')))('"%s" is said in Hindi', (m) => {
    expect(hindi(m)).not.toBe(m);
    expect(hindi(m)).toMatch(/[\u0900-\u097F]/);
  });

  it('says the product form’s zod messages in Hindi, with the file name kept', () => {
    const result = productSchema.safeParse({ name: '', description: '', sku: '', price: '0', moq: '0', stock: '-1' });
    expect(result.success).toBe(false);
    for (const issue of result.error?.issues ?? []) expect(hindi(issue.message)).toMatch(/[\u0900-\u097F]/);
    expect(hindi(PRODUCT_MESSAGES.imageType('chair.png'))).toContain('"chair.png"');
  });

  it('says the GST prefix rules in Hindi, the field named in Hindi too', () => {
    const result = taxSettingsSchema.safeParse({
      invoicePrefix: 'in v',
      creditNotePrefix: 'IN V',
      debitNotePrefix: '',
      einvoiceApplies: false,
    });
    const said = (result.error?.issues ?? []).map((i) => hindi(i.message));
    expect(said.length).toBeGreaterThan(0);
    for (const s of said) expect(s).not.toMatch(/prefix|Use a/);
  });
});
