import { useTranslation } from 'react-i18next';
import type { KycInfo, KycStepLevel, KycStepStatus } from '@kyc/contracts';
import { APP_ROUTES } from '../../../lib/navigation/routes';
import { Link, useParams } from '../../../lib/router';
import { helpCenterHref } from '../../../lib/site/help-center';
import { Card } from '../../../ui/card';
import '../../../ui/button.css';
import { useKycInfo } from '../api/use-kyc-info';
import { formatBtc } from './kyc-format';
import { KycInfoView } from './kyc-info-view';
import { btcLimitOf, stepOf } from './kyc-steps';

const NEEDS = {
  1: [
    'guide.step1.needs.document',
    'guide.step1.needs.sides',
    'guide.step1.needs.selfie',
    'guide.step1.needs.details',
  ],
  2: [
    'guide.step2.needs.step1',
    'guide.step2.needs.poa',
    'guide.step2.needs.recent',
    'guide.step2.needs.formats',
  ],
} as const;

const TIPS = {
  1: ['guide.tips.light', 'guide.tips.whole', 'guide.tips.sharp', 'guide.tips.original', 'guide.tips.selfie'],
  2: ['guide.tips.wholePage', 'guide.tips.light', 'guide.tips.sharp', 'guide.tips.original'],
} as const;

type StartableStatus = 'ALLOW' | 'FAILED_AND_CAN_RETRY';

/** spec §4: a step can be started from ALLOW, and started again from FAILED_AND_CAN_RETRY. */
export function isStartable(status: KycStepStatus): status is StartableStatus {
  return status === 'ALLOW' || status === 'FAILED_AND_CAN_RETRY';
}

/** What the start part says when the step cannot be started now (spec §4 step statuses). */
function notStartableText(level: KycStepLevel, status: Exclude<KycStepStatus, StartableStatus>) {
  switch (status) {
    case 'NOT_ALLOW':
      return level === 2 ? 'kyc.step.lockedStep2' : 'kyc.step.lockedStep1';
    case 'PENDING':
      return 'kyc.step.pendingNotice';
    case 'SUCCESS':
      return 'kyc.step.verifiedNotice';
    case 'FAILED_AND_CAN_NOT_RETRY':
      return 'kyc.step.rejectedFinal';
    case 'CERTIFICATION_DISABLED':
      return 'kyc.step.countryDisabled';
  }
}

/**
 * The user guide of one verification level (spec §2 step1, step2): what the level needs, what it
 * unlocks (the level's BTC limit from kyc-info quotas), tips for good photos, and a start button to
 * the kyc screen of that level when the step can be started (otherwise why not).
 */
export function LevelGuide({ level }: { level: KycStepLevel }) {
  const { t } = useTranslation();
  const { lang = 'en' } = useParams();
  const { load, reload } = useKycInfo();

  return (
    <>
      <p className="page__intro">{t(level === 1 ? 'guide.step1.intro' : 'guide.step2.intro')}</p>
      <div className="guide-grid">
        <Card title={t('guide.needsTitle')}>
          <ul className="check-list">
            {NEEDS[level].map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </Card>
        <Card title={t('guide.tipsTitle')}>
          <ul className="check-list">
            {TIPS[level].map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </Card>
      </div>
      <KycInfoView load={load} onRetry={reload}>
        {(info) => <GuideStart info={info} level={level} lang={lang} />}
      </KycInfoView>
      <p>
        <a href={helpCenterHref('guide', undefined, lang)}>{t('guide.helpLink')}</a>
      </p>
    </>
  );
}

function GuideStart({ info, level, lang }: { info: KycInfo; level: KycStepLevel; lang: string }) {
  const { t, i18n } = useTranslation();
  const status = stepOf(info, level).status;
  const limit = btcLimitOf(info.quotas, level);
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <Card title={t('guide.unlocksTitle')}>
      <div className="guide-start">
        {limit !== null ? <p>{t('guide.unlocks', { amount: formatBtc(limit, language) })}</p> : null}
        {isStartable(status) ? (
          <Link className="btn btn--primary btn--middle" to={`/${lang}/auth/kyc?level=${level}`}>
            {t(status === 'ALLOW' ? 'guide.start' : 'guide.retry', { level })}
          </Link>
        ) : (
          <p className="notice notice--info" role="note">
            {t(notStartableText(level, status))}
          </p>
        )}
        <Link to={APP_ROUTES.personal.to(lang)}>{t('guide.backToPersonal')}</Link>
      </div>
    </Card>
  );
}
