import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycInfo, KycStateEntry, KycStepLevel, LevelQuota } from '@kyc/contracts';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { useParams } from '../../../lib/router';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { Card } from '../../../ui/card';
import { ErrorState } from '../../../ui/error-state';
import { Spinner } from '../../../ui/spinner';
import { getKycInfo } from '../api/kyc-info';
import { formatBtc } from '../components/kyc-format';
import { ReverificationPanel } from '../components/reverification-panel';
import { StepCard } from '../components/step-card';
import './personal-screen.css';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; info: KycInfo };

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

/** spec §4: a step missing from the state entries is NOT_ALLOW (INDIVIDUAL). */
function stepOf(info: KycInfo, level: KycStepLevel): KycStateEntry {
  return (
    info.state?.find((entry) => entry.level === level) ?? {
      level,
      status: 'NOT_ALLOW',
      type: 'INDIVIDUAL',
      rejectReasonCode: '',
      rejectReason: '',
    }
  );
}

/** The BTC limit of a level from the quotas list; null when the quotas were not returned. */
function btcLimitOf(quotas: LevelQuota[] | undefined, level: number): number | null {
  if (!quotas) return null;
  return quotas.find((q) => q.level === level)?.coinLimit.find((c) => c.coin === 'BTC')?.limit ?? 0;
}

/**
 * /auth and /auth/personal (spec §2): the personal identity-verification screen — the account, the
 * current level and its quota, the two step cards (spec §4 step statuses), banner tags and the
 * re-verification panel (spec §2, §4), from kyc-info.
 */
export default function PersonalScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.personal');
  const user = useAppSelector(selectUser);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getKycInfo({ signal: controller.signal }).then(
      (info) => {
        if (!controller.signal.aborted) setLoad({ status: 'ready', info });
      },
      () => {
        if (!controller.signal.aborted) setLoad({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

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
      {load.status === 'loading' ? (
        <div className="kyc-loading">
          <Spinner label={t('kyc.loading')} />
        </div>
      ) : null}
      {load.status === 'error' ? (
        <ErrorState
          title={t('kyc.loadError.title')}
          message={t('kyc.loadError.message')}
          actionLabel={t('kyc.loadError.retry')}
          onAction={retry}
        />
      ) : null}
      {load.status === 'ready' ? <VerificationState info={load.info} /> : null}
    </div>
  );
}

function VerificationState({ info }: { info: KycInfo }) {
  const { t, i18n } = useTranslation();
  const { lang = 'en' } = useParams();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const level = info.applicant?.level ?? 0;
  const quota = info.currentLevelQuota ?? btcLimitOf(info.quotas, level) ?? 0;
  const banners = info.bannerTags.filter(isBannerTag);
  const unlocks = (stepLevel: KycStepLevel) => {
    const limit = btcLimitOf(info.quotas, stepLevel);
    return limit === null ? null : formatBtc(limit, language);
  };

  return (
    <>
      {banners.length > 0 ? (
        <ul className="kyc-banners" aria-label={t('kyc.banner.label')}>
          {banners.map((tag) => (
            <li key={tag} className={`notice notice--${tag === 'KYC_PENDING' ? 'info' : 'warn'}`}>
              {t(BANNER_TEXT[tag])}
            </li>
          ))}
        </ul>
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
              unlocks={unlocks(stepLevel)}
              lang={lang}
            />
          );
        })}
      </div>
    </>
  );
}
