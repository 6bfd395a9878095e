import type {
  DataExportLinkResult,
  SubjectAccessExportStatus,
  SubjectAccessExportView,
} from '@kyc/contracts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** GET /backoffice/api/cases/:userId/data-exports: the latest subject access copy (export_subject_data). */
export const fetchSubjectAccessExport = (userId: number, signal?: AbortSignal) =>
  api.get<SubjectAccessExportStatus>(`/cases/${userId}/data-exports`, { signal });

/** POST …/data-exports: a copy for a subject access request, with the reason (audited). */
export const requestSubjectAccessExport = (userId: number, reason: string) =>
  api.post<SubjectAccessExportView>(`/cases/${userId}/data-exports`, { reason });

/** POST /backoffice/api/data-exports/:id/link: the single-use link (audited). */
export const takeSubjectAccessLink = (exportId: number) =>
  api.post<DataExportLinkResult>(`/data-exports/${exportId}/link`);

/**
 * GET of the link: the zip handed to the browser's downloads (audited by the server before the bytes
 * leave), or the refusal's code as an ApiError (a second download is 62024).
 */
export async function downloadSubjectAccessExport(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('application/zip')) {
    const envelope = (await response.json().catch(() => null)) as {
      ret_code?: number;
      ret_msg?: string;
    } | null;
    throw new ApiError(
      envelope?.ret_code ?? -1,
      envelope?.ret_msg ?? `HTTP ${response.status}`,
      response.status,
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name ?? 'personal-data.zip';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
