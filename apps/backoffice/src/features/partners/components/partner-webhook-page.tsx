import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SDK_CODE_PATTERN } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Card } from '../../../ui/card.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchWebhook } from '../api/partner-webhooks.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookForm } from './webhook-form.tsx';
import './partners.css';

/**
 * One partner's webhook (admin, docs/sdk.md "Webhooks to partners"): the address, enabled flag and
 * secret (webhook-form), then the deliveries with their redelivery (webhook-deliveries).
 */
export function PartnerWebhookPage() {
  const { t } = useTranslation();
  const raw = useParams().partnerId ?? '';
  const partnerId = SDK_CODE_PATTERN.test(raw) ? raw : null;
  const title = t('partnerWebhook.title', { partner: partnerId ?? '' });
  useDocumentTitle(title);
  const { resource, reload, replace } = useResource(`webhook:${raw}`, (signal) =>
    partnerId ? fetchWebhook(partnerId, signal) : Promise.resolve({ webhook: null }),
  );

  return (
    <>
      <p>
        <Link to={paths.partners.getHref()}>{t('partnerWebhook.back')}</Link>
      </p>
      <h1>{title}</h1>
      <p className="partners-intro">{t('partnerWebhook.intro')}</p>
      {partnerId === null ? (
        <Card>
          <p>{t('partnerWebhook.notFound')}</p>
        </Card>
      ) : (
        <>
          {resource.state === 'loading' ? <Spinner label={t('app.loading')} /> : null}
          {resource.state === 'error' ? (
            <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
          ) : null}
          {resource.state === 'ready' ? (
            <WebhookForm
              partnerId={partnerId}
              webhook={resource.data.webhook}
              onSaved={(saved) => replace({ webhook: saved.webhook })}
            />
          ) : null}
          <WebhookDeliveries partnerId={partnerId} />
        </>
      )}
    </>
  );
}
