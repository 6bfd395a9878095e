/** The compliance configuration object of the hosting page (spec §3); its fields are the host's. */
export type ComplianceConfig = Record<string, unknown>;

/**
 * spec §3, §4: the compliance configuration supplied by the hosting page. It starts as
 * window.__COMPLIANCE_CONFIG__ (absent or not an object: empty) and changes when the page publishes a
 * new one, either through `publish` or by dispatching a `kyc:compliance-config` CustomEvent on window
 * whose detail is the new object (for hosting pages that share no code with us). The app subscribes once
 * a user id exists and tells it the account's sub_attribute (spec §4).
 */
export const COMPLIANCE_CONFIG_EVENT = 'kyc:compliance-config';

export interface ComplianceConfigSource {
  get(): ComplianceConfig;
  /** Calls `listener` with every later configuration; returns the unsubscribe function. */
  subscribe(listener: (config: ComplianceConfig) => void): () => void;
  publish(config: ComplianceConfig): void;
  /** spec §4: the account's sub_attribute, passed to the compliance configuration. */
  setSubAttribute(subAttribute: string): void;
}

declare global {
  interface Window {
    __COMPLIANCE_CONFIG__?: ComplianceConfig;
  }
  interface WindowEventMap {
    [COMPLIANCE_CONFIG_EVENT]: CustomEvent<unknown>;
  }
}

function asConfig(value: unknown): ComplianceConfig | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as ComplianceConfig)
    : null;
}

export function createComplianceConfigSource(
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): ComplianceConfigSource {
  let config: ComplianceConfig = { ...asConfig(win?.__COMPLIANCE_CONFIG__) };
  const listeners = new Set<(config: ComplianceConfig) => void>();

  const publish = (next: ComplianceConfig) => {
    config = next;
    for (const listener of [...listeners]) listener(config);
  };

  win?.addEventListener(COMPLIANCE_CONFIG_EVENT, (event) => {
    const next = asConfig(event.detail);
    if (next) publish({ ...next, ...subAttributeOf(config) });
  });

  return {
    get: () => config,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish,
    setSubAttribute(subAttribute) {
      if (config.sub_attribute === subAttribute) return;
      publish({ ...config, sub_attribute: subAttribute });
    },
  };
}

/** A configuration replaced by the hosting page keeps the sub_attribute the app set. */
function subAttributeOf(config: ComplianceConfig): ComplianceConfig {
  return 'sub_attribute' in config ? { sub_attribute: config.sub_attribute } : {};
}

let pageSource: ComplianceConfigSource | undefined;

/** The page's one source, created on first use. */
export function complianceConfigSource(): ComplianceConfigSource {
  pageSource ??= createComplianceConfigSource();
  return pageSource;
}

/** Tests only: start over with a fresh source (reading window.__COMPLIANCE_CONFIG__ again). */
export function resetComplianceConfigSourceForTests(): void {
  pageSource = undefined;
}
