import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@kyc/contracts';
import { DAY_MS, formatUtcDateTime, utcDay, utcDayStart } from '../../../lib/format.ts';
import { useProviderLabel } from '../../../lib/providers.ts';
import { useDecisionSender } from '../../../lib/use-decisions.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import type { CaseView, DecisionBody } from '../api/case.ts';
import { approvalBlocked, levelActions, pendingUpdates, reverificationActions } from '../decision-rules.ts';
import { ReasonLabel } from './labels.tsx';
import { ReasonForm } from './reason-form.tsx';

interface DecisionsPanelProps {
  caseView: CaseView;
  staff: StaffMe;
  /** Sends the decision; resolves once the page has shown the outcome. */
  onDecide: (body: DecisionBody) => Promise<void>;
}

/** Decisions that change the person's verification for the worse ask for confirmation first. */
const NEEDS_CONFIRMATION = [
  'approve',
  'reject_retry',
  'propose_final',
  'confirm_final',
  'request_reverification',
  'reject_reverification',
  'reject_update',
] as const;
type ConfirmedBody = Extract<DecisionBody, { decision: (typeof NEEDS_CONFIRMATION)[number] }>;

function needsConfirmation(body: DecisionBody): body is ConfirmedBody {
  return (NEEDS_CONFIRMATION as readonly string[]).includes(body.decision);
}

/** The end (23:59:59.999 UTC) of a YYYY-MM-DD day, or null when the text is not such a day. */
export function endOfUtcDay(day: string): number | null {
  const start = utcDayStart(day);
  return start === null ? null : start + DAY_MS - 1;
}

