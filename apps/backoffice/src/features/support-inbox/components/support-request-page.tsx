import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ALL_LANGUAGES, RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { parseUserId, paths } from '../../../lib/paths.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import {
  answerSupportRequest,
  fetchSupportRequest,
  SUPPORT_ANSWER_MAX,
  type SupportRequest,
} from '../api/support-inbox.ts';
import { FromLabel, StatusBadge, TopicLabel } from './support-inbox-page.tsx';
import '../../../ui/detail-page.css';
import './support-inbox.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The answer form: checked here first (empty, too long), then by the server (52005 when beaten). */
function AnswerForm({
  request,
  onAnswered,
  onBeaten,
}: {
  request: SupportRequest;
  onAnswered: (answered: SupportRequest) => void;
  onBeaten: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = text.trim();
    setFailure(undefined);
    if (answer === '' || answer.length > SUPPORT_ANSWER_MAX) {
      setError(
        answer === ''
          ? t('supportInbox.detail.answerRequired')
          : t('supportInbox.detail.answerTooLong', { max: SUPPORT_ANSWER_MAX }),
      );
      field.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      onAnswered(await answerSupportRequest(request.id, answer));
    } catch (caught) {
      if (isApiError(caught, RET_CODES.SUPPORT_ALREADY_ANSWERED.code)) onBeaten();
      else setFailure(t(errorMessageKey(caught)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="support-answer-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        ref={field}
        label={t('supportInbox.detail.answer')}
        hint={t('supportInbox.detail.answerHint')}
        error={error}
        rows={8}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Button type="submit" busy={busy}>
        {t('supportInbox.detail.send')}
      </Button>
    </form>
  );
}

type Notice = 'sent' | 'beaten' | null;

function RequestContent({
  request,
  notice,
  onAnswered,
  onBeaten,
}: {
  request: SupportRequest;
  notice: Notice;
  onAnswered: (answered: SupportRequest) => void;
  onBeaten: () => void;
}) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const language = ALL_LANGUAGES.find((l) => l.code === request.language);
  return (
    <>
      <Card as="section" aria-labelledby="support-facts">
        <h2 id="support-facts">{t('supportInbox.detail.facts')}</h2>
        <dl className="ui-facts">
          <Fact label={t('supportInbox.columns.received')}>
            {formatDateTime(request.createdAt, i18n.language)}
          </Fact>
          <Fact label={t('supportInbox.columns.topic')}>
            <TopicLabel topic={request.topic} />
          </Fact>
          <Fact label={t('supportInbox.columns.from')}>
            {request.userId !== null ? (
              <Link to={paths.reviewCase.getHref(request.userId)}>
                <FromLabel item={request} />
              </Link>
            ) : (
              <FromLabel item={request} />
            )}
          </Fact>
          <Fact label={t('supportInbox.detail.language')}>
            <span lang={request.language}>{language?.label ?? request.language}</span>
          </Fact>
          <Fact label={t('supportInbox.columns.status')}>
            <StatusBadge status={request.status} />
          </Fact>
        </dl>
      </Card>
      <Card as="section" aria-labelledby="support-message">
        <h2 id="support-message">{t('supportInbox.detail.message')}</h2>
        <p className="ui-message" lang={request.language}>
          {request.message}
        </p>
      </Card>
      <Card as="section" aria-labelledby="support-answer">
        <h2 id="support-answer">{t('supportInbox.detail.answerHeading')}</h2>
        {notice === 'sent' ? <Alert>{t('supportInbox.detail.sent')}</Alert> : null}
        {notice === 'beaten' ? <Alert tone="error">{t('supportInbox.errors.alreadyAnswered')}</Alert> : null}
        {request.answer !== null ? (
          <>
            <p className="ui-message">{request.answer}</p>
            <p className="support-muted">
              {t('supportInbox.detail.answeredBy', {
                name: request.answeredByName ?? `#${request.answeredBy ?? ''}`,
                date: request.answeredAt === null ? '' : formatDateTime(request.answeredAt, i18n.language),
              })}
            </p>
          </>
        ) : can(staff.role, 'decide') ? (
          <AnswerForm request={request} onAnswered={onAnswered} onBeaten={onBeaten} />
        ) : (
          <p>{t('supportInbox.detail.readOnly')}</p>
        )}
      </Card>
    </>
  );
}

/** One support request: who sent it, the message, and the answer (or the form to write it). */
export function SupportRequestPage() {
  const { t } = useTranslation();
  const id = parseUserId(useParams().id);
  const title = t('supportInbox.detail.title', { id: id ?? '' });
  useDocumentTitle(title);
  const [notice, setNotice] = useState<Notice>(null);
  const { resource, reload, replace } = useResource(String(id), (signal) =>
    id === null ? Promise.reject(new Error('no id')) : fetchSupportRequest(id, signal),
  );
  const back = (
    <p className="ui-detail-back">
      <Link to={paths.supportInbox.getHref()}>{t('supportInbox.detail.back')}</Link>
    </p>
  );
  const notFound =
    id === null ||
    (resource.state === 'error' && isApiError(resource.error, RET_CODES.SUPPORT_REQUEST_NOT_FOUND.code));
  return (
    <>
      {back}
      <h1>{title}</h1>
      {notFound ? (
        <Alert tone="error">{t('supportInbox.detail.notFound')}</Alert>
      ) : resource.state === 'loading' ? (
        <Spinner size="page" label={t('app.loading')} />
      ) : resource.state === 'error' ? (
        <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
      ) : (
        <div className="support-detail">
          <RequestContent
            request={resource.data}
            notice={notice}
            onAnswered={(answered) => {
              setNotice('sent');
              replace(answered);
            }}
            onBeaten={() => {
              // Another member answered first: show theirs (the page reloads the request).
              setNotice('beaten');
              reload();
            }}
          />
        </div>
      )}
    </>
  );
}
