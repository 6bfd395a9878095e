import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdatePoaResult } from '@kyc/contracts';
import { Card } from '../../../ui/card';
import { postUpdatePoa, UPDATE_POA_REFUSED_CODE } from '../api/update-poa';
import { DocumentCapture } from '../capture/document-capture';
import { UpdateForm, UpdateFrame, type UpdateFrameTexts } from '../components/update-frame';
import { useFocusAfterRender } from '../components/use-focus-after-render';
import { useUpdateSubmission } from '../components/use-update-submission';
import './personal-screen.css';
import './verification-forms.css';

/** What a proof of address may be: PDF, JPEG or PNG (docs/kyc.md uploads). */
const POA_ACCEPT = 'application/pdf,image/jpeg,image/png';

const TEXTS = {
  intro: 'updatePoa.intro',
  unavailablePending: 'updatePoa.unavailable.pending',
  unavailableNotVerified: 'updatePoa.unavailable.notVerified',
  submittedTitle: 'updatePoa.submitted.title',
  submittedText: 'updatePoa.submitted.text',
  backToPersonal: 'updatePoa.backToPersonal',
} as const satisfies UpdateFrameTexts;

/**
 * /auth/updatePOA (spec §2 "update proof of address"): a user verified at level 2 uploads a new proof
 * of address and submits it with POST update-poa. On the Hong Kong site
 * (displayControl.displayHkgPoaAgreement) the user must first accept the HK proof-of-address agreement.
 */
export default function UpdatePoaScreen() {
  return (
    <UpdateFrame titleKey="screens.updatePOA" level={2} texts={TEXTS}>
      {(info, onSubmitted) => (
        <UpdatePoaForm hkgAgreement={info.displayControl.displayHkgPoaAgreement} onSubmitted={onSubmitted} />
      )}
    </UpdateFrame>
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
  const { submitting, refusal, handleSubmit } = useUpdateSubmission({
    onSubmitted,
    refusalOf: (retCode) => (retCode === UPDATE_POA_REFUSED_CODE ? 'updatePoa.refused' : null),
  });
  const documentErrorRef = useRef<HTMLParagraphElement>(null);
  const agreementRef = useRef<HTMLInputElement>(null);
  const focusLater = useFocusAfterRender();

  const submit = handleSubmit(() => {
    const next: Errors = {};
    if (!documentId) next.document = t('updatePoa.validation.document');
    if (hkgAgreement && !agreed) next.agreement = t('updatePoa.hkg.required');
    setErrors(next);
    if (next.document || next.agreement || !documentId) {
      focusLater(() => (next.document ? documentErrorRef.current : agreementRef.current));
      return null;
    }
    const body = { documentIds: [documentId], ...(hkgAgreement ? { hkgPoaAgreement: true } : {}) };
    return (idempotencyKey) => postUpdatePoa(body, idempotencyKey);
  });

  return (
    <UpdateForm onSubmit={submit} refusal={refusal} submitting={submitting} submitLabel="updatePoa.submit">
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
    </UpdateForm>
  );
}
