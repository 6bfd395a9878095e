import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AnswerErrorCode,
  QuestionnaireAnswers,
  QuestionnaireAnswerValue,
  QuestionnairePage,
  QuestionnaireSubmissionResult,
  QuestionnaireTemplateDetail,
} from '@kyc/contracts';
import { isApiError } from '../../../lib/http';
import { QUESTIONNAIRES_NAMESPACE } from '../../../lib/i18n/namespaces';
import {
  applyAgreement,
  getQuestionnaireToken,
  QUESTIONNAIRE_CODES,
  saveDraft,
  submitQuestionnaire,
} from '../api/questionnaires';
import { newIdempotencyKey, serverDecided } from '../../../lib/http';
import { draftAnswers, submissionAnswers, todayUtc, visibleQuestions } from '../state/answers';
import { validateAnswers } from '@kyc/contracts/questionnaire-engine';
import { clearLocalDraft, readLocalDraft, writeLocalDraft } from '../state/local-drafts';
import { Button } from '../../../ui/button';
import { QuestionField } from '../../../ui/questionnaire/question-field';
import { EvidenceField } from './evidence-field';
import { QuestionnaireProgress } from '../../../ui/questionnaire/questionnaire-progress';

/** Autosave waits this long after the last keystroke (a page change or leaving the page saves at once). */
export const AUTOSAVE_DELAY_MS = 1500;

export type QuestionnaireNotice = 'stale' | 'restored' | 'versionChanged';

export interface QuestionnaireFormProps {
  detail: QuestionnaireTemplateDetail;
  /** The local-storage key of this user's draft of this template (state/local-drafts.ts). */
  storageKey: string;
  /** ISO codes a country answer may take. */
  countries: readonly string[];
  /** Answers to start from when there is no draft (a resubmission starts from the last submission). */
  startFrom?: QuestionnaireAnswers;
  /** A notice to show when the form opens (after a reload forced by the server). */
  notice?: QuestionnaireNotice | null;
  onSubmitted: (result: QuestionnaireSubmissionResult) => void;
  /** The server's state changed under the form (another tab, a new version): load it again. */
  onReload: (notice: QuestionnaireNotice | null) => void;
}

type SaveState = 'idle' | 'saving' | 'saved' | 'local';

const NOTICE_KEYS = {
  stale: 'questionnaire.notices.stale',
  restored: 'questionnaire.notices.restored',
  versionChanged: 'questionnaire.notices.versionChanged',
  invalid: 'questionnaire.notices.invalid',
  submitFailed: 'questionnaire.notices.submitFailed',
} as const;
type Errors = Record<string, AnswerErrorCode>;

function sameAnswers(a: QuestionnaireAnswers, b: QuestionnaireAnswers): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The answers the form opens with: the newer of the server draft and this device's copy. */
function initialState(
  detail: QuestionnaireTemplateDetail,
  storageKey: string,
  startFrom: QuestionnaireAnswers | undefined,
): { answers: QuestionnaireAnswers; pageIndex: number; restored: boolean } {
  const { template, draft } = detail;
  const local = readLocalDraft(storageKey);
  const server = draft && draft.templateVersion === template.version ? draft : null;
  if (
    local &&
    local.templateCode === template.code &&
    local.templateVersion === template.version &&
    (!server || local.savedAt > server.updatedAt) &&
    !sameAnswers(local.answers, server?.answers ?? startFrom ?? {})
  )
    return { answers: local.answers, pageIndex: local.pageIndex, restored: true };
  if (server) return { answers: server.answers, pageIndex: server.pageIndex, restored: false };
  return { answers: startFrom ?? {}, pageIndex: 0, restored: false };
}

/** `questionId: code; …` (ret_msg of 51002) as field errors. */
export function parseFieldErrors(message: string): Errors {
  const errors: Errors = {};
  for (const part of message.split(';')) {
    const match = /^\s*([a-z][a-z0-9_]*)\s*:\s*([a-z_]+)\s*$/.exec(part);
    if (match?.[1] && match[2]) errors[match[1]] = match[2] as AnswerErrorCode;
  }
  return errors;
}

/**
 * A questionnaire, test or agreement as a multi-page form (docs/questionnaires.md): sections and pages
 * with a progress indicator, every question type, conditional display and validation by the engine,
 * draft autosave (debounced, on page change and on pagehide, with a copy on this device), and a submit
 * whose Idempotency-Key survives retries.
 */
