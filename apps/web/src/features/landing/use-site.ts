import type { SiteSettings } from '@ub/shared';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

let pending: Promise<SiteSettings> | undefined;

/**
 * Contact details and social links from GET /api/site, fetched once per page load. Undefined until they arrive
 * (or if the call fails, when the contact lines are simply not shown rather than showing stale literals).
 */
export function useSite(): SiteSettings | undefined {
  const [site, setSite] = useState<SiteSettings>();
  useEffect(() => {
    let live = true;
    pending ??= api<SiteSettings>('/site', { anonymous: true }).catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    pending.then((s) => live && setSite(s)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return site;
}

/** A phone number as a tel: link (digits and the leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
