/**
 * A real SMTP server (the `smtp-server` package) started on a free port before the tests of the file that
 * calls `useSmtpInbox()` and closed after them; every message is parsed (`mailparser`) and kept, so a
 * test reads the code or the notice it was sent, as a person or compliance would.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpInbox {
  /** Every message received so far, oldest first. */
  readonly mails: Mail[];
  /** SMTP_URL of the server (read inside tests and hooks: the port is known once it listens). */
  readonly url: string;
  /** While on, every recipient is refused (a mailbox unavailable): how a test makes SMTP fail. */
  refuseRecipients(on: boolean): void;
}

export function useSmtpInbox(): SmtpInbox {
  const mails: Mail[] = [];
  let smtp: SMTPServer | undefined;
  let port = 0;
  let refusing = false;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo(_address, _session, callback) {
        callback(refusing ? new Error('mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address).join(','),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    const server = smtp;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve())));
  return {
    mails,
    refuseRecipients(on) {
      refusing = on;
    },
    get url() {
      if (!port) throw new Error('the SMTP inbox is read before it listens');
      return `smtp://127.0.0.1:${port}`;
    },
  };
}
