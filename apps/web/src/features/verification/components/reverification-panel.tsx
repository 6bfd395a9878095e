import type { DisplayUpdatePoi } from '@kyc/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import '../../../ui/button.css';
import { formatDeadline } from './kyc-format';
import { useReverificationStart } from './use-reverification-start';

/** spec §2: the Turkey region is when the site and the country are both Turkey. */
export function isTurkeyRegion(siteInfo: DisplayUpdatePoi['siteInfo']): boolean {
  const site = siteInfo.site.toUpperCase();
  const country = siteInfo.country.toUpperCase();
  return (site === 'TUR' || site === 'TR') && (country === 'TR' || country === 'TUR');
}

const DEFAULT_REQUIREMENTS = [
  'kyc.reverify.requirements.default.indianId',
  'kyc.reverify.requirements.default.panCard',
  'kyc.reverify.requirements.default.singleAccount',
] as const;
const TURKEY_REQUIREMENTS = [
  'kyc.reverify.requirements.turkey.interview',
  'kyc.reverify.requirements.turkey.nfc',
] as const;

export interface ReverificationPanelProps {
  poi: DisplayUpdatePoi;
  /** The page language, for the SDK page a start goes to. */
  lang: string;
}

/**
 * The re-verification panel (spec §2 "Re-verification screen", §4 re-verification status): hidden for
 * DisplayUpdatePOIStatus_No; otherwise the important note, the deadline, the region's requirements and
 * the status's notice and button. 'verify' and 'resubmit' start a session and go to the SDK page.
 */
export function ReverificationPanel({ poi, lang }: ReverificationPanelProps) {
  const { t, i18n } = useTranslation();
  const { starting, start } = useReverificationStart(lang, t('kyc.reverify.startFailed'));
  if (poi.status === 'DisplayUpdatePOIStatus_No') return null;
  const turkey = isTurkeyRegion(poi.siteInfo);
  const requirements = turkey ? TURKEY_REQUIREMENTS : DEFAULT_REQUIREMENTS;
  const date =
    poi.deadline === null ? null : formatDeadline(poi.deadline, i18n.resolvedLanguage ?? i18n.language);
  const rejected =
    poi.status === 'DisplayUpdatePOIStatus_Rejected' ||
    poi.status === 'DisplayUpdatePOIStatus_Rejected_Daily';
  const reason = poi.rejectReason.trim() || t('kyc.step.noReason');

  return (
    <section className="card reverify" aria-labelledby="kyc-reverify-title">
      <h2 id="kyc-reverify-title" className="card__title">
        {t('kyc.reverify.title')}
      </h2>
      <div className="notice notice--warn">
        <p className="notice__title">{t('kyc.reverify.importantNote')}</p>
        <p>{t('kyc.reverify.documents')}</p>
        {date !== null && poi.status !== 'DisplayUpdatePOIStatus_Pending' ? (
          <p>{t('kyc.reverify.deadline', { date })}</p>
        ) : null}
      </div>
      <div className="reverify__requirements">
        <h3 className="reverify__subtitle">{t('kyc.reverify.requirementsTitle')}</h3>
        <ul className="reverify__list">
          {requirements.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </div>

      {poi.status === 'DisplayUpdatePOIStatus_Needed' ? (
        turkey ? (
          <p className="notice notice--info">{t('kyc.reverify.downloadApp')}</p>
        ) : (
          <Button
            variant="primary"
            className="reverify__action"
            loading={starting === 'verify'}
            onClick={() => start('verify')}
          >
            {t('kyc.reverify.verify')}
          </Button>
        )
      ) : null}

      {poi.status === 'DisplayUpdatePOIStatus_Pending' ? (
        <>
          <div className="notice notice--info" role="status">
            <p>{t('kyc.reverify.pending')}</p>
            {date !== null ? <p>{t('kyc.reverify.pendingDeadline', { date })}</p> : null}
          </div>
          <Button variant="primary" className="reverify__action" disabled>
            {t('kyc.reverify.reviewing')}
          </Button>
        </>
      ) : null}

      {rejected ? (
        <>
          <div className="notice notice--danger">
            <p className="notice__title">{t('kyc.reverify.reviewFailed')}</p>
            <p>
              {t('kyc.step.reasonLabel')} <bdi>{reason}</bdi>
            </p>
            {poi.status === 'DisplayUpdatePOIStatus_Rejected_Daily' ? (
              <p>{t('kyc.reverify.dailyLimit')}</p>
            ) : turkey ? (
              <p>{t('kyc.reverify.appRequired')}</p>
            ) : null}
          </div>
          {poi.status === 'DisplayUpdatePOIStatus_Rejected' && !turkey ? (
            <Button
              variant="primary"
              className="reverify__action"
              loading={starting === 'resubmit'}
              onClick={() => start('resubmit')}
            >
              {t('kyc.reverify.resubmit')}
            </Button>
          ) : (
            <Button variant="primary" className="reverify__action" disabled>
              {t(turkey ? 'kyc.reverify.resubmitApp' : 'kyc.reverify.resubmit')}
            </Button>
          )}
        </>
      ) : null}
    </section>
  );
}
