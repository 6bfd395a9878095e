import {
  DATA_EXPORTS_URL,
  RET_CODES,
  SECURITY_SCENES,
  type DataExportLinkResult,
  type DataExportStatusResult,
  type DataExportView,
} from '@kyc/contracts';
import { ApiError, apiUrl, http, withIdempotencyKey, withStepUp } from '../../../lib/http';

/** Refusals the section explains inline (docs/data-export.md "On the personal page"), never as a toast. */
export const DATA_EXPORT_INLINE_CODES: readonly number[] = [
  RET_CODES.RISK_VERIFICATION_REQUIRED.code,
  RET_CODES.RISK_TOKEN_INVALID.code,
  RET_CODES.RISK_TOKEN_USED.code,
  RET_CODES.RISK_TOKEN_WRONG_SCENE.code,
  RET_CODES.DATA_EXPORT_IN_PROGRESS.code,
  RET_CODES.DATA_EXPORT_TOO_SOON.code,
  RET_CODES.DATA_EXPORT_UNKNOWN.code,
  RET_CODES.DATA_EXPORT_NOT_READY.code,
  RET_CODES.DATA_EXPORT_ALREADY_DOWNLOADED.code,
  RET_CODES.DATA_EXPORT_EXPIRED.code,
  RET_CODES.DATA_EXPORT_LINK_INVALID.code,
  RET_CODES.DATA_EXPORT_FAILED.code,
];

/** GET …/data-exports/latest: silent, the section shows its own retry. */
export const getLatestExport = () =>
  http.get<DataExportStatusResult>(`${DATA_EXPORTS_URL}/latest`, undefined, { silent: true });

/**
 * POST …/data-exports behind security verification of scene 30034 (ours, D74), with the attempt's
 * Idempotency-Key (a retry after a lost answer gets the same copy).
 */
export const postExportRequest = (idempotencyKey: string) =>
  withStepUp(SECURITY_SCENES.dataExport, (headers) =>
    http.post<DataExportView>(
      DATA_EXPORTS_URL,
      undefined,
      withIdempotencyKey({ headers, silent: DATA_EXPORT_INLINE_CODES }, idempotencyKey),
    ),
  );

/** POST …/:id/link behind 30034: the single-use download link. */
export const postExportLink = (exportId: number) =>
  withStepUp(SECURITY_SCENES.dataExport, (headers) =>
    http.post<DataExportLinkResult>(`${DATA_EXPORTS_URL}/${exportId}/link`, undefined, {
      headers,
      silent: DATA_EXPORT_INLINE_CODES,
    }),
  );

/** The zip and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GET of the link: the zip, or the refusal's envelope as an ApiError (a second download is 62024). Read
 * with fetch itself: the body is a file, not an envelope.
 */
export async function fetchExport(url: string): Promise<DownloadedFile> {
  const target = apiUrl(url);
  const response = await fetch(target, { credentials: 'include' });
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('application/zip')) {
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    return { blob: await response.blob(), fileName: name ?? 'personal-data.zip' };
  }
  const envelope = (await response.json().catch(() => null)) as {
    ret_code?: number;
    ret_msg?: string;
  } | null;
  throw new ApiError({
    reason: envelope?.ret_code ? 'bad business ret_code' : 'http error',
    ret_code: envelope?.ret_code ?? response.status,
    ret_msg: envelope?.ret_msg ?? response.statusText,
    httpStatus: response.status,
    url: target,
  });
}

/** Hands the file to the browser's downloads (an object URL clicked, then revoked). */
export function saveFile(file: DownloadedFile): void {
  const href = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = file.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
