import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { fetchAuditChain } from '../api/audit.ts';

/**
 * The audit page's integrity line (issue 11): "Chain verified up to entry N at time T", or, in red and
 * announced at once, "Chain broken at entry N" with how and when it was found. Asked once per visit;
 * the server verifies only what was written since the last check.
 */
export function AuditChainNotice() {
  const { t, i18n } = useTranslation();
  const { resource } = useResource('audit-chain', fetchAuditChain);
  const time = (ms: number | null) => (ms === null ? '' : formatDateTime(ms, i18n.language));

  if (resource.state === 'loading') return <p className="audit-chain">{t('audit.chain.checking')}</p>;
  if (resource.state === 'error') return <p className="audit-chain">{t('audit.chain.unavailable')}</p>;
  const status = resource.data;
  if (status.broken) {
    return (
      <Alert tone="error" className="audit-chain">
        <strong>{t('audit.chain.broken', { id: status.broken.id })}</strong>{' '}
        {t(`audit.chain.kinds.${status.broken.kind}`)}{' '}
        {t('audit.chain.found', { time: time(status.broken.foundAt) })}
      </Alert>
    );
  }
  if (status.verifiedThroughId === 0) return <Alert className="audit-chain">{t('audit.chain.empty')}</Alert>;
  return (
    <Alert className="audit-chain">
      {t('audit.chain.verified', { id: status.verifiedThroughId, time: time(status.verifiedAt) })}
      {status.pending > 0 ? <> {t('audit.chain.pending', { n: status.pending })}</> : null}
    </Alert>
  );
}
