import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycInfo } from '@kyc/contracts';
import { isApiError } from '../../../lib/http';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { messenger } from '../../../lib/messages/messenger';
import { APP_ROUTES } from '../../../lib/navigation/routes';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { helpCenterHref } from '../../../lib/site/help-center';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextField } from '../../../ui/text-field';
import { postSelfReset, SELF_RESET_REFUSED_CODE } from '../api/self-reset';
import { useKycInfo } from '../api/use-kyc-info';
import { formatBtc } from '../components/kyc-format';
import { KycInfoView } from '../components/kyc-info-view';
import { btcLimitOf, resetAvailability } from '../components/kyc-steps';
import { useFocusAfterRender } from '../components/use-focus-after-render';
import './personal-screen.css';
import './verification-forms.css';

const BLOCKED_TEXT = {
  pending: 'resetKyc.blocked.pending',
  final: 'resetKyc.blocked.final',
  nothing: 'resetKyc.blocked.nothing',
  unavailable: 'resetKyc.blocked.unavailable',
} as const;

/**
 * /auth/resetkyc (spec §2 "reset verification"): what a reset does and what it costs, then a
 * confirmation (an "I understand" box and the typed confirmation word) before POST self-reset. When
 * kyc-info shows that the reset is refused (a review running, a final rejection), the screen says why
 * instead of offering it.
 */
export default function ResetkycScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.resetkyc');
  const { load, reload } = useKycInfo();
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__intro">{t('resetKyc.intro')}</p>
      <KycInfoView load={load} onRetry={reload}>
        {(info) => <ResetContent info={info} onRefresh={reload} />}
      </KycInfoView>
    </div>
  );
}

function ResetContent({ info, onRefresh }: { info: KycInfo; onRefresh: () => void }) {
  const { t, i18n } = useTranslation();
  const { lang = 'en' } = useParams();
  const availability = resetAvailability(info);
  const levelZeroLimit = formatBtc(btcLimitOf(info.quotas, 0) ?? 0, i18n.resolvedLanguage ?? i18n.language);

  return (
    <>
      <Card title={t('resetKyc.consequences.title')}>
        <ul className="check-list">
          <li>{t('resetKyc.consequences.levels')}</li>
          <li>{t('resetKyc.consequences.limit', { amount: levelZeroLimit })}</li>
          <li>{t('resetKyc.consequences.verifyAgain')}</li>
          <li>{t('resetKyc.consequences.documents')}</li>
          <li>{t('resetKyc.consequences.restrictions')}</li>
        </ul>
      </Card>
      {availability === 'available' ? (
        <ResetForm lang={lang} onRefresh={onRefresh} />
      ) : (
        <div className="notice notice--warn" role="note">
          <p>{t(BLOCKED_TEXT[availability])}</p>
          {availability === 'final' ? (
            <a href={helpCenterHref('webFormIssueReport', undefined, lang)}>{t('kyc.step.contactSupport')}</a>
          ) : null}
        </div>
      )}
      <p>
        <Link to={APP_ROUTES.personal.to(lang)}>{t('resetKyc.backToPersonal')}</Link>
      </p>
    </>
  );
}

interface ResetErrors {
  understand?: string;
  word?: string;
}

function ResetForm({ lang, onRefresh }: { lang: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const [refused, setRefused] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  const understandRef = useRef<HTMLInputElement>(null);
  const wordRef = useRef<HTMLInputElement>(null);
  const focusLater = useFocusAfterRender();
  const word = t('resetKyc.confirm.word');

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: ResetErrors = {};
    if (!understood) next.understand = t('resetKyc.confirm.understandRequired');
    if (comparable(typed) !== comparable(word)) {
      next.word = t('resetKyc.confirm.wordMismatch', { word });
    }
    setErrors(next);
    if (next.understand || next.word) {
      focusLater(() => (next.understand ? understandRef.current : wordRef.current));
      return;
    }
    if (running.current) return;
    running.current = true;
    setSubmitting(true);
    setRefused(false);
    postSelfReset().then(
      () => {
        messenger.toast({ kind: 'success', message: t('resetKyc.success') });
        navigate(APP_ROUTES.personal.to(lang));
      },
      (error: unknown) => {
        running.current = false;
        setSubmitting(false);
        // Other failures were reported by the HTTP client (spec §8).
        if (isApiError(error) && error.ret_code === SELF_RESET_REFUSED_CODE) setRefused(true);
      },
    );
  }

  return (
    <Card title={t('resetKyc.confirm.title')}>
      <form className="form-stack" noValidate onSubmit={submit}>
        <div className="check-field">
          <label className="check-field__label">
            <input
              ref={understandRef}
              type="checkbox"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
              aria-invalid={errors.understand ? true : undefined}
              aria-describedby={errors.understand ? 'reset-understand-error' : undefined}
            />
            <span>{t('resetKyc.confirm.understand')}</span>
          </label>
          {errors.understand ? (
            <p id="reset-understand-error" className="field__error">
              {errors.understand}
            </p>
          ) : null}
        </div>
        <TextField
          id="reset-confirm-word"
          ref={wordRef}
          label={t('resetKyc.confirm.typeLabel', { word })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          error={errors.word}
        />
        {refused ? (
          <div className="notice notice--danger" role="alert">
            <p>{t('resetKyc.refused')}</p>
            <Button variant="secondary" size="small" onClick={onRefresh}>
              {t('resetKyc.refresh')}
            </Button>
          </div>
        ) : null}
        <Button type="submit" variant="primary" className="form-stack__submit" loading={submitting}>
          {t('resetKyc.confirm.submit')}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The typed confirmation word as compared: trimmed, upper case, and in one Unicode form (some keyboards
 * type Vietnamese tone marks or other accents as combining characters).
 */
function comparable(text: string): string {
  return text.trim().normalize('NFC').toLocaleUpperCase();
}
