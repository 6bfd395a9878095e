import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { KycInfo, KycStepLevel } from '@kyc/contracts';
import { useScreenTitle, type ScreenTitleKey } from '../../../lib/i18n/use-screen-title';
import { APP_ROUTES } from '../../../lib/navigation/routes';
import { Link, useParams } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useKycInfo } from '../api/use-kyc-info';
import { KycInfoView } from './kyc-info-view';
import { stepOf } from './kyc-steps';

type TextKey = ParseKeys<'user-accounts'>;

/** The texts an update screen brings to the frame. */
export interface UpdateFrameTexts {
  intro: TextKey;
  /** The level is under review (PENDING). */
  unavailablePending: TextKey;
  /** The level is in any other state but SUCCESS. */
  unavailableNotVerified: TextKey;
  submittedTitle: TextKey;
  submittedText: TextKey;
  backToPersonal: TextKey;
}

export interface UpdateFrameProps {
  titleKey: ScreenTitleKey;
  /** The level whose verified result the screen replaces (1 identity document, 2 proof of address). */
  level: KycStepLevel;
  texts: UpdateFrameTexts;
  /** The screen's own form; it calls `onSubmitted` once the server has accepted the submission. */
  children: (info: KycInfo, onSubmitted: () => void) => ReactNode;
}

/**
 * The frame of the update screens (spec §2 updatekyc, updatePOA): title and intro, kyc-info, then the
 * form only while the level is verified (SUCCESS), otherwise why not; after the submission the
 * "under review" card. Both ways out link back to the personal screen.
 */
export function UpdateFrame({ titleKey, level, texts, children }: UpdateFrameProps) {
  const { t } = useTranslation();
  const title = useScreenTitle(titleKey);
  const { load, reload } = useKycInfo();
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__intro">{t(texts.intro)}</p>
      <KycInfoView load={load} onRetry={reload}>
        {(info) => (
          <UpdateGate info={info} level={level} texts={texts}>
            {children}
          </UpdateGate>
        )}
      </KycInfoView>
    </div>
  );
}

function UpdateGate({
  info,
  level,
  texts,
  children,
}: Omit<UpdateFrameProps, 'titleKey'> & { info: KycInfo }) {
  const { t } = useTranslation();
  const { lang = 'en' } = useParams();
  const [submitted, setSubmitted] = useState(false);
  const status = stepOf(info, level).status;
  const back = <Link to={APP_ROUTES.personal.to(lang)}>{t(texts.backToPersonal)}</Link>;

  if (submitted) {
    return (
      <Card title={t(texts.submittedTitle)}>
        <div className="form-stack">
          <p className="notice notice--info" role="status">
            {t(texts.submittedText)}
          </p>
          {back}
        </div>
      </Card>
    );
  }
  if (status !== 'SUCCESS') {
    return (
      <div className="notice notice--warn" role="note">
        <p>{t(status === 'PENDING' ? texts.unavailablePending : texts.unavailableNotVerified)}</p>
        {back}
      </div>
    );
  }
  return children(info, () => setSubmitted(true));
}

export interface UpdateFormProps {
  onSubmit: (event: FormEvent) => void;
  /** The message key of the server's refusal of the last attempt, shown inline. */
  refusal: TextKey | null;
  submitting: boolean;
  submitLabel: TextKey;
  /** The screen's cards. */
  children: ReactNode;
}

/** The form of an update screen: the screen's cards, the inline refusal, the submit button. */
export function UpdateForm({ onSubmit, refusal, submitting, submitLabel, children }: UpdateFormProps) {
  const { t } = useTranslation();
  return (
    <form className="form-stack" noValidate onSubmit={onSubmit}>
      {children}
      {refusal ? (
        <div className="notice notice--danger" role="alert">
          <p>{t(refusal)}</p>
        </div>
      ) : null}
      <Button type="submit" variant="primary" className="form-stack__submit" loading={submitting}>
        {t(submitLabel)}
      </Button>
    </form>
  );
}
