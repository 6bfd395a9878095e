/**
 * The configured vendors' adapters, created once by the composition root. A vendor without credentials
 * has no adapter, and routing never sends a person to it (docs/providers.md "Routing").
 */
import type { VerificationProvider, VendorName } from './provider.ts';
import type { ProviderConfig } from './settings.ts';
import { vendorHttp } from './vendor-http.ts';
import { createSumsubProvider } from './sumsub/sumsub-provider.ts';
import { createOnfidoProvider } from './onfido/onfido-provider.ts';
import { createJumioProvider } from './jumio/jumio-provider.ts';

export interface ProviderOptions {
  /** Injected in tests (a simulator's fetch); the global fetch otherwise. */
  fetch?: typeof fetch;
  now?: () => number;
  /** Adapters that replace the configured ones (tests of the domain with a scripted vendor). */
  adapters?: Partial<Record<VendorName, VerificationProvider>>;
}

export function createProviders(
  config: ProviderConfig,
  options: ProviderOptions = {},
): Partial<Record<VendorName, VerificationProvider>> {
  const now = options.now ?? Date.now;
  const http = (vendor: VendorName) =>
    vendorHttp({ vendor, timeoutMs: config.httpTimeoutMs, fetch: options.fetch });
  const providers: Partial<Record<VendorName, VerificationProvider>> = {};
  if (config.sumsub) providers.sumsub = createSumsubProvider(config.sumsub, http('sumsub'), now);
  if (config.onfido) providers.onfido = createOnfidoProvider(config.onfido, http('onfido'), now);
  if (config.jumio) providers.jumio = createJumioProvider(config.jumio, http('jumio'), now);
  return { ...providers, ...options.adapters };
}