function ConfirmDecisionDialog({
  body,
  busy,
  onConfirm,
  onCancel,
}: {
  body: ConfirmedBody;
  busy: boolean;
  onConfirm: (amended?: ConfirmedBody) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [comment, setComment] = useState('');
  const level = 'level' in body ? body.level : 0;
  if (body.decision === 'approve') {
    // Approving asks for confirmation too (issue 10), with an optional comment for the case history.
    const trimmed = comment.trim();
    return (
      <Dialog title={t('captureSignOff.approve.title', { level })} onClose={onCancel}>
        <p>{t('captureSignOff.approve.body', { level })}</p>
        <TextAreaField
          label={t('captureSignOff.approve.comment')}
          hint={t('captureSignOff.approve.commentHint')}
          maxLength={1000}
          rows={3}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          data-autofocus
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            {t('decisions.confirm.cancel')}
          </Button>
          <Button busy={busy} onClick={() => onConfirm(trimmed ? { ...body, comment: trimmed } : body)}>
            {t('captureSignOff.approve.action', { level })}
          </Button>
        </div>
      </Dialog>
    );
  }
  const reason = 'reasonCode' in body ? body.reasonCode : null;
  const message = 'userMessage' in body ? body.userMessage : null;
  return (
    <Dialog title={t(`decisions.confirm.${body.decision}.title`, { level })} onClose={onCancel}>
      <p>{t(`decisions.confirm.${body.decision}.body`, { level })}</p>
      {reason || message || 'deadline' in body ? (
        <dl className="ui-facts">
          {reason ? (
            <div>
              <dt>{t('decisions.form.reason')}</dt>
              <dd>
                <ReasonLabel code={reason} />
              </dd>
            </div>
          ) : null}
          {message ? (
            <div>
              <dt>{t('decisions.form.message')}</dt>
              <dd className="ui-message">{message}</dd>
            </div>
          ) : null}
          {'deadline' in body ? (
            <div>
              <dt>{t('decisions.reverification.deadline')}</dt>
              <dd>{formatUtcDateTime(body.deadline, i18n.language)}</dd>
            </div>
          ) : null}
          {'daily' in body && body.daily ? (
            <div>
              <dt>{t('decisions.form.daily')}</dt>
              <dd>{t('common.yes')}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="ui-dialog__actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          {t('decisions.confirm.cancel')}
        </Button>
        <Button busy={busy} onClick={() => onConfirm()}>
          {t(`decisions.confirm.${body.decision}.action`, { level })}
        </Button>
      </div>
    </Dialog>
  );
}

function RequestReverificationForm({ onRequest }: { onRequest: (deadline: number) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const tomorrow = utcDay(Date.now() + DAY_MS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const day = String(new FormData(event.currentTarget).get('deadline') ?? '');
    const deadline = endOfUtcDay(day);
    if (!day) setError(t('decisions.reverification.deadlineRequired'));
    else if (deadline === null || deadline <= Date.now())
      setError(t('decisions.reverification.deadlineFuture'));
    else {
      setError(undefined);
      onRequest(deadline);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        type="date"
        name="deadline"
        label={t('decisions.reverification.deadline')}
        hint={t('decisions.reverification.deadlineHint')}
        min={tomorrow}
        error={error}
      />
      <Button variant="secondary" type="submit">
        {t('decisions.reverification.request')}
      </Button>
    </form>
  );
}

/**
 * The decisions this staff member may take on the case now: per pending level (approve, reject with
 * retry, propose or confirm a final rejection), on the re-verification, and on pending updates.
 */
export function DecisionsPanel({ caseView, staff, onDecide }: DecisionsPanelProps) {
  const { t } = useTranslation();
  const providerLabel = useProviderLabel();
  const { confirming, sending, busy, decide, confirm, confirmWith, cancel } = useDecisionSender(
    onDecide,
    needsConfirmation,
  );
  const isSending = (decision: DecisionBody['decision'], key?: number) =>
    sending?.decision === decision &&
    (key === undefined ||
      ('level' in sending && sending.level === key) ||
      ('submissionId' in sending && sending.submissionId === key));

  const levels = caseView.levels.map((level) => levelActions(caseView, level, staff));
  const poi = reverificationActions(caseView, staff);
  const updates = pendingUpdates(caseView, staff);
  // Issue 18: an open screening hit blocks every approval; the controls say why instead of vanishing.
  const blocked = approvalBlocked(caseView);
  const blockedNote = (id: string) =>
    blocked ? (
      <p id={id} className="case-decisions__blocked">
        {t('decisions.screeningBlocked')}
      </p>
    ) : null;
  const nothing =
    levels.every((l) => !l.approve && !l.rejectRetry && !l.proposeFinal && !l.confirmFinal && !l.proposed) &&
    !poi.request &&
    !poi.approve &&
    !poi.reject &&
    updates.length === 0;

  return (
    <Card as="section" className="case-decisions" aria-labelledby="case-decisions-heading">
      <h2 id="case-decisions-heading">{t('decisions.heading')}</h2>
      {nothing ? <p>{t('decisions.nothing')}</p> : null}

      {levels.map((actions) => {
        const level = actions.level;
        const any = actions.approve || actions.rejectRetry || actions.proposeFinal || actions.confirmFinal;
        if (!any && !actions.proposed) return null;
        return (
          <div
            role="group"
            key={level}
            className="ui-decision-group"
            aria-labelledby={`decide-level-${level}`}
          >
            <h3 id={`decide-level-${level}`}>{t('decisions.levelHeading', { level })}</h3>
            {actions.proposedByMe ? <p>{t('decisions.proposedByYou')}</p> : null}
            {actions.proposedByVendor ? (
              <p>{t('decisions.proposedByVendor', { vendor: providerLabel(actions.proposedByVendor) })}</p>
            ) : null}
            {actions.proposed && !any && !actions.proposedByVendor ? (
              <p>{t('decisions.awaitingSenior')}</p>
            ) : null}
            <div className="ui-decision-buttons">
              {actions.approve ? (
                <Button
                  busy={isSending('approve', level)}
                  disabled={blocked}
                  aria-describedby={blocked ? `approve-blocked-${level}` : undefined}
                  onClick={() => decide({ decision: 'approve', level: level as 1 | 2 })}
                >
                  {t('decisions.approve', { level })}
                </Button>
              ) : null}
              {actions.confirmFinal ? (
                <Button
                  variant="secondary"
                  onClick={() => decide({ decision: 'confirm_final', level: level as 1 | 2 })}
                >
                  {t('decisions.confirmFinal')}
                </Button>
              ) : null}
            </div>
            {actions.approve ? blockedNote(`approve-blocked-${level}`) : null}
            {actions.rejectRetry || actions.proposeFinal ? (
              <ReasonForm
                legend={t('decisions.rejectLegend', { level })}
                disabled={busy}
                actions={[
                  ...(actions.rejectRetry
                    ? [
                        {
                          label: t('decisions.rejectRetry'),
                          onSubmit: ({
                            reasonCode,
                            userMessage,
                          }: {
                            reasonCode: string;
                            userMessage: string;
                          }) =>
                            decide({
                              decision: 'reject_retry',
                              level: level as 1 | 2,
                              reasonCode,
                              userMessage,
                            }),
                        },
                      ]
                    : []),
                  ...(actions.proposeFinal
                    ? [
                        {
                          label: t('decisions.proposeFinal'),
                          onSubmit: ({
                            reasonCode,
                            userMessage,
                          }: {
                            reasonCode: string;
                            userMessage: string;
                          }) =>
                            decide({
                              decision: 'propose_final',
                              level: level as 1 | 2,
                              reasonCode,
                              userMessage,
                            }),
                        },
                      ]
                    : []),
                ]}
              />
            ) : null}
          </div>
        );
      })}

      {poi.request || poi.approve || poi.reject ? (
        <div role="group" className="ui-decision-group" aria-labelledby="decide-reverification">
          <h3 id="decide-reverification">{t('decisions.reverification.heading')}</h3>
          {poi.request ? (
            <RequestReverificationForm
              onRequest={(deadline) => decide({ decision: 'request_reverification', deadline })}
            />
          ) : null}
          {poi.approve ? (
            <div className="ui-decision-buttons">
              <Button
                busy={isSending('approve_reverification')}
                disabled={blocked}
                aria-describedby={blocked ? 'approve-blocked-reverification' : undefined}
                onClick={() => decide({ decision: 'approve_reverification' })}
              >
                {t('decisions.reverification.approve')}
              </Button>
            </div>
          ) : null}
          {poi.approve ? blockedNote('approve-blocked-reverification') : null}
          {poi.reject ? (
            <ReasonForm
              legend={t('decisions.reverification.rejectLegend')}
              withDaily
              disabled={busy}
              actions={[
                {
                  label: t('decisions.reverification.reject'),
                  onSubmit: ({ reasonCode, userMessage, daily }) =>
                    decide({ decision: 'reject_reverification', reasonCode, userMessage, daily }),
                },
              ]}
            />
          ) : null}
        </div>
      ) : null}

      {updates.map((submission) => (
        <div
          role="group"
          key={submission.id}
          className="ui-decision-group"
          aria-labelledby={`decide-update-${submission.id}`}
        >
          <h3 id={`decide-update-${submission.id}`}>
            {t('decisions.update.heading', {
              kind: t(`common.kinds.${submission.kind}`),
              id: submission.id,
            })}
          </h3>
          <div className="ui-decision-buttons">
            <Button
              busy={isSending('approve_update', submission.id)}
              disabled={blocked}
              aria-describedby={blocked ? `approve-blocked-update-${submission.id}` : undefined}
              onClick={() => decide({ decision: 'approve_update', submissionId: submission.id })}
            >
              {t('decisions.update.approve')}
            </Button>
          </div>
          {blockedNote(`approve-blocked-update-${submission.id}`)}
          <ReasonForm
            legend={t('decisions.update.rejectLegend')}
            disabled={busy}
            actions={[
              {
                label: t('decisions.update.reject'),
                onSubmit: ({ reasonCode, userMessage }) =>
                  decide({ decision: 'reject_update', submissionId: submission.id, reasonCode, userMessage }),
              },
            ]}
          />
        </div>
      ))}

      {confirming ? (
        <ConfirmDecisionDialog
          body={confirming}
          busy={busy}
          onConfirm={(amended) => (amended ? confirmWith(amended) : confirm())}
          onCancel={cancel}
        />
      ) : null}
    </Card>
  );
}
