import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseAssignee, StaffMe } from '@kyc/contracts';
import { errorMessageKey, type ErrorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { can } from '../../../lib/permissions.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { claimCase, releaseCase } from '../api/assignment.ts';

/**
 * Issue 17: who works this case until when, "Assign to me", and "Release" (one's own claim, or a lead
 * breaking another's). While someone else holds the case, their decisions are the only ones accepted.
 */
export function CaseAssignment({
  userId,
  initial,
  staff,
}: {
  userId: number;
  initial: CaseAssignee | null;
  staff: StaffMe;
}) {
  const { t, i18n } = useTranslation();
  const [assignee, setAssignee] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const mine = assignee?.staffId === staff.id;
  const run = async (work: () => Promise<{ assignee: CaseAssignee | null }>) => {
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
        <Button busy={busy} onClick={() => void run(() => claimCase(userId))}>
          {t('assignment.claim')}
        </Button>
      ) : null}
      {mine ? (
        <Button variant="secondary" busy={busy} onClick={() => void run(() => claimCase(userId))}>
          {t('assignment.renew')}
        </Button>
      ) : null}
      {assignee && (mine || can(staff.role, 'assign_cases')) ? (
        <Button
          variant="ghost"
          busy={busy}
          onClick={() => void run(() => releaseCase(userId, assignee.version))}
        >
          {t(mine ? 'assignment.release' : 'assignment.break')}
        </Button>
      ) : null}
    </Card>
  );
}
