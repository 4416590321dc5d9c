import { type ManufacturerStatus, type SellerAction, sellerMay, sellerRefusal } from '@ub/shared';
import { forbidden } from '../../lib/errors.ts';

/**
 * Refuses (403, saying what the account can still do) an action the seller's account status does not allow. The
 * policy itself is in packages/shared (seller-status.ts), so the seller app's banner reads the same words.
 */
export function assertSellerMay(status: ManufacturerStatus | null | undefined, action: SellerAction): void {
  if (!sellerMay(status, action)) throw forbidden(sellerRefusal(status));
}
