import { labelOf } from '@ub/shared';
import type { TFunction } from '../lib/i18n.tsx';

/** The groups of the `status` catalogue: one per kind of status the product shows. */
export type StatusGroup =
  | 'order'
  | 'orderTab'
  | 'payment'
  | 'paymentTab'
  | 'rfq'
  | 'offer'
  | 'requirement'
  | 'requirementQuote'
  | 'moderation'
  | 'manufacturer'
  | 'buyer'
  | 'dispute'
  | 'stock'
  | 'taxDocument';

/**
 * A status value in the reader's language (`status.<group>.<value>`); a value the catalogue does not know is shown
 * capitalised, as `labelOf` shows it, rather than as a message id.
 */
export function statusLabel(t: TFunction, group: StatusGroup, value: string): string {
  const id = `status.${group}.${value}`;
  const text = t(id);
  return text === id ? labelOf({}, value) : text;
}
