import type { PayoutProvider } from './types.ts';

/**
 * The default payout provider: nothing is sent anywhere. The admin downloads the bank file (account, IFSC, amount,
 * reference), pays through the bank, and marks each payout paid with the bank's UTR; until then it is pending.
 */
export function createManualPayouts(): PayoutProvider {
  return {
    name: 'manual',
    async pay({ amountPaise }) {
      if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
        throw new Error(`payout amount must be a positive whole number of paise (got ${String(amountPaise)})`);
      }
      return { status: 'pending' };
    },
  };
}
