/**
 * The export for the suspicious-activity report (issue 18, slice 3; docs/screening.md "Freeze"): made in
 * the transaction that records a true match, from what that transaction sees, so it says exactly what was
 * known when the account was frozen: the person, every hit with its explanation and resolution, the lists
 * with their versions, the decisions and staff actions on the person, and the times. It holds personal
 * data, so it is sealed under the person's data key (erasing the key shreds it with the rest) and opened
 * only for an audited download.
 */
import type { CaseScreening } from '@kyc/contracts';
import type { TxRepositories } from '../../data/repositories/index.ts';
import type { ScreeningExportRow } from '../../data/schema/index.ts';
import { decryptBlob, encryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { isSealedText, openText } from '../audit/sealed-text.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { withStoredDataKey } from '../kyc/data-keys.ts';

export const SAR_EXPORT_FORMAT = 'kyc-portal/screening-sar-export@1';

/** Staff views are left out of the decisions: they are not decisions (the audit log keeps them). */
const isView = (action: string) => action.endsWith('.view') || action === 'screening.export.download';

const objectOf = (userId: number, hitId: number, at: number) => `screening-export:${userId}:${hitId}:${at}`;

export interface SarExportInput {
  userId: number;
  hitId: number;
  staffId: number;
  at: number;
  /** The person's screening as this transaction sees it (hits opened with the person's key). */
  screening: CaseScreening;
  /** Opens the free texts sealed in the audit entries (D107, D110); without it they stay sealed. */
  keyring?: MasterKeyring;
}

/** Every audit entry's details, the sealed texts opened under the person's key read once (D110). */
async function detailsOf(
  tx: TxRepositories,
  userId: number,
  details: readonly Record<string, unknown>[],
  keyring: MasterKeyring | undefined,
): Promise<Record<string, unknown>[]> {
  if (!keyring || !details.some((d) => Object.values(d).some(isSealedText))) return [...details];
  return withStoredDataKey(tx.submissions, keyring, userId, (key) =>
    details.map((d) =>
      Object.fromEntries(
        Object.entries(d).map(([f, v]) => [f, isSealedText(v) ? openText(key, userId, v) : v]),
      ),
    ),
  );
}

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** The export document (JSON) for the person frozen by `hitId`. */
export async function buildSarExport(
  tx: TxRepositories,
  input: SarExportInput,
): Promise<Record<string, unknown>> {
  const { userId, hitId, staffId, at, screening } = input;
  const [user, applicant, staff, audit] = await Promise.all([
    tx.users.findById(userId),
    tx.kyc.findApplicant(userId),
    tx.staff.findById(staffId),
    tx.audit.list({ subjectUserId: userId, limit: 500 }),
  ]);
  const decisionRows = audit.rows.filter((row) => !isView(row.action)).reverse();
  const decisionDetails = await detailsOf(
    tx,
    userId,
    decisionRows.map((row) => JSON.parse(row.details) as Record<string, unknown>),
    input.keyring,
  );
  const listIds = [...new Set(screening.hits.map((h) => h.list))];
  const lists = await Promise.all(listIds.map((id) => tx.screening.findList(id)));
  return {
    format: SAR_EXPORT_FORMAT,
    generatedAt: iso(at),
    generatedBy: { staffId, name: staff ? staffLabel(staff.display_name, staff.email) : null },
    frozen: { at: iso(at), hitId, by: staffId },
    person: {
      userId,
      email: user?.email ?? '',
      site: user?.site ?? '',
      registeredAt: iso(user?.created_at),
      firstName: applicant?.first_name ?? '',
      lastName: applicant?.last_name ?? '',
      dateOfBirth: applicant?.date_of_birth ?? '',
      documentCountry: applicant?.country ?? '',
      residenceCountry: applicant?.residence_country ?? '',
      level: applicant?.level ?? 0,
    },
    screening: {
      status: screening.status,
      screenedAt: iso(screening.screenedAt),
      listsUsed: screening.lists,
    },
    hits: screening.hits.map((h) => ({
      id: h.id,
      list: h.list,
      listEntryId: h.listEntryId,
      category: h.category,
      matchedName: h.matchedName,
      ourName: h.ourName,
      ourNameSource: h.ourNameSource,
      score: h.score,
      state: h.state,
      reason: h.reason,
      proposedBy: h.proposedBy ? { ...h.proposedBy, at: iso(h.proposedBy.at) } : null,
      resolvedBy: h.resolvedBy ? { ...h.resolvedBy, at: iso(h.resolvedBy.at) } : null,
      explanation: h.explanation,
      entryRemovedAt: h.entryRemovedAt === null ? null : iso(h.entryRemovedAt),
    })),
    lists: lists
      .filter((l) => l !== undefined)
      .map((l) => ({
        name: l.id,
        source: l.source,
        format: l.format,
        publishedAt: l.published_at,
        entryCount: Number(l.entry_count),
        contentHash: l.content_hash,
        loadedAt: iso(l.loaded_at === null ? null : Number(l.loaded_at)),
      })),
    decisions: decisionRows.map((row, i) => ({
      at: iso(Number(row.at)),
      action: row.action,
      staffId: Number(row.staff_id),
      staffName: staffLabel(row.staff_display_name, row.staff_email),
      caseRef: row.case_ref,
      details: decisionDetails[i],
    })),
  };
}

export function sealSarExport(
  key: Buffer,
  input: { userId: number; hitId: number; at: number },
  document: object,
) {
  return encryptBlob(key, Buffer.from(JSON.stringify(document, null, 2), 'utf8'), {
    userId: input.userId,
    objectId: objectOf(input.userId, input.hitId, input.at),
  });
}

export function openSarExport(key: Buffer, row: ScreeningExportRow): Buffer {
  const userId = Number(row.user_id);
  return decryptBlob(key, Buffer.from(row.document_enc), {
    userId,
    objectId: objectOf(userId, Number(row.hit_id), Number(row.created_at)),
  });
}
