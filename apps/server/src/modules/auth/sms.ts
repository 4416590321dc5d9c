import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface SmsMessage {
  /** 10-digit Indian mobile number, without +91. */
  to: string;
  body: string;
  /** Values for a provider's registered (DLT) template, e.g. the OTP. */
  vars?: Record<string, string>;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Development provider: every message is one JSON log line with event "sms.sent", so the code can be read. */
export function logSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send({ to, body }) {
      log.info({ event: 'sms.sent', to, body }, 'sms sent');
    },
  };
}

/** MSG91 Flow API; India requires a DLT-registered template, whose id is MSG91_TEMPLATE_ID. */
export function msg91SmsProvider(authKey: string, templateId: string, log: FastifyBaseLogger): SmsProvider {
  return {
    async send({ to, vars }) {
      const res = await fetch('https://control.msg91.com/api/v5/flow', {
        method: 'POST',
        headers: { authkey: authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: templateId,
          short_url: '0',
          recipients: [{ mobiles: `91${to}`, ...vars }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        log.error({ event: 'sms.failed', status: res.status }, 'MSG91 refused the message');
        throw new Error(`SMS provider answered ${res.status}`);
      }
      log.info({ event: 'sms.sent', provider: 'msg91', to }, 'sms sent');
    },
  };
}

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'msg91' && config.MSG91_AUTH_KEY && config.MSG91_TEMPLATE_ID) {
    return msg91SmsProvider(config.MSG91_AUTH_KEY, config.MSG91_TEMPLATE_ID, log);
  }
  return logSmsProvider(log);
}
