import type { NoticesReadResult, NoticesResult } from '@kyc/contracts';
import { callEndpoint } from '../../../lib/http';

/**
 * The person's unread notices of staff decisions (docs/kyc.md "Notices"). Silent: the personal page
 * works without them, so a failure only leaves the marker out.
 */
export function getNotices(): Promise<NoticesResult> {
  return callEndpoint<NoticesResult>('notices', undefined, { silent: true });
}

/** Marks these notices read (the person's own only; idempotent), once they were shown. */
export function markNoticesRead(ids: string[]): Promise<NoticesReadResult> {
  return callEndpoint<NoticesReadResult>('noticesRead', { ids }, { silent: true });
}
