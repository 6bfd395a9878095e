/**
 * Outgoing mail (issue 15, D52): nodemailer over SMTP_URL; with no SMTP_URL outside production the mail
 * is kept in the development mailbox (table dev_mailbox, page /dev/mailbox) so that `npm start` works
 * alone. Production refuses to start without SMTP_URL (config.ts), so the mailbox never holds real mail.
 */
import nodemailer from 'nodemailer';
import type { SecurityVerificationRepo } from '../../data/repositories/security-verification-repo.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' or 'dev-mailbox': where mail goes. */
  readonly kind: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}

export function devMailbox(repo: SecurityVerificationRepo, now: () => number = Date.now): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      await repo.keepMail(mail, now());
    },
  };
}
