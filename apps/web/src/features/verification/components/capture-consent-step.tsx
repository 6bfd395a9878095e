import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTURE_CONSENT_VERSION } from '@kyc/contracts';

/** The texts of each consent version; a new version adds its own keys here and in the locales. */
const CONSENT_TEXTS = {
  '1': {
    privacy: 'captureSignOff.consent.v1.privacy',
    declaration: 'captureSignOff.consent.v1.declaration',
  },
} as const satisfies Record<typeof CAPTURE_CONSENT_VERSION, { privacy: string; declaration: string }>;

export interface ConsentChoice {
  privacy: boolean;
  declaration: boolean;
}

/**
 * The privacy and biometric-data consent and the "information is true" declaration, asked before an
 * ID and a selfie are submitted (docs/kyc.md "Consent and declaration"). The texts are versioned in
 * the translations (`captureSignOff.consent.v1.*`); both boxes are required, and the server records
 * the version and language with the submission.
 */
export function CaptureConsentStep({
  value,
  onChange,
}: {
  value: ConsentChoice;
  onChange: (next: ConsentChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="kyc-flow__choices kyc-consent" aria-describedby={`${id}-hint`}>
      <legend className="field__label">{t('captureSignOff.consent.legend')}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {t('captureSignOff.consent.intro')}
      </p>
      <label className="kyc-flow__choice kyc-consent__item">
        <input
          type="checkbox"
          checked={value.privacy}
          onChange={(event) => onChange({ ...value, privacy: event.target.checked })}
        />
        <span>{t(CONSENT_TEXTS[CAPTURE_CONSENT_VERSION].privacy)}</span>
      </label>
      <label className="kyc-flow__choice kyc-consent__item">
        <input
          type="checkbox"
          checked={value.declaration}
          onChange={(event) => onChange({ ...value, declaration: event.target.checked })}
        />
        <span>{t(CONSENT_TEXTS[CAPTURE_CONSENT_VERSION].declaration)}</span>
      </label>
      <p className="field__hint">
        {t('captureSignOff.consent.version', { version: CAPTURE_CONSENT_VERSION })}
      </p>
    </fieldset>
  );
}
