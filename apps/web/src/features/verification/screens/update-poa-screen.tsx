import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycInfo, UpdatePoaResult } from '@kyc/contracts';
import { isApiError } from '../../../lib/http';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { APP_ROUTES } from '../../../lib/navigation/routes';
import { Link, useParams } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { postUpdatePoa, UPDATE_POA_REFUSED_CODE } from '../api/update-poa';
import { useKycInfo } from '../api/use-kyc-info';
import { DocumentCapture } from '../capture/document-capture';
import { newIdempotencyKey, serverDecided } from '../components/idempotency';
import { KycInfoView } from '../components/kyc-info-view';
import { stepOf } from '../components/kyc-steps';
import { useFocusAfterRender } from '../components/use-focus-after-render';
import './personal-screen.css';
import './verification-forms.css';

/** What a proof of address may be: PDF, JPEG or PNG (docs/kyc.md uploads). */
const POA_ACCEPT = 'application/pdf,image/jpeg,image/png';

/**
 * /auth/updatePOA (spec §2 "update proof of address"): a user verified at level 2 uploads a new proof
 * of address and submits it with POST update-poa. On the Hong Kong site
 * (displayControl.displayHkgPoaAgreement) the user must first accept the HK proof-of-address agreement.
 */
export default function UpdatePoaScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.updatePOA');
  const { load, reload } = useKycInfo();
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__intro">{t('updatePoa.intro')}</p>
      <KycInfoView load={load} onRetry={reload}>
        {(info) => <UpdatePoaContent info={info} />}
      </KycInfoView>
    </div>
  );
}

function UpdatePoaContent({ info }: { info: KycInfo }) {
  const { t } = useTranslation();
  const { lang = 'en' } = useParams();
  const [submitted, setSubmitted] = useState<UpdatePoaResult | null>(null);
  const status = stepOf(info, 2).status;
  const back = <Link to={APP_ROUTES.personal.to(lang)}>{t('updatePoa.backToPersonal')}</Link>;

  if (submitted) {
    return (
      <Card title={t('updatePoa.submitted.title')}>
        <div className="form-stack">
          <p className="notice notice--info" role="status">
            {t('updatePoa.submitted.text')}
          </p>
          {back}
        </div>
      </Card>
    );
  }
  if (status !== 'SUCCESS') {
    return (
      <div className="notice notice--warn" role="note">
        <p>
          {t(status === 'PENDING' ? 'updatePoa.unavailable.pending' : 'updatePoa.unavailable.notVerified')}
        </p>
        {back}
      </div>
    );
  }
  return (
    <UpdatePoaForm hkgAgreement={info.displayControl.displayHkgPoaAgreement} onSubmitted={setSubmitted} />
  );
}

interface Errors {
  document?: string;
  agreement?: string;
}

function UpdatePoaForm({
  hkgAgreement,
  onSubmitted,
}: {
  hkgAgreement: boolean;
  onSubmitted: (result: UpdatePoaResult) => void;
}) {
  const { t } = useTranslation();
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const documentErrorRef = useRef<HTMLParagraphElement>(null);
  const agreementRef = useRef<HTMLInputElement>(null);
  const focusLater = useFocusAfterRender();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (running.current) return;
    const next: Errors = {};
    if (!documentId) next.document = t('updatePoa.validation.document');
    if (hkgAgreement && !agreed) next.agreement = t('updatePoa.hkg.required');
    setErrors(next);
    if (next.document || next.agreement || !documentId) {
      focusLater(() => (next.document ? documentErrorRef.current : agreementRef.current));
      return;
    }
    running.current = true;
    setSubmitting(true);
    setRefused(false);
    idempotencyKey.current ??= newIdempotencyKey();
    postUpdatePoa(
      { documentIds: [documentId], ...(hkgAgreement ? { hkgPoaAgreement: true } : {}) },
      idempotencyKey.current,
    ).then(onSubmitted, (error: unknown) => {
      running.current = false;
      setSubmitting(false);
      if (serverDecided(error)) idempotencyKey.current = null;
      // The other failures were reported by the HTTP client (spec §8).
      if (isApiError(error) && error.ret_code === UPDATE_POA_REFUSED_CODE) setRefused(true);
    });
  }

  return (
    <form className="form-stack" noValidate onSubmit={submit}>
      <Card title={t('updatePoa.requirements.title')}>
        <ul className="check-list">
          <li>{t('updatePoa.requirements.kinds')}</li>
          <li>{t('updatePoa.requirements.recent')}</li>
          <li>{t('updatePoa.requirements.name')}</li>
          <li>{t('updatePoa.requirements.formats')}</li>
        </ul>
      </Card>
      <Card title={t('updatePoa.documentTitle')}>
        <div className="form-stack">
          <DocumentCapture
            side="poa"
            label={t('updatePoa.capture')}
            hint={t('updatePoa.captureHint')}
            facing="environment"
            accept={POA_ACCEPT}
            onUploaded={(result) => {
              setDocumentId(result.documentId);
              setErrors((current) => ({ ...current, document: undefined }));
            }}
            onCleared={() => setDocumentId(null)}
          />
          {errors.document ? (
            <p ref={documentErrorRef} tabIndex={-1} className="field__error">
              {errors.document}
            </p>
          ) : null}
        </div>
      </Card>
      {hkgAgreement ? (
        <Card title={t('updatePoa.hkg.title')}>
          <div className="form-stack">
            {/* Focusable so that a keyboard can scroll it when the text is longer than its box. */}
            <div className="agreement-text" tabIndex={0}>
              <p>{t('updatePoa.hkg.residence')}</p>
              <p>{t('updatePoa.hkg.verification')}</p>
              <p>{t('updatePoa.hkg.accuracy')}</p>
            </div>
            <div className="check-field">
              <label className="check-field__label">
                <input
                  ref={agreementRef}
                  type="checkbox"
                  checked={agreed}
                  required
                  onChange={(event) => {
                    setAgreed(event.target.checked);
                    if (event.target.checked) setErrors((current) => ({ ...current, agreement: undefined }));
                  }}
                  aria-invalid={errors.agreement ? true : undefined}
                  aria-describedby={errors.agreement ? 'poa-agreement-error' : undefined}
                />
                <span>{t('updatePoa.hkg.agree')}</span>
              </label>
              {errors.agreement ? (
                <p id="poa-agreement-error" className="field__error">
                  {errors.agreement}
                </p>
              ) : null}
            </div>
          </div>
        </Card>
      ) : null}
      {refused ? (
        <div className="notice notice--danger" role="alert">
          <p>{t('updatePoa.refused')}</p>
        </div>
      ) : null}
      <Button type="submit" variant="primary" className="form-stack__submit" loading={submitting}>
        {t('updatePoa.submit')}
      </Button>
    </form>
  );
}
