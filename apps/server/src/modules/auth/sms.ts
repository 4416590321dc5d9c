import { DEFAULT_LANGUAGE, type Language } from '@ub/shared/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface SmsMessage {
  /** 10-digit Indian mobile number, without +91. */
  to: string;
  /** The text in the recipient's language (what the log provider shows; MSG91 sends its registered template). */
  body: string;
  /** The recipient's language: MSG91 picks the DLT template registered for it. */
  lang: Language;
  /** Values for a provider's registered (DLT) template, e.g. the OTP. */
  vars?: Record<string, string>;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Development provider: every message is one JSON log line with event "sms.sent", so the code can be read. */
export function logSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send({ to, body, lang }) {
      log.info({ event: 'sms.sent', to, lang, body }, 'sms sent');
    },
  };
}

/** The DLT template id of each language; English's is required, the others optional. */
export type Msg91Templates = { en: string } & Partial<Record<Language, string>>;

/** The MSG91 templates of the configuration: MSG91_TEMPLATE_ID for English, MSG91_TEMPLATE_ID_<LANG> for the others. */
export function msg91Templates(config: Config): Msg91Templates | undefined {
  if (!config.MSG91_TEMPLATE_ID) return undefined;
  return {
    en: config.MSG91_TEMPLATE_ID,
    ...(config.MSG91_TEMPLATE_ID_HI ? { hi: config.MSG91_TEMPLATE_ID_HI } : {}),
    ...(config.MSG91_TEMPLATE_ID_MR ? { mr: config.MSG91_TEMPLATE_ID_MR } : {}),
  };
}

export const MSG91_FLOW_URL = 'https://control.msg91.com/api/v5/flow';

/**
 * MSG91 Flow API. India requires a DLT-registered template, one per language (the text is fixed at registration,
 * only its variables are sent); a language without its own template gets the English one, logged once per language.
 */
export function msg91SmsProvider(
  authKey: string,
  templates: Msg91Templates,
  log: FastifyBaseLogger,
  url = MSG91_FLOW_URL,
): SmsProvider {
  const warned = new Set<Language>();
  const templateFor = (lang: Language): string => {
    const own = templates[lang];
    if (own) return own;
    if (lang !== DEFAULT_LANGUAGE && !warned.has(lang)) {
      warned.add(lang);
      log.warn(
        { event: 'sms.template_fallback', lang },
        `no MSG91 DLT template for ${lang}: sending the English template`,
      );
    }
    return templates.en;
  };
  return {
    async send({ to, vars, lang }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authkey: authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: templateFor(lang),
          short_url: '0',
          recipients: [{ mobiles: `91${to}`, ...vars }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        log.error({ event: 'sms.failed', status: res.status }, 'MSG91 refused the message');
        throw new Error(`SMS provider answered ${res.status}`);
      }
      log.info({ event: 'sms.sent', provider: 'msg91', to, lang }, 'sms sent');
    },
  };
}

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  const templates = msg91Templates(config);
  if (config.SMS_PROVIDER === 'msg91' && config.MSG91_AUTH_KEY && templates) {
    return msg91SmsProvider(config.MSG91_AUTH_KEY, templates, log);
  }
  return logSmsProvider(log);
}
