import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@kyc/contracts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useDecisionSender } from '../../../lib/use-decisions.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { EDD_TEMPLATE, type DecisionBody, type ResponseView } from '../api/review.ts';
import { hasAny, responseActions, satosActions } from '../decision-rules.ts';
import { ReasonLabel, RejectForm, RequestInfoForm } from './decision-forms.tsx';

const P = 'questionnaireReview.decisions';

/** Decisions that change the person's questionnaire for the worse ask for confirmation first. */
type ConfirmedBody = Extract<DecisionBody, { decision: 'reject' | 'request_info' }>;

function needsConfirmation(body: DecisionBody): body is ConfirmedBody {
  return body.decision === 'reject' || body.decision === 'request_info';
}

function ConfirmDialog({
  body,
  busy,
  onConfirm,
  onCancel,
}: {
  body: ConfirmedBody;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={t(`${P}.confirm.${body.decision}.title`)} onClose={onCancel}>
      <p>{t(`${P}.confirm.${body.decision}.body`)}</p>
      <dl className="ui-facts">
        {body.decision === 'reject' ? (
          <>
            <div>
              <dt>{t(`${P}.form.reason`)}</dt>
              <dd>
                <ReasonLabel code={body.reasonCode} />
              </dd>
            </div>
            <div>
              <dt>{t(`${P}.form.message`)}</dt>
              <dd className="ui-message">{body.userMessage}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{t(`${P}.form.request`)}</dt>
            <dd className="ui-message">{body.requestText}</dd>
          </div>
        )}
      </dl>
      <div className="ui-dialog__actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          {t(`${P}.confirm.cancel`)}
        </Button>
        <Button busy={busy} onClick={onConfirm}>
          {t(`${P}.confirm.${body.decision}.action`)}
        </Button>
      </div>
    </Dialog>
  );
}

interface DecisionPanelProps {
  view: ResponseView;
  staff: StaffMe;
  /** Sends the decision; resolves once the page has shown the outcome. */
  onDecide: (body: DecisionBody) => Promise<void>;
}

/**
 * The decisions this staff member may take now: lock (take for review) or release, then approve,
 * reject with a reason and a message, or ask for more information; EDD cases pass or fail with the
 * questionnaire (a PEP only by a senior reviewer); SATOS deposits one by one.
 */
export function DecisionPanel({ view, staff, onDecide }: DecisionPanelProps) {
  const { t } = useTranslation();
  const { confirming, sending, busy, decide, confirm, cancel } = useDecisionSender(
    onDecide,
    needsConfirmation,
  );
  const isSending = (decision: DecisionBody['decision'], depositRef?: string) =>
    sending?.decision === decision &&
    ('depositRef' in sending ? sending.depositRef : undefined) === depositRef;

  const actions = responseActions(view, staff);
  const satos = view.satos.map((s) => ({ satos: s, actions: satosActions(s, staff) }));
  const edd = view.template.code === EDD_TEMPLATE && view.edd !== null;
  const nothing = !hasAny(actions) && !actions.passNeedsSenior && satos.every((s) => !hasAny(s.actions));

  return (
    <Card as="section" aria-labelledby="qr-decisions-heading">
      <h2 id="qr-decisions-heading">{t(`${P}.heading`)}</h2>
      {nothing ? <p>{t(`${P}.nothing`)}</p> : null}

      {actions.lock || actions.release || actions.approve ? (
        <div className="ui-decision-buttons">
          {actions.lock ? (
            <Button busy={isSending('lock')} onClick={() => decide({ decision: 'lock' })}>
              {t(`${P}.lock`)}
            </Button>
          ) : null}
          {actions.approve ? (
            <Button busy={isSending('approve')} onClick={() => decide({ decision: 'approve' })}>
              {edd ? t(`${P}.passEdd`) : t(`${P}.approve`)}
            </Button>
          ) : null}
          {actions.release ? (
            <Button
              variant="secondary"
              busy={isSending('release')}
              onClick={() => decide({ decision: 'release' })}
            >
              {t(`${P}.release`)}
            </Button>
          ) : null}
        </div>
      ) : null}
      {actions.lock ? <p className="qr-muted">{t(`${P}.lockFirst`)}</p> : null}
      {actions.passNeedsSenior ? <p>{t(`${P}.passNeedsSenior`)}</p> : null}
      {actions.reject ? (
        <div className="ui-decision-group">
          <RejectForm
            legend={t(`${P}.rejectLegend`)}
            action={edd ? t(`${P}.rejectEdd`) : t(`${P}.reject`)}
            disabled={busy}
            onSubmit={(values) => decide({ decision: 'reject', ...values })}
          />
        </div>
      ) : null}
      {actions.requestInfo ? (
        <div className="ui-decision-group">
          <RequestInfoForm
            disabled={busy}
            onSubmit={(requestText) => decide({ decision: 'request_info', requestText })}
          />
        </div>
      ) : null}

      {satos.map(({ satos: s, actions: a }) =>
        hasAny(a) ? (
          <section
            key={s.depositRef}
            className="ui-decision-group"
            aria-label={t(`${P}.satosHeading`, { ref: s.depositRef })}
          >
            <h3>{t(`${P}.satosHeading`, { ref: s.depositRef })}</h3>
            <div className="ui-decision-buttons">
              {a.lock ? (
                <Button
                  busy={isSending('lock', s.depositRef)}
                  onClick={() => decide({ decision: 'lock', depositRef: s.depositRef })}
                >
                  {t(`${P}.lock`)}
                </Button>
              ) : null}
              {a.approve ? (
                <Button
                  busy={isSending('approve', s.depositRef)}
                  onClick={() => decide({ decision: 'approve', depositRef: s.depositRef })}
                >
                  {t(`${P}.approve`)}
                </Button>
              ) : null}
              {a.release ? (
                <Button
                  variant="secondary"
                  busy={isSending('release', s.depositRef)}
                  onClick={() => decide({ decision: 'release', depositRef: s.depositRef })}
                >
                  {t(`${P}.release`)}
                </Button>
              ) : null}
            </div>
            {a.reject ? (
              <RejectForm
                legend={t(`${P}.rejectLegend`)}
                action={t(`${P}.reject`)}
                disabled={busy}
                onSubmit={(values) => decide({ decision: 'reject', depositRef: s.depositRef, ...values })}
              />
            ) : null}
          </section>
        ) : null,
      )}

      {confirming ? (
        <ConfirmDialog body={confirming} busy={busy} onConfirm={confirm} onCancel={cancel} />
      ) : null}
    </Card>
  );
}
