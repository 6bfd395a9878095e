import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycInfo, KycStepLevel, Notice } from '@kyc/contracts';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { retryableLazy } from '../../../lib/lazy/retryable-lazy';
import { useParams } from '../../../lib/router';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { Card } from '../../../ui/card';
import { ErrorBoundary } from '../../../ui/error-boundary';
import { useKycInfo, type KycInfoLoad } from '../api/use-kyc-info';
import { useNotices } from '../api/use-notices';
import { formatBtc } from '../components/kyc-format';
import { FrozenAccount, isAccountFrozen } from '../components/frozen-account';
import { KycInfoView } from '../components/kyc-info-view';
import { btcLimitOf, stepOf } from '../components/kyc-steps';
import { ManageVerification } from '../components/manage-verification';
import { ReverificationPanel } from '../components/reverification-panel';
import { StepCard } from '../components/step-card';
import './personal-screen.css';

/**
 * "What to do next" sits below the step cards, out of the first screen on a phone: its code (and the
 * compliance-tasks call it reads the tasks with) loads after the first paint, in the space kept for it.
 * The decision notices arrive with a request of their own after kyc-info anyway, so their code waits
 * too. Each of these is a widget that can fail alone, inside an error boundary of its own.
 */
const DecisionNotices = retryableLazy(() =>
  import('../components/decision-notices').then((m) => ({ default: m.DecisionNotices })),
);
const NextSteps = retryableLazy(() =>
  import('../components/next-steps').then((m) => ({ default: m.NextSteps })),
);
/** Issue 19: the correction step, asked only while level 1 is under review (its own request and chunk). */
const DocumentCorrection = retryableLazy(() =>
  import('../correction/document-correction').then((m) => ({ default: m.DocumentCorrection })),
);
/** The partner links (docs/sdk.md "Partner links") come last on the page: their code loads after it. */
const PartnerLinks = retryableLazy(() =>
  import('../components/partner-links').then((m) => ({ default: m.PartnerLinks })),
);

/** spec §3 bannerTags the server derives (docs/kyc.md); other tags are not shown. */
const BANNER_TEXT = {
  KYC_PENDING: 'kyc.banner.KYC_PENDING',
  KYC_REJECTED: 'kyc.banner.KYC_REJECTED',
  KYC_COUNTRY_DISABLED: 'kyc.banner.KYC_COUNTRY_DISABLED',
  REVERIFY_NEEDED: 'kyc.banner.REVERIFY_NEEDED',
  ACCOUNT_LIMITED: 'kyc.banner.ACCOUNT_LIMITED',
} as const;
type BannerTag = keyof typeof BANNER_TEXT;
const isBannerTag = (tag: string): tag is BannerTag => Object.hasOwn(BANNER_TEXT, tag);

/**
 * /auth and /auth/personal (spec §2): the personal identity-verification screen — the account, the
 * current level and its quota, the two step cards (spec §4 step statuses), banner tags and the
 * re-verification panel (spec §2, §4), from kyc-info. `sections`: what other features add below (the
 * app layer composes them, app/personal-page.tsx; features never import each other).
 */
export default function PersonalScreen({ sections }: { sections?: ReactNode }) {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.personal');
  const user = useAppSelector(selectUser);
  const { load: info, reload: retry } = useKycInfo();
  const notices = useNotices();
  // The page appears with its notices at once (no shift when they arrive a moment after kyc-info).
  const load: KycInfoLoad =
    notices.status === 'loading' && info.status === 'ready' ? { status: 'loading' } : info;

  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__intro">{t('personal.intro')}</p>
      <Card title={t('personal.account.title')}>
        <dl className="account-summary">
          <div className="account-summary__item">
            <dt>{t('personal.account.uid')}</dt>
            <dd>
              <bdi>{user.id}</bdi>
            </dd>
          </div>
          <div className="account-summary__item">
            <dt>{t('personal.account.email')}</dt>
            <dd>
              <bdi>{user.email}</bdi>
            </dd>
          </div>
        </dl>
      </Card>
      <KycInfoView load={load} onRetry={retry} skeleton={<VerificationSkeleton />}>
        {(info) => (
          <VerificationState info={info} notices={notices.status === 'done' ? notices.notices : []} />
        )}
      </KycInfoView>
      {sections}
    </div>
  );
}