export function QuestionnaireForm({
  detail,
  storageKey,
  countries,
  startFrom,
  notice: openingNotice = null,
  onSubmitted,
  onReload,
}: QuestionnaireFormProps) {
  const { t } = useTranslation();
  const { t: tq } = useTranslation(QUESTIONNAIRES_NAMESPACE);
  const { template } = detail;
  const initial = useMemo(
    () => initialState(detail, storageKey, startFrom),
    // Only on mount: later changes of the draft come from this form itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [answers, setAnswers] = useState<QuestionnaireAnswers>(initial.answers);
  const [errors, setErrors] = useState<Errors>({});
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [notice, setNotice] = useState<QuestionnaireNotice | 'invalid' | 'submitFailed' | null>(
    openingNotice ?? (initial.restored ? 'restored' : null),
  );
  const [submitting, setSubmitting] = useState(false);

  const allPages = useMemo(() => template.sections.flatMap((s) => s.pages), [template]);
  const visible = useMemo(() => visibleQuestions(template, answers), [template, answers]);
  const visibleIds = useMemo(() => new Set(visible.map((q) => q.id)), [visible]);
  const pages = useMemo(
    () => allPages.filter((p) => p.questions.some((q) => visibleIds.has(q.id))),
    [allPages, visibleIds],
  );
  const [pageId, setPageId] = useState<string>(() => (allPages[initial.pageIndex] ?? allPages[0])?.id ?? '');
  const position = Math.max(
    0,
    pages.findIndex((p) => p.id === pageId),
  );
  const page: QuestionnairePage | undefined = pages[position];
  const last = position >= pages.length - 1;

  const answersRef = useRef(answers);
  const pageIdRef = useRef(pageId);
  const baseUpdatedAt = useRef<number | null>(detail.draft?.updatedAt ?? null);
  const token = useRef<{ token: string; expiresAt: number } | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dirty = useRef(initial.restored);
  const saving = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const pageIndexOf = useCallback(
    (id: string) =>
      Math.max(
        0,
        allPages.findIndex((p) => p.id === id),
      ),
    [allPages],
  );

  const currentToken = useCallback(async (): Promise<string> => {
    if (token.current && token.current.expiresAt > Date.now() + 60_000) return token.current.token;
    const result = await getQuestionnaireToken(template.code);
    token.current = { token: result.token, expiresAt: result.expiresAt };
    return result.token;
  }, [template.code]);

  const saveNow = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (!detail.editable || stopped.current || !dirty.current) return;
    if (saving.current) {
      // One save at a time (compare-and-set on updatedAt): the next one starts after it.
      await saving.current;
      if (!dirty.current) return;
    }
    dirty.current = false;
    setSaveState('saving');
    const attempt = async (retried: boolean): Promise<void> => {
      try {
        const result = await saveDraft({
          token: await currentToken(),
          templateCode: template.code,
          templateVersion: template.version,
          answers: draftAnswers(template, answersRef.current),
          pageIndex: pageIndexOf(pageIdRef.current),
          baseUpdatedAt: baseUpdatedAt.current,
        });
        baseUpdatedAt.current = result.draft.updatedAt;
        if (!dirty.current) setSaveState('saved');
      } catch (error) {
        const code = isApiError(error) ? error.ret_code : null;
        if (code === QUESTIONNAIRE_CODES.tokenInvalid && !retried) {
          token.current = null;
          await attempt(true);
          return;
        }
        if (code === QUESTIONNAIRE_CODES.staleOrLocked || code === QUESTIONNAIRE_CODES.versionMismatch) {
          // Another tab saved (or the version changed): reload rather than overwrite. This device's copy
          // goes too, or it would come back over the newer answers.
          stopped.current = true;
          clearLocalDraft(storageKey);
          onReload(code === QUESTIONNAIRE_CODES.staleOrLocked ? 'stale' : 'versionChanged');
          return;
        }
        // Offline or refused: the answers stay on this device and go with the next save.
        dirty.current = true;
        setSaveState('local');
      }
    };
    saving.current = attempt(false).finally(() => {
      saving.current = null;
    });
    await saving.current;
  }, [currentToken, detail.editable, onReload, pageIndexOf, storageKey, template]);

  const keepLocally = useCallback(
    (next: QuestionnaireAnswers, id: string) => {
      writeLocalDraft(storageKey, {
        templateCode: template.code,
        templateVersion: template.version,
        answers: next,
        pageIndex: pageIndexOf(id),
        savedAt: Date.now(),
      });
    },
    [pageIndexOf, storageKey, template.code, template.version],
  );

  // A restored copy of this device goes to the server at once.
  useEffect(() => {
    if (initial.restored) void saveNow();
  }, [initial.restored, saveNow]);

  // Leaving the page (closing the tab, navigating away, the app going to the background) saves at once.
  useEffect(() => {
    const onPageHide = () => void saveNow();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      clearTimeout(timer.current);
    };
  }, [saveNow]);

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [pageId]);

  function change(questionId: string, value: QuestionnaireAnswerValue | null) {
    const { [questionId]: _previous, ...rest } = answersRef.current;
    const next: QuestionnaireAnswers = value === null ? rest : { ...rest, [questionId]: value };
    answersRef.current = next;
    setAnswers(next);
    setErrors(({ [questionId]: _, ...rest }) => rest);
    keepLocally(next, pageIdRef.current);
    if (!detail.editable) return;
    dirty.current = true;
    setSaveState('idle');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
  }

  function fieldErrors(questionIds: ReadonlySet<string> | null): Errors {
    const found: Errors = {};
    for (const e of validateAnswers(template, answersRef.current, {
      partial: false,
      today: todayUtc(),
      countries: countries.length ? new Set(countries) : undefined,
    }))
      if ((!questionIds || questionIds.has(e.questionId)) && !found[e.questionId])
        found[e.questionId] = e.code;
    return found;
  }

  function goTo(id: string) {
    moved.current = true;
    pageIdRef.current = id;
    setPageId(id);
    keepLocally(answersRef.current, id);
    if (detail.editable) {
      dirty.current = true;
      void saveNow();
    }
  }

  function focusFirstError(found: Errors) {
    requestAnimationFrame(() => {
      const first = document.querySelector<HTMLElement>(
        ['input', 'textarea', 'select']
          .map((tag) => `.qn-form ${tag}[aria-invalid="true"]`)
          .concat('.qn-form fieldset[aria-invalid="true"] input')
          .join(', '),
      );
      first?.focus();
    });
    return found;
  }

  function next() {
    if (!page) return;
    const found = fieldErrors(new Set(page.questions.map((q) => q.id)));
    setErrors(found);
    if (Object.keys(found).length) {
      setNotice('invalid');
      focusFirstError(found);
      return;
    }
    setNotice(null);
    const following = pages[position + 1];
    if (following) goTo(following.id);
  }

  function back() {
    const previous = pages[position - 1];
    if (previous) goTo(previous.id);
  }

  function showServerErrors(found: Errors) {
    setErrors(found);
    setNotice('invalid');
    const target = pages.find((p) => p.questions.some((q) => found[q.id]));
    if (target && target.id !== pageIdRef.current) goTo(target.id);
    focusFirstError(found);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!last) {
      next();
      return;
    }
    const found = fieldErrors(null);
    if (Object.keys(found).length) {
      showServerErrors(found);
      return;
    }
    clearTimeout(timer.current);
    stopped.current = true;
    setSubmitting(true);
    setNotice(null);
    const body = {
      templateCode: template.code,
      templateVersion: template.version,
      answers: submissionAnswers(template, answersRef.current),
    };
    idempotencyKey.current ??= newIdempotencyKey();
    const send = async (retried: boolean): Promise<QuestionnaireSubmissionResult> => {
      try {
        if (template.kind === 'agreement') return await applyAgreement(body);
        return await submitQuestionnaire(
          { ...body, token: await currentToken() },
          idempotencyKey.current as string,
        );
      } catch (error) {
        if (isApiError(error) && error.ret_code === QUESTIONNAIRE_CODES.tokenInvalid && !retried) {
          token.current = null;
          return send(true);
        }
        throw error;
      }
    };
    try {
      const result = await send(false);
      clearLocalDraft(storageKey);
      onSubmitted(result);
    } catch (error) {
      stopped.current = false;
      setSubmitting(false);
      // A refusal the server surely decided gets a new key next time; a timeout keeps it (the retry
      // then answers the first result instead of submitting twice).
      if (serverDecided(error)) idempotencyKey.current = null;
      const code = isApiError(error) ? error.ret_code : null;
      if (code === QUESTIONNAIRE_CODES.invalidAnswers && isApiError(error)) {
        const serverErrors = parseFieldErrors(error.ret_msg ?? '');
        if (Object.keys(serverErrors).length) {
          showServerErrors(serverErrors);
          return;
        }
      }
      if (
        code === QUESTIONNAIRE_CODES.versionMismatch ||
        code === QUESTIONNAIRE_CODES.staleOrLocked ||
        code === QUESTIONNAIRE_CODES.coolDown
      ) {
        stopped.current = true;
        // A cool-down (51005) shows itself on the result; the others say why the answers reloaded.
        onReload(
          code === QUESTIONNAIRE_CODES.versionMismatch
            ? 'versionChanged'
            : code === QUESTIONNAIRE_CODES.staleOrLocked
              ? 'stale'
              : null,
        );
        return;
      }
      setNotice('submitFailed');
    }
  }

  if (!page) return null;
  const section = template.sections.find((s) => s.pages.some((p) => p.id === page.id));
  const autosaveText =
    saveState === 'saving'
      ? t('questionnaire.autosave.saving')
      : saveState === 'saved'
        ? t('questionnaire.autosave.saved')
        : saveState === 'local'
          ? t('questionnaire.autosave.local')
          : '';
  const noticeText = notice ? t(NOTICE_KEYS[notice]) : '';
  const errorNotice = notice === 'invalid' || notice === 'submitFailed';

  return (
    <form className="qn-form" noValidate onSubmit={(event) => void submit(event)}>
      {pages.length > 1 ? (
        <QuestionnaireProgress
          pages={pages.map((p) => ({ id: p.id, title: p.title ? tq(p.title) : '' }))}
          current={position}
        />
      ) : null}
      {noticeText ? (
        <p
          className={errorNotice ? 'qn-notice qn-notice--danger' : 'qn-notice'}
          role={errorNotice ? 'alert' : 'status'}
        >
          {noticeText}
        </p>
      ) : null}
      <section className="qn-page" aria-labelledby="qn-page-title">
        {section && template.sections.length > 1 ? (
          <p className="qn-page__section">{tq(section.title)}</p>
        ) : null}
        <h2 id="qn-page-title" className="qn-page__title" ref={headingRef} tabIndex={-1}>
          {page.title ? tq(page.title) : tq(template.title)}
        </h2>
        {page.body?.length ? (
          // axe scrollable-region-focusable: the text may scroll (max 50vh), so keyboard users must be
          // able to focus it to scroll it (the focus ring is theme.css's :focus-visible); a region
          // named "Full text: {title}", so a screen reader announces what it holds.
          <div
            className="qn-page__body"
            tabIndex={0}
            role="region"
            aria-label={t('questionnaire.textRegion', {
              title: page.title ? tq(page.title) : tq(template.title),
            })}
          >
            {page.body.map((key) => (
              <p key={key}>{tq(key)}</p>
            ))}
          </div>
        ) : null}
        <div className="qn-page__questions">
          {page.questions
            .filter((q) => visibleIds.has(q.id))
            .map((q) => (
              <QuestionField
                key={q.id}
                question={q}
                value={answers[q.id]}
                countries={countries}
                disabled={!detail.editable || submitting}
                error={errors[q.id] ? tq(`errors.${errors[q.id]}`) : null}
                onChange={(value) => change(q.id, value)}
                evidenceField={EvidenceField}
              />
            ))}
        </div>
      </section>
      <div className="qn-actions">
        {position > 0 ? (
          <Button type="button" variant="secondary" onClick={back} disabled={submitting}>
            {t('questionnaire.back')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={submitting} disabled={!detail.editable}>
          {!last
            ? t('questionnaire.next')
            : template.kind === 'agreement'
              ? t('questionnaire.accept')
              : t('questionnaire.submit')}
        </Button>
        <span className="qn-autosave" role="status" aria-live="polite">
          {autosaveText}
        </span>
      </div>
    </form>
  );
}
