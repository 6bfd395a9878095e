/**
 * Translated mails (locales/mail/<lang>.json), plain text and HTML from the same strings. Every value
 * put into the HTML is escaped; the strings are ours, the code and addresses are data.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_LANGUAGE_CODES, DEFAULT_LANGUAGE } from '@kyc/contracts';
import type { OutgoingMail } from './mailer.ts';

type Tree = { [key: string]: string | Tree };

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Reads and caches the mail strings of each language; an unknown language reads English. */
export function mailTexts(localesDir: string) {
  const cache = new Map<string, Tree>();
  const load = (lng: string): Tree => {
    const code = ALL_LANGUAGE_CODES.includes(lng) ? lng : DEFAULT_LANGUAGE;
    let tree = cache.get(code);
    if (!tree) {
      tree = JSON.parse(readFileSync(path.join(localesDir, 'mail', `${code}.json`), 'utf8')) as Tree;
      cache.set(code, tree);
    }
    return tree;
  };
  const t = (lng: string, key: string, values: Record<string, string> = {}): string => {
    let node: string | Tree | undefined = load(lng);
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`mail text ${key} missing in ${lng}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
  };
  const dir = (lng: string) => (lng === 'ar-SA' ? 'rtl' : 'ltr');

  return {
    t,
    /** The email code of a scene (30101 otp), or of a sign-in from an intercepted device (D80). */
    otp(lng: string, to: string, code: string, scene: number | 'signIn'): OutgoingMail {
      const action = t(lng, `otp.scenes.${scene}`);
      const lines = {
        greeting: t(lng, 'otp.greeting'),
        intro: t(lng, 'otp.intro', { action }),
        expiry: t(lng, 'otp.expiry'),
        warning: t(lng, 'otp.warning'),
        footer: t(lng, 'otp.footer'),
      };
      const subject = t(lng, 'otp.subject');
      const text = [
        lines.greeting,
        '',
        lines.intro,
        '',
        `    ${code}`,
        '',
        lines.expiry,
        lines.warning,
        '',
        lines.footer,
      ].join('\n');
      const html = `<!doctype html><html lang="${escapeHtml(lng)}" dir="${dir(lng)}"><body style="font-family:sans-serif;color:#121214">
<p>${escapeHtml(lines.greeting)}</p><p>${escapeHtml(lines.intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px" data-code>${escapeHtml(code)}</p>
<p>${escapeHtml(lines.expiry)}</p><p>${escapeHtml(lines.warning)}</p>
<p style="color:#71757a;font-size:12px">${escapeHtml(lines.footer)}</p></body></html>`;
      return { to, subject, text, html };
    },

    /** Identity-transfer notices (docs/identity-transfer.md): requested, cooling-off, completed. */
    transfer(
      lng: string,
      to: string,
      kind: 'requested' | 'coolingOff' | 'completed',
      values: Record<string, string>,
    ): OutgoingMail {
      const subject = t(lng, `transfer.${kind}.subject`);
      const body = t(lng, `transfer.${kind}.body`, values);
      const footer = t(lng, 'otp.footer');
      const text = [subject, '', body, '', footer].join('\n');
      const html = `<!doctype html><html lang="${escapeHtml(lng)}" dir="${dir(lng)}"><body style="font-family:sans-serif;color:#121214">
<h1 style="font-size:18px">${escapeHtml(subject)}</h1><p>${escapeHtml(body)}</p>
<p style="color:#71757a;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
      return { to, subject, text, html };
    },

    /**
     * Issue 18: compliance told that a true screening match froze an account (docs/screening.md
     * "Freeze"). No name or date of birth in it: mail is not where personal data travels; the link opens
     * the case (and its export) in the back office, behind the staff sign-in.
     */
    complianceFreeze(lng: string, to: string, values: Record<string, string>): OutgoingMail {
      const subject = t(lng, 'screening.freeze.subject', values);
      const lines = [
        t(lng, 'screening.freeze.body', values),
        t(lng, 'screening.freeze.hit', values),
        t(lng, 'screening.freeze.export', values),
      ];
      const footer = t(lng, 'screening.freeze.footer');
      const text = [subject, '', ...lines, '', values.caseUrl ?? '', '', footer].join('\n');
      const html = `<!doctype html><html lang="${escapeHtml(lng)}" dir="${dir(lng)}"><body style="font-family:sans-serif;color:#121214">
<h1 style="font-size:18px">${escapeHtml(subject)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(values.caseUrl ?? '')}">${escapeHtml(values.caseUrl ?? '')}</a></p>
<p style="color:#71757a;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
      return { to, subject, text, html };
    },
  };
}
export type MailTexts = ReturnType<typeof mailTexts>;
