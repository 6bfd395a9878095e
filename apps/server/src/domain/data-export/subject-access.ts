/**
 * The back office's subject access copy (docs/data-export.md, D74): compliance (permission
 * `export_subject_data`) asks for a person's copy with a reason, sealed in the audit entry under the
 * person's key (D110) and committed with the request; the same copy is built. Its status, its link and
 * its download are audited too, the download before the bytes leave.
 */
import type {
  DataExportLinkResult,
  StaffMe,
  SubjectAccessExportStatus,
  SubjectAccessExportView,
} from '@kyc/contracts';
import type { DataExportRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/tokens.ts';
import { sealFreeTexts } from '../audit/sealed-text.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { viewOf, type DataExportDeps } from './export-rows.ts';
import type { DownloadedExport, exportLinks } from './links.ts';

/** Where the back office downloads a subject access copy (the token follows). */
export const STAFF_DOWNLOAD_PATH = '/backoffice/api/data-exports/download';

export function subjectAccessUseCases(
  { repos, keyring, now }: DataExportDeps,
  soon: (id: number) => void,
  { newLink, download }: ReturnType<typeof exportLinks>,
) {
  async function staffView(row: DataExportRow): Promise<SubjectAccessExportView> {
    const by = row.requested_by === null ? undefined : await repos.staff.findById(Number(row.requested_by));
    return {
      ...viewOf(row, now()),
      requestedBy:
        row.requested_by === null
          ? null
          : {
              staffId: Number(row.requested_by),
              name: (by ? staffLabel(by.display_name, by.email) : null) ?? '',
            },
      reason: row.reason,
    };
  }

  async function staffRowOf(exportId: number): Promise<DataExportRow> {
    const row = await repos.dataExports.findById(exportId);
    if (!row || row.origin !== 'staff') throw new AppError('DATA_EXPORT_UNKNOWN');
    return row;
  }

  return {
    /** POST /backoffice/api/cases/:userId/data-exports: a copy for a subject access request, audited. */
    async staffRequest(
      staff: StaffMe,
      userId: number,
      reason: string,
      idempotencyKey = `sar-${randomToken(12)}`,
    ): Promise<SubjectAccessExportView> {
      requirePermission(staff, 'export_subject_data');
      if (!(await repos.users.findById(userId))) throw new AppError('DATA_EXPORT_UNKNOWN', 'no such person');
      const replay = await repos.dataExports.findByKey(userId, idempotencyKey);
      if (replay) {
        if (replay.origin !== 'staff')
          throw new AppError('PARAMS_ERROR', 'Idempotency-Key: used for another request', 400);
        return staffView(replay);
      }
      const at = now();
      const created = await repos.transaction(async (tx) => {
        const id = await tx.dataExports.insert({
          userId,
          origin: 'staff',
          requestedBy: staff.id,
          reason,
          idempotencyKey,
          at,
        });
        if (id === undefined) return undefined;
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'data_export.request',
            subjectUserId: userId,
            caseRef: `data-export:${id}`,
            // D110: the staff member's reason names the person's request; sealed under their key.
            details: await sealFreeTexts(tx.submissions, keyring, userId, at, { exportId: id, reason }, [
              'reason',
            ]),
          },
          at,
        );
        return id;
      });
      if (created === undefined) {
        const existing = await repos.dataExports.findByKey(userId, idempotencyKey);
        if (existing?.origin === 'staff') return staffView(existing);
        throw new AppError('DATA_EXPORT_IN_PROGRESS');
      }
      soon(created);
      return staffView(await staffRowOf(created));
    },

    /** GET /backoffice/api/cases/:userId/data-exports: the latest subject access copy of the person. */
    async staffStatus(staff: StaffMe, userId: number): Promise<SubjectAccessExportStatus> {
      requirePermission(staff, 'export_subject_data');
      const latest = await repos.dataExports.latestOf(userId, 'staff');
      return { export: latest ? await staffView(latest) : null };
    },

    /** POST /backoffice/api/data-exports/:id/link: the single-use link, audited. */
    async staffLink(staff: StaffMe, exportId: number): Promise<DataExportLinkResult> {
      requirePermission(staff, 'export_subject_data');
      const row = await staffRowOf(exportId);
      const link = await newLink(row, STAFF_DOWNLOAD_PATH);
      await repos.audit.insert(
        {
          staffId: staff.id,
          action: 'data_export.link',
          subjectUserId: Number(row.user_id),
          caseRef: `data-export:${exportId}`,
          details: { exportId },
        },
        now(),
      );
      return link;
    },

    /** GET /backoffice/api/data-exports/download/:token: the zip, once; audited before the bytes leave. */
    async staffDownload(staff: StaffMe, token: string): Promise<DownloadedExport> {
      requirePermission(staff, 'export_subject_data');
      return download(token, 'staff', undefined, async (row, bytes) => {
        await repos.audit.insert(
          {
            staffId: staff.id,
            action: 'data_export.download',
            subjectUserId: Number(row.user_id),
            caseRef: `data-export:${Number(row.id)}`,
            details: { exportId: Number(row.id), bytes: bytes.length },
          },
          now(),
        );
      });
    },
  };
}
