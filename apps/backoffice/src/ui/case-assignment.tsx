import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseAssignee, CaseClaimResult, StaffMe } from '@kyc/contracts';
import { errorMessageKey, type ErrorMessageKey } from '../lib/error-message.ts';
import { formatDateTime } from '../lib/format.ts';
import { can } from '../lib/permissions.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Card } from './card.tsx';

/**
 * Issue 17: who works this case until when, "Assign to me", "Keep it longer" and "Release" (one's own
 * claim, or a lead taking it away from another). While someone else holds the case, their decisions are
 * the only ones accepted. Any kind of case: a verification case, a questionnaire case (D123); the page
 * passes the calls that claim and release it.
 */
export function CaseAssignment({
  initial,
  staff,
  claim,
  release,
}: {
  initial: CaseAssignee | null;
  staff: StaffMe;
  /** POST …/claim: claims the case, or renews one's own claim. */
  claim: () => Promise<CaseClaimResult>;
  /** DELETE …/claim?version=: gives it back, or (a lead) breaks another's claim. */
  release: (version: number) => Promise<CaseClaimResult>;
}) {
  const { t, i18n } = useTranslation();
  const [assignee, setAssignee] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const mine = assignee?.staffId === staff.id;
  const run = async (work: () => Promise<CaseClaimResult>) => {
    setBusy(true);
    setError(null);
    try {
      setAssignee((await work()).assignee);
    } catch (caught) {
      setError(errorMessageKey(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card as="section" aria-labelledby="case-assignment-heading">
      <h2 id="case-assignment-heading">{t('assignment.heading')}</h2>
      <p>
        {assignee
          ? t(mine ? 'assignment.heldByMe' : 'assignment.heldBy', {
              name: assignee.name ?? `#${assignee.staffId}`,
              until: formatDateTime(assignee.expiresAt, i18n.language),
            })
          : t('assignment.unassigned')}
      </p>
      {error ? <Alert tone="error">{t(error)}</Alert> : null}
      {!mine && !assignee && can(staff.role, 'decide') ? (
        <Button busy={busy} onClick={() => void run(claim)}>
          {t('assignment.claim')}
        </Button>
      ) : null}
      {mine ? (
        <Button variant="secondary" busy={busy} onClick={() => void run(claim)}>
          {t('assignment.renew')}
        </Button>
      ) : null}
      {assignee && (mine || can(staff.role, 'assign_cases')) ? (
        <Button variant="ghost" busy={busy} onClick={() => void run(() => release(assignee.version))}>
          {t(mine ? 'assignment.release' : 'assignment.break')}
        </Button>
      ) : null}
    </Card>
  );
}
