import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { t } from '../../lib/i18n.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Development mailer: every e-mail is one JSON log line with event "email.sent", like the SMS log provider. */
export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send({ to, subject, text }) {
      log.info({ event: 'email.sent', to, subject, text }, 'email sent');
    },
  };
}

/** Sends through the SMTP server of SMTP_URL (nodemailer); the log line omits the body. */
export function smtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send({ to, subject, text }) {
      const info = await transport.sendMail({ from, to, subject, text });
      log.info({ event: 'email.sent', provider: 'smtp', to, subject, messageId: info.messageId }, 'email sent');
    },
  };
}

/**
 * Every e-mail of a staging site taking test payments says so: the subject starts with "[Test payments]" and the
 * text with a line saying no real money moved (English: the notice is for the people testing the site).
 */
export function announcingTestPayments(mailer: Mailer): Mailer {
  return {
    send: ({ to, subject, text }) =>
      mailer.send({
        to,
        subject: `[${t('en', 'common.testPayments.subjectTag')}] ${subject}`,
        text: `${t('en', 'common.testPayments.email')}\n\n${text}`,
      }),
  };
}

/** SMTP_URL's mail server, else the log (development; production only with ALLOW_LOGGED_EMAIL_IN_PRODUCTION). */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM, log) : logMailer(log);
  return config.announceTestPayments ? announcingTestPayments(mailer) : mailer;
}

/** The job that sends one e-mail (jobs/definitions.ts). */
export const SEND_EMAIL = 'email.send';

/**
 * Queues an e-mail in `db` (the transaction of the change it reports, where there is one); the job retries a
 * failing mail server with backoff, and the e-mail is lost neither to a restart nor to an error.
 */
export async function enqueueEmail(db: Db, message: MailMessage, uniqueKey?: string): Promise<void> {
  await enqueue(db, SEND_EMAIL, { ...message }, { maxAttempts: 6, uniqueKey });
}
