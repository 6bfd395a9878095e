/**
 * The person's own copy of their data (issue 20, GDPR Art. 15 and 20; docs/data-export.md, D74–D75).
 * Ours, not in the spec: the person asks behind security verification (scene 30034), a job builds a zip
 * of machine-readable JSON and their own documents, sealed under their data key; it is kept 7 days and
 * downloaded once through a link whose token is stored hashed. Compliance produces the same copy for a
 * subject access request in the back office, with a recorded reason.
 */
import { z } from 'zod';

/** Under the person's private API (session, CSRF), next to the security log and the authenticator app. */
export const DATA_EXPORTS_URL = '/v3/private/user/data-exports';
/** The back office's subject access export of one person. */
export const backofficeDataExportsUrl = (userId: number) => `/backoffice/api/cases/${userId}/data-exports`;

/** How long a ready copy is kept before it is deleted, downloaded or not. */
export const DATA_EXPORT_TTL_MS = 7 * 24 * 60 * 60_000;
/** How long a download link works once taken (and never past the copy's own end). */
export const DATA_EXPORT_LINK_TTL_MS = 15 * 60_000;
/** A person may ask for one copy per this period (a failed one does not count). */
export const DATA_EXPORT_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * pending (asked, waiting for the job) → building → ready → downloaded (once) | expired (7 days);
 * failed when building failed three times.
 */
export const DATA_EXPORT_STATUSES = [
  'pending',
  'building',
  'ready',
  'downloaded',
  'expired',
  'failed',
] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** The format the manifest names; a change of shape is a new version. */
export const DATA_EXPORT_FORMAT = 'kyc-portal/personal-data-export@1';

export const dataExportView = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.number().int(),
  /** When the copy became ready; null before. */
  readyAt: z.number().int().nullable(),
  /** When a ready copy is deleted (readyAt + 7 days); null before it is ready. */
  expiresAt: z.number().int().nullable(),
  downloadedAt: z.number().int().nullable(),
  /** The zip's size in bytes once ready. */
  size: z.number().int().nullable(),
});
export type DataExportView = z.infer<typeof dataExportView>;

/** GET …/data-exports/latest: the person's latest copy, and when they may ask for the next. */
export const dataExportStatusResult = z.object({
  export: dataExportView.nullable(),
  /** Epoch ms from which a new copy may be asked for (now or earlier when allowed at once). */
  nextRequestAt: z.number().int(),
});
export type DataExportStatusResult = z.infer<typeof dataExportStatusResult>;

/** POST …/:id/link: the single-use download address, valid until `linkExpiresAt`. */
export const dataExportLinkResult = z.object({
  /** A path on the API's origin (the token in it is shown once and stored hashed). */
  url: z.string(),
  linkExpiresAt: z.number().int(),
});
export type DataExportLinkResult = z.infer<typeof dataExportLinkResult>;

/** Back office: a subject access export, with the reason recorded in the audit log. */
export const subjectAccessExportRequest = z.object({ reason: z.string().trim().min(3).max(1000) });
export type SubjectAccessExportRequest = z.infer<typeof subjectAccessExportRequest>;

export const subjectAccessExportView = dataExportView.extend({
  /** The staff member who asked and why. */
  requestedBy: z.object({ staffId: z.number().int(), name: z.string() }).nullable(),
  reason: z.string(),
});
export type SubjectAccessExportView = z.infer<typeof subjectAccessExportView>;

export const subjectAccessExportStatus = z.object({ export: subjectAccessExportView.nullable() });
export type SubjectAccessExportStatus = z.infer<typeof subjectAccessExportStatus>;
