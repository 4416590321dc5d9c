import { compiledCatalogues } from '@ub/shared/i18n/catalogues';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCatalogue, i18n } from '../lib/i18n.tsx';
import { timelineNote } from './order-summary.tsx';

describe('an order timeline says the notes the server writes in the reader language', () => {
  const catalogues = compiledCatalogues();
  const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
  afterEach(() => applyCatalogue({ lang: 'en', messages: catalogues.en }));

  it('says the shipping note in Hindi with the carrier and tracking number as typed', () => {
    const note = 'Shipped with Delhivery, tracking number DEL4235970079';
    applyCatalogue({ lang: 'en', messages: catalogues.en });
    expect(timelineNote(t, note)).toBe(note);
    applyCatalogue({ lang: 'hi', messages: catalogues.hi });
    expect(timelineNote(t, note)).toBe('Delhivery से भेजा गया, ट्रैकिंग नंबर DEL4235970079');
    expect(timelineNote(t, 'Order placed')).toBe(i18n._('common.timeline.placed'));
    // A reason a person typed stays as written.
    expect(timelineNote(t, 'Buyer asked to cancel')).toBe('Buyer asked to cancel');
  });
});