/**
 * What the verification part will look like, while kyc-info loads: the level card, the two step cards
 * and the manage card as empty boxes of their usual sizes (personal-screen.css), so that nothing moves
 * when the data arrives (Lighthouse CLS, docs/decisions.md D34).
 */
function VerificationSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="verification-skeleton" role="status">
      <span className="visually-hidden">{t('kyc.loading')}</span>
      <div className="verification-skeleton__box verification-skeleton__box--level" />
      <div className="verification-steps">
        <div className="verification-skeleton__box verification-skeleton__box--step" />
        <div className="verification-skeleton__box verification-skeleton__box--step" />
      </div>
      <div className="verification-skeleton__box verification-skeleton__box--manage" />
    </div>
  );
}

function VerificationState({ info, notices }: { info: KycInfo; notices: Notice[] }) {
  const { t, i18n } = useTranslation();
  const { lang = 'en' } = useParams();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const level = info.applicant?.level ?? 0;
  const quota = info.currentLevelQuota ?? btcLimitOf(info.quotas, level) ?? 0;
  // Issue 18: a frozen account (a true screening match) shows only where to get help, nothing to start.
  if (isAccountFrozen(info)) return <FrozenAccount lang={lang} />;
  const banners = info.bannerTags.filter(isBannerTag);
  const unlocks = (stepLevel: KycStepLevel) => {
    const limit = btcLimitOf(info.quotas, stepLevel);
    return limit === null ? null : formatBtc(limit, language);
  };

  return (
    <>
      {notices.length > 0 ? (
        <ErrorBoundary depth="widget">
          <Suspense fallback={null}>
            <DecisionNotices notices={notices} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      {banners.length > 0 ? (
        <ul className="kyc-banners" aria-label={t('kyc.banner.label')}>
          {banners.map((tag) => (
            <li key={tag} className={`notice notice--${tag === 'KYC_PENDING' ? 'info' : 'warn'}`}>
              {t(BANNER_TEXT[tag])}
            </li>
          ))}
        </ul>
      ) : null}
      {stepOf(info, 1).status === 'PENDING' ? (
        <ErrorBoundary depth="widget">
          <Suspense fallback={null}>
            <DocumentCorrection />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      <ReverificationPanel poi={info.displayControl.displayUpdatePOI} lang={lang} />
      <Card title={t('kyc.level.title')}>
        <dl className="kyc-level">
          <div className="kyc-level__item">
            <dt>{t('kyc.level.current')}</dt>
            <dd>{level > 0 ? t('kyc.level.value', { level }) : t('kyc.level.none')}</dd>
          </div>
          <div className="kyc-level__item">
            <dt>{t('kyc.level.quota')}</dt>
            <dd>
              <bdi>{t('kyc.level.btc', { amount: formatBtc(quota, language) })}</bdi>
            </dd>
          </div>
        </dl>
      </Card>
      <div className="verification-steps">
        {([1, 2] as const).map((stepLevel) => {
          const step = stepOf(info, stepLevel);
          return (
            <StepCard
              key={stepLevel}
              level={stepLevel}
              title={t(stepLevel === 1 ? 'personal.step1' : 'personal.step2')}
              status={step.status}
              rejectReason={step.rejectReason}
              rejectReasonCode={step.rejectReasonCode}
              unlocks={unlocks(stepLevel)}
              lang={lang}
            />
          );
        })}
      </div>
      <ErrorBoundary depth="widget">
        <Suspense fallback={<div className="card next-steps" aria-busy="true" />}>
          <NextSteps info={info} lang={lang} />
        </Suspense>
      </ErrorBoundary>
      <ManageVerification info={info} lang={lang} />
      <ErrorBoundary depth="widget">
        <Suspense fallback={null}>
          <PartnerLinks />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
