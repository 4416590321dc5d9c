import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { createManualPayouts } from './manual-payouts.ts';
import { razorpayGatewayFromConfig } from './razorpay.ts';
import { razorpayXFromConfig } from './razorpayx.ts';
import { createTestGateway } from './test-gateway.ts';
import type { PaymentGateway, PayoutProvider } from './types.ts';

/**
 * The payment gateway PAYMENT_PROVIDER names: `razorpay`, or `test` (the default when unset: the local checkout
 * page). Bank transfer is not a gateway; the intake flow offers it beside whichever gateway this is.
 */
export async function paymentGateway(config: Config, db: Db): Promise<PaymentGateway> {
  if (config.PAYMENT_PROVIDER === 'razorpay') return razorpayGatewayFromConfig(config);
  return createTestGateway({ db, secret: config.TEST_GATEWAY_SECRET, publicUrl: config.PUBLIC_URL });
}

/** Payouts: the admin's bank file and UTRs (`manual`, the default) or RazorpayX (PAYOUT_PROVIDER). */
export function payoutProvider(config: Config): PayoutProvider {
  return config.PAYOUT_PROVIDER === 'razorpayx' ? razorpayXFromConfig(config) : createManualPayouts();
}
