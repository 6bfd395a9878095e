import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@kyc/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import {
  evidenceUrl,
  type ResponseEddCase,
  type ResponseEvidence,
  type ResponseHistoryEntry,
  type ResponseSatos,
  type ResponseTask,
  type ResponseView,
} from '../api/review.ts';
import { templateTitleKey, useTemplateText } from '../template-text.ts';
import { AnswersList } from './answers-section.tsx';
import { RedactionNote } from '../../../ui/redacted.tsx';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children === '' || children === null || children === undefined ? '—' : children}</dd>
    </div>
  );
}

export function StatusText({ status }: { status: ResponseView['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`qr-status qr-status--${status}`}>{t(`questionnaireReview.statuses.${status}`)}</span>
  );
}

/** Template, version, status, the reason the person sees, and who submitted from where; the score of a test. */
export function SummarySection({ view }: { view: ResponseView }) {
  const { t, i18n } = useTranslation();
  const templateText = useTemplateText();
  const s = view.submission;
  const p = 'questionnaireReview.response.summary';
  return (
    <Card as="section" aria-labelledby="qr-summary">
      <h2 id="qr-summary">{t(`${p}.heading`)}</h2>
      {view.template.review === 'auto' ? <p className="qr-muted">{t(`${p}.automatic`)}</p> : null}
      <dl className="ui-facts">
        <Fact label={t(`${p}.template`)}>{templateText(view.template.title)}</Fact>
        <Fact label={t(`${p}.kind`)}>{t(`questionnaireReview.kinds.${view.template.kind}`)}</Fact>
        <Fact label={t(`${p}.version`)}>{String(s?.templateVersion ?? view.template.version)}</Fact>
        <Fact label={t(`${p}.status`)}>
          <StatusText status={view.status} />
        </Fact>
        {view.reason ? (
          <Fact label={t(`${p}.reason`)}>
            <span className="ui-message">{view.reason}</span>
          </Fact>
        ) : null}
        {view.retryAfter !== null ? (
          <Fact label={t(`${p}.retryAfter`)}>{formatDateTime(view.retryAfter, i18n.language)}</Fact>
        ) : null}
        {s ? (
          <>
            <Fact label={t(`${p}.submittedAt`)}>{formatDateTime(s.submittedAt, i18n.language)}</Fact>
            <Fact label={t(`${p}.language`)}>{s.language}</Fact>
            <Fact label={t(`${p}.ipAddress`)}>{s.ipAddress}</Fact>
            <Fact label={t(`${p}.userAgent`)}>{s.userAgent}</Fact>
          </>
        ) : null}
      </dl>
      {s?.score ? <ScoreFacts templateCode={view.template.code} score={s.score} /> : null}
    </Card>
  );
}

function ScoreFacts({
  templateCode,
  score,
}: {
  templateCode: string;
  score: NonNullable<NonNullable<ResponseView['submission']>['score']>;
}) {
  const { t } = useTranslation();
  const templateText = useTemplateText();
  const p = 'questionnaireReview.response.score';
  return (
    <section className="qr-section" aria-labelledby="qr-score">
      <h3 id="qr-score">{t(`${p}.heading`)}</h3>
      <dl className="ui-facts">
        <Fact label={t(`${p}.heading`)}>{t(`${p}.points`, { score: score.score, max: score.max })}</Fact>
        {score.passed !== null ? (
          <Fact label={t('questionnaireReview.response.summary.status')}>
            <span className={`qr-status qr-status--${score.passed ? 'APPROVED' : 'REJECTED'}`}>
              {score.passed ? t(`${p}.passed`) : t(`${p}.failed`)}
            </span>
          </Fact>
        ) : null}
        {score.band ? (
          <Fact label={t(`${p}.band`)}>
            {templateText(`${templateCode}.bands.${score.band}`, score.band)}
          </Fact>
        ) : null}
      </dl>
    </section>
  );
}

const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

function EvidenceTile({
  url,
  n,
  item,
  onEnlarge,
}: {
  url: string;
  n: number;
  item: ResponseEvidence;
  onEnlarge: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  const p = 'questionnaireReview.response.evidence';
  const isImage = IMAGE_TYPES.includes(item.mime);
  return (
    <li>
      <figure>
        {isImage && !failed ? (
          <img
            src={url}
            alt={t(`${p}.alt`, { n })}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            onError={() => setFailed(true)}
          />
        ) : null}
        {isImage && failed ? <p className="ui-gallery__failed">{t(`${p}.failed`)}</p> : null}
        {!isImage ? (
          <p>
            <a href={url} target="_blank" rel="noopener noreferrer">
              {t(`${p}.openPdf`, { n })}
            </a>
          </p>
        ) : null}
        <figcaption>
          <strong>{t(`${p}.title`, { n })}</strong>
          <span>
            {item.submissionId === null
              ? t(`${p}.notSubmitted`)
              : t(`${p}.submission`, { id: item.submissionId })}
          </span>
          <span>{formatDateTime(item.createdAt, i18n.language)}</span>
        </figcaption>
        {isImage && !failed ? (
          <Button variant="secondary" onClick={onEnlarge}>
            {t(`${p}.enlarge`, { n })}
          </Button>
        ) : null}
      </figure>
    </li>
  );
}

/**
 * The person's evidence. Images come from the authorised evidence URL (the staff cookie goes with the
 * same-origin request; each read is audited); PDFs only as a link. "Enlarge" shows one image in a dialog.
 */
export function EvidenceSection({ view }: { view: ResponseView }) {
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const p = 'questionnaireReview.response.evidence';
  const url = (item: ResponseEvidence) => evidenceUrl(view.userId, view.template.code, item.id);
  const shown = enlarged === null ? undefined : view.evidence[enlarged];
  return (
    <Card as="section" aria-labelledby="qr-evidence">
      <h2 id="qr-evidence">{t(`${p}.heading`)}</h2>
      <RedactionNote kind="questionnaire_answers" />
      {view.evidence.length === 0 ? (
        <p>{t(`${p}.none`)}</p>
      ) : (
        <ul className="ui-gallery">
          {view.evidence.map((item, i) => (
            <EvidenceTile
              key={item.id}
              url={url(item)}
              n={i + 1}
              item={item}
              onEnlarge={() => setEnlarged(i)}
            />
          ))}
        </ul>
      )}
      {shown && enlarged !== null ? (
        <Dialog title={t(`${p}.title`, { n: enlarged + 1 })} onClose={() => setEnlarged(null)} wide>
          <img
            className="ui-gallery__large"
            src={url(shown)}
            alt={t(`${p}.alt`, { n: enlarged + 1 })}
            referrerPolicy="no-referrer"
          />
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={() => setEnlarged(null)}>
              {t(`${p}.close`)}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

export function SubmissionsSection({ view }: { view: ResponseView }) {
  const { t, i18n } = useTranslation();
  const p = 'questionnaireReview.response.submissions';
  return (
    <Card as="section" aria-labelledby="qr-submissions">
      <h2 id="qr-submissions">{t(`${p}.heading`)}</h2>
      {view.submissions.length === 0 ? (
        <p>{t(`${p}.none`)}</p>
      ) : (
        <ul className="qr-list">
          {view.submissions.map((s) => (
            <li key={s.id}>
              <p>
                <strong>{t(`${p}.title`, { id: s.id, version: s.templateVersion })}</strong>
                {' · '}
                <StatusText status={s.status} />
              </p>
              <p className="qr-muted">
                {formatDateTime(s.submittedAt, i18n.language)}
                {s.score
                  ? ` · ${t('questionnaireReview.response.score.points', { score: s.score.score, max: s.score.max })}`
                  : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** History events this screen names; another one shows as sent. */
const HISTORY_EVENTS = [
  'submit',
  'lock',
  'release',
  'approve',
  'reject',
  'request_info',
  'rfi',
  'require',
  'renew',
  'edd_start',
  'edd_pass',
  'edd_reject',
  'edd_request_info',
  'satos_lock',
  'satos_release',
  'satos_approve',
  'satos_reject',
] as const;
type HistoryEvent = (typeof HISTORY_EVENTS)[number];

function isHistoryEvent(value: string): value is HistoryEvent {
  return (HISTORY_EVENTS as readonly string[]).includes(value);
}

function Actor({ entry, me }: { entry: ResponseHistoryEntry; me: StaffMe }) {
  const { t } = useTranslation();
  const p = 'questionnaireReview.response.history';
  if (entry.actor === 'user') return <>{t(`${p}.user`)}</>;
  if (entry.actor === 'system' || entry.staffId === null) return <>{t(`${p}.system`)}</>;
  const name = entry.staffName;
  if (entry.staffId === me.id)
    return <>{name ? t(`${p}.youNamed`, { name }) : t(`${p}.you`, { id: me.id })}</>;
  return <>{name ? t(`${p}.staffNamed`, { name }) : t(`${p}.staff`, { id: entry.staffId })}</>;
}

export function HistorySection({ history, me }: { history: ResponseHistoryEntry[]; me: StaffMe }) {
  const { t, i18n } = useTranslation();
  const p = 'questionnaireReview.response.history';
  return (
    <Card as="section" aria-labelledby="qr-history">
      <h2 id="qr-history">{t(`${p}.heading`)}</h2>
      {history.length === 0 ? (
        <p>{t(`${p}.none`)}</p>
      ) : (
        <ol className="qr-list">
          {history.map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <p>
                <time dateTime={new Date(entry.at).toISOString()}>
                  {formatDateTime(entry.at, i18n.language)}
                </time>{' '}
                <strong>{isHistoryEvent(entry.event) ? t(`${p}.events.${entry.event}`) : entry.event}</strong>{' '}
                <span className="qr-muted">
                  <Actor entry={entry} me={me} />
                </span>
              </p>
              {entry.text ? <p className="ui-message">{entry.text}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function EddSection({ edd }: { edd: ResponseEddCase }) {
  const { t, i18n } = useTranslation();
  const p = 'questionnaireReview.response.edd';
  return (
    <Card as="section" aria-labelledby="qr-edd">
      <h2 id="qr-edd">{t(`${p}.heading`)}</h2>
      <dl className="ui-facts">
        <Fact label={t(`${p}.status`)}>
          <span className={`qr-status qr-status--${edd.status}`}>
            {t(`questionnaireReview.eddStatuses.${edd.status}`)}
          </span>
        </Fact>
        <Fact label={t(`${p}.trigger`)}>{edd.triggerReason}</Fact>
        <Fact label={t(`${p}.pep`)}>{edd.pep ? t('common.yes') : '—'}</Fact>
        {edd.reason ? (
          <Fact label={t(`${p}.reason`)}>
            <span className="ui-message">{edd.reason}</span>
          </Fact>
        ) : null}
        {edd.decidedBy !== null ? (
          <Fact label={t(`${p}.decidedBy`)}>{t(`${p}.staff`, { id: edd.decidedBy })}</Fact>
        ) : null}
        {edd.decidedAt !== null ? (
          <Fact label={t(`${p}.decidedAt`)}>{formatDateTime(edd.decidedAt, i18n.language)}</Fact>
        ) : null}
        <Fact label={t(`${p}.updatedAt`)}>{formatDateTime(edd.updatedAt, i18n.language)}</Fact>
      </dl>
    </Card>
  );
}

/** SATOS deposit verifications: one block per deposit with its own answers. */
export function SatosSection({
  view,
  evidenceNumber,
}: {
  view: ResponseView;
  evidenceNumber: (id: string) => number;
}) {
  const { t, i18n } = useTranslation();
  const p = 'questionnaireReview.response.satos';
  return (
    <Card as="section" aria-labelledby="qr-satos">
      <h2 id="qr-satos">{t(`${p}.heading`)}</h2>
      {view.satos.length === 0 ? <p>{t(`${p}.none`)}</p> : null}
      {view.satos.map((satos: ResponseSatos) => (
        <section
          key={satos.depositRef}
          className="qr-section"
          aria-label={t(`${p}.title`, { ref: satos.depositRef })}
        >
          <h3>{t(`${p}.title`, { ref: satos.depositRef })}</h3>
          <dl className="ui-facts">
            <Fact label={t(`${p}.coin`)}>{`${satos.coin} · ${satos.network}`}</Fact>
            <Fact label={t(`${p}.status`)}>
              <StatusText status={satos.status} />
            </Fact>
            <Fact label={t(`${p}.created`)}>{formatDateTime(satos.createdAt, i18n.language)}</Fact>
            {satos.reason ? (
              <Fact label={t(`${p}.reason`)}>
                <span className="ui-message">{satos.reason}</span>
              </Fact>
            ) : null}
          </dl>
          <AnswersList
            submission={satos.submission}
            context={{ userId: view.userId, templateCode: view.template.code, evidenceNumber }}
          />
        </section>
      ))}
    </Card>
  );
}

export function TasksSection({ tasks }: { tasks: ResponseTask[] }) {
  const { t, i18n } = useTranslation();
  const templateText = useTemplateText();
  const p = 'questionnaireReview.response.tasks';
  return (
    <Card as="section" aria-labelledby="qr-tasks">
      <h2 id="qr-tasks">{t(`${p}.heading`)}</h2>
      {tasks.length === 0 ? (
        <p>{t(`${p}.none`)}</p>
      ) : (
        <ul className="qr-list">
          {tasks.map((task) => (
            <li key={task.id}>
              <p>
                <strong>{templateText(templateTitleKey(task.templateCode))}</strong>
                {' · '}
                {task.open ? t(`${p}.open`) : t(`${p}.done`)}
                {' · '}
                <StatusText status={task.status} />
              </p>
              {task.requestText ? (
                <p>
                  <span className="qr-muted">{t(`${p}.request`)}: </span>
                  <span className="ui-message">{task.requestText}</span>
                </p>
              ) : null}
              <p className="qr-muted">
                {t(`${p}.created`, { date: formatDateTime(task.createdAt, i18n.language) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
