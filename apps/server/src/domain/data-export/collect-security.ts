/**
 * data/partners.json and data/security.json of a person's copy (docs/data-export.md "What is in it"):
 * the partners they allowed and what each was sent; their sign-ins, sessions, security verifications
 * (named by scene), authenticator app and identity transfers. No secret (D75): no session id, code
 * hash or authenticator secret.
 */
import { SECURITY_SCENES } from '@kyc/contracts';
import { iso, type PersonSources } from './collect-format.ts';

/** A partner delivery's body as sent (JSON); kept as text if it ever is not. */
function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** The scene codes by name, so the security log says what each verification was for. */
const SCENE_NAMES = new Map<number, string>(
  Object.entries(SECURITY_SCENES).map(([name, code]) => [code, name]),
);

export async function partnersOf({ repos, userId }: PersonSources) {
  const src = repos.dataExportSources;
  return {
    links: (await src.partnerLinks(userId)).map((l) => ({
      partner: l.business_id,
      partnerName: l.business_name,
      yourReferenceAtPartner: l.partner_ref,
      consentVersion: l.consent_version,
      consentedAt: iso(l.consented_at),
      revokedAt: iso(l.revoked_at),
      revokedBy: l.revoked_by,
    })),
    notifications: (await src.partnerNotifications(userId)).map((n) => ({
      partner: n.business_id,
      partnerName: n.business_name,
      event: n.event_type,
      status: n.status,
      createdAt: iso(n.created_at),
      deliveredAt: iso(n.delivered_at),
      sent: parsedBody(n.body),
    })),
  };
}

export async function securityOf({ repos, userId }: PersonSources) {
  const src = repos.dataExportSources;
  const authenticator = await src.authenticator(userId);
  return {
    events: (await src.securityEvents(userId)).map((e) => ({
      kind: e.kind,
      at: iso(e.at),
      network: e.network,
      browser: e.browser,
      system: e.system,
    })),
    sessions: (await src.sessions(userId)).map((s) => ({
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
    })),
    authenticatorApp: authenticator
      ? { addedAt: iso(authenticator.created_at), enabledAt: iso(authenticator.enabled_at) }
      : null,
    securityVerifications: (await src.securityVerifications(userId)).map((v) => ({
      scene: Number(v.scene),
      for: SCENE_NAMES.get(Number(v.scene)) ?? null,
      status: v.status,
      at: iso(v.created_at),
    })),
    identityTransfers: (await src.identityTransfers(userId)).map((t) => ({
      yourSide: Number(t.source_user_id) === userId ? 'source' : 'target',
      status: t.status,
      level: Number(t.source_level),
      targetConsentedAt: iso(t.target_consent_at),
      sourceConsentedAt: iso(t.source_consent_at),
      coolingOffUntil: iso(t.cooling_off_until),
      rejectReason: t.reject_reason,
      createdAt: iso(t.created_at),
      completedAt: iso(t.completed_at),
    })),
  };
}
