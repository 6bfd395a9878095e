import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattingLocale, type PartnerLinkView } from '@kyc/contracts';
import { isApiError } from '../../../lib/http';
import { isolate } from '../../../lib/i18n/bidi';
import { errorMessage } from '../../../lib/i18n/error-message';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { getPartnerLinks, revokePartnerLink } from '../api/partner-links';
import './partner-links.css';

/**
 * "Apps you share your verification with" on the personal page (docs/sdk.md "Partner links"): each
 * partner the person agreed to, since when and under which consent version, with Revoke behind a
 * confirmation. Shown only when there is a link (or one was just revoked), so most people never see an
 * empty card; it sits at the end of the page, so its late arrival moves nothing above it.
 */
export function PartnerLinks() {
  const { t, i18n } = useTranslation();
  const [links, setLinks] = useState<PartnerLinkView[]>([]);
  const [confirming, setConfirming] = useState<PartnerLinkView | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getPartnerLinks().then(
      // An answer without a list (an older server) shows nothing rather than breaking the page.
      (answer) => live && setLinks(answer?.links ?? []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (links.length === 0 && revoked === null) return null;
  const date = new Intl.DateTimeFormat(formattingLocale(i18n.language), { dateStyle: 'long' });

  const revoke = async (link: PartnerLinkView) => {
    setPending(true);
    setError(null);
    try {
      await revokePartnerLink(link.id);
      setLinks((current) => current.filter((item) => item.id !== link.id));
      setRevoked(link.businessName);
      setConfirming(null);
    } catch (failure) {
      setError(isApiError(failure) ? errorMessage(i18n, failure) : t('login.errors.unexpected'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card title={t('partnerLinks.title')} className="partner-links">
      <p className="partner-links__intro">{t('partnerLinks.intro')}</p>
      <div role="status" className="partner-links__status">
        {revoked !== null ? t('partnerLinks.revoked', { partner: isolate(revoked) }) : null}
      </div>
      {links.length > 0 ? (
        <ul className="partner-links__list">
          {links.map((link) => (
            <li key={link.id} className="partner-links__item">
              <div className="partner-links__text">
                <strong className="partner-links__name">
                  <bdi>{link.businessName}</bdi>
                </strong>
                <span className="partner-links__meta">
                  {t('partnerLinks.since', { date: isolate(date.format(link.since)) })}
                </span>
                <span className="partner-links__meta">
                  {t('partnerLinks.version', { version: isolate(link.consentVersion) })}
                </span>
              </div>
              <Button
                variant="secondary"
                size="small"
                aria-label={t('partnerLinks.revokeNamed', { partner: link.businessName })}
                onClick={() => {
                  setError(null);
                  setConfirming(link);
                }}
              >
                {t('partnerLinks.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('partnerLinks.dialog.title', { partner: isolate(confirming.businessName) })}
          confirmLabel={t('partnerLinks.dialog.confirm')}
          cancelLabel={t('partnerLinks.dialog.cancel')}
          pending={pending}
          error={error}
          onConfirm={() => void revoke(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>{t('partnerLinks.dialog.body', { partner: isolate(confirming.businessName) })}</p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
