/**
 * What every vendor's simulator shares (docs/providers.md "The simulator"): the options it runs with,
 * the switches tests and demos use (drop webhooks, the log of what was sent), the sender of signed
 * webhooks back to the portal, and the hosted verification page. State lives in memory: a simulator is
 * a stand-in for a vendor, not a store of record.
 */
import { hostedPage, type HostedPageInput } from './hosted-page.ts';
import { readDocument, type DocumentMemory, type SimDocument } from './document-reading.ts';

export type SimVendor = 'sumsub' | 'onfido' | 'jumio';

export interface SimulatorOptions {
  /** Where browsers and the portal reach the simulator, e.g. http://localhost:8080/simulator. */
  publicBase: string;
  /** The portal's origin: webhooks go to `${portalOrigin}/webhooks/{vendor}`; hosted pages may be framed by it. */
  portalOrigin: string;
  sumsub?: { appToken: string; secretKey: string; webhookSecret: string };
  onfido?: { apiToken: string; webhookToken: string };
  jumio?: { clientId: string; clientSecret: string };
  /** Outbound HTTP for webhooks (tests inject one); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Directory of the hosted page's translations (locales/vendor-simulator). */
  localesDir?: string;
}

export interface SentWebhook {
  vendor: SimVendor;
  url: string;
  body: string;
  status: number | 'dropped' | 'failed';
  at: number;
}

/** Switches for tests and demos. */
export interface SimulatorControl {
  /** While true, webhooks of this vendor are recorded as 'dropped' and never sent (a lost webhook). */
  dropWebhooks: Record<SimVendor, boolean>;
  /** Every webhook the simulator sent or dropped, oldest first. */
  readonly sent: SentWebhook[];
  /** Resolves when every webhook sent so far has been answered. */
  settled(): Promise<void>;
}

export interface SimulatorContext {
  options: SimulatorOptions;
  control: SimulatorControl;
  /** Sends a webhook (or records it dropped); retried three times on a failure, like the vendors do. */
  sendWebhook(vendor: SimVendor, path: string, body: string, headers: Record<string, string>): void;
  hostedPage(input: HostedPageInput): string;
  /**
   * What the vendor "read" from the document, from the hosted page's document fields and scenario
   * (document-reading.ts; issue 19, D118); undefined when nothing was typed.
   */
  readDocument(body: Record<string, unknown> | undefined): SimDocument | undefined;
  now(): number;
}

export function createContext(options: SimulatorOptions): SimulatorContext {
  const doFetch = options.fetch ?? fetch;
  const pending = new Set<Promise<void>>();
  const control: SimulatorControl = {
    dropWebhooks: { sumsub: false, onfido: false, jumio: false },
    sent: [],
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };

  async function deliver(vendor: SimVendor, url: string, body: string, headers: Record<string, string>) {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        control.sent.push({ vendor, url, body, status: response.status, at: Date.now() });
        if (response.status < 500) return;
      } catch {
        control.sent.push({ vendor, url, body, status: 'failed', at: Date.now() });
      }
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }

  const documents: DocumentMemory = {};

  return {
    options,
    control,
    now: () => Date.now(),
    hostedPage: (input) => hostedPage(input, options),
    readDocument: (body) => readDocument(body, documents, Date.now()),
    sendWebhook(vendor, path, body, headers) {
      const url = `${options.portalOrigin}${path}`;
      if (control.dropWebhooks[vendor]) {
        control.sent.push({ vendor, url, body, status: 'dropped', at: Date.now() });
        return;
      }
      const sending = deliver(vendor, url, body, headers).finally(() => pending.delete(sending));
      pending.add(sending);
    },
  };
}

/**
 * What a test says the vendor read from the document (issue 19, D112): an object's string fields (at
 * most 100 characters each); undefined for anything else or an empty object.
 */
export function stringFields(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, field] of Object.entries(value))
    if (typeof field === 'string' && field.length <= 100) fields[key] = field;
  return Object.keys(fields).length > 0 ? fields : undefined;
}
