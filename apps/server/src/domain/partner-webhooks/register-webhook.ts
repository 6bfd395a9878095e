/**
 * A partner's webhook in the back office (admin only, `manage_partners`): read it, register or change
 * its URL and enabled flag, and rotate its secret. The first registration always makes a secret. A new
 * secret is answered once and never written to the audit log or the logs: only its fingerprint is. Every
 * change is one transaction ending with its audit entry (before and after).
 */
import {
  partnerWebhookPut,
  type PartnerWebhookAnswer,
  type PartnerWebhookEntry,
  type PartnerWebhookPut,
  type PartnerWebhookSaved,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { PartnerWebhookRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { checkedWebhookUrl } from './webhook-rules.ts';
import { newWebhookSecret, sealWebhookSecret, webhookSecretFingerprint } from './webhook-secrets.ts';

export function webhookEntryOf(row: PartnerWebhookRow): PartnerWebhookEntry {
  return {
    businessId: row.business_id,
    url: row.url,
    enabled: Number(row.enabled) === 1,
    secretFingerprint: row.secret_fingerprint,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** What the audit log keeps of a webhook: everything but the secret. */
const auditView = (entry: PartnerWebhookEntry | null) =>
  entry && { url: entry.url, enabled: entry.enabled, secret: entry.secretFingerprint };

export interface RegisterWebhookDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  /** Production accepts https URLs only. */
  production: boolean;
}

export function registerWebhookUseCases({ repos, keyring, production }: RegisterWebhookDeps) {
  return {
    async get(staff: StaffMe, businessId: string): Promise<PartnerWebhookAnswer> {
      requirePermission(staff, 'manage_partners');
      if (!(await repos.partners.find(businessId)))
        throw new AppError('PARTNER_UNKNOWN', `no partner ${businessId}`);
      const row = await repos.partnerWebhooks.findWebhook(businessId);
      return { webhook: row ? webhookEntryOf(row) : null };
    },

    async put(
      staff: StaffMe,
      businessId: string,
      input: PartnerWebhookPut,
      now = Date.now(),
    ): Promise<PartnerWebhookSaved> {
      requirePermission(staff, 'manage_partners');
      const request = partnerWebhookPut.parse(input);
      const url = checkedWebhookUrl(request.url, production);
      return repos.transaction(async (tx) => {
        if (!(await tx.partners.find(businessId)))
          throw new AppError('PARTNER_UNKNOWN', `no partner ${businessId}`);
        const beforeRow = await tx.partnerWebhooks.findWebhook(businessId);
        const before = beforeRow ? webhookEntryOf(beforeRow) : null;
        const secret = !before || request.rotateSecret ? newWebhookSecret() : null;
        await tx.partnerWebhooks.saveWebhook(
          businessId,
          {
            url,
            enabled: request.enabled,
            ...(secret
              ? {
                  secret: {
                    sealed: sealWebhookSecret(keyring, businessId, secret),
                    fingerprint: webhookSecretFingerprint(secret),
                  },
                }
              : {}),
          },
          now,
        );
        const afterRow = await tx.partnerWebhooks.findWebhook(businessId);
        if (!afterRow) throw new Error(`webhook of ${businessId} not saved`);
        const webhook = webhookEntryOf(afterRow);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'partners.webhook_changed',
            caseRef: `partner:${businessId}`,
            details: {
              id: businessId,
              secretRotated: secret !== null,
              from: auditView(before),
              to: auditView(webhook),
            },
          },
          now,
        );
        return { webhook, secret };
      });
    },
  };
}
