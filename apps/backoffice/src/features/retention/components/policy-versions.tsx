import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchPolicyVersions, type PolicyVersion } from '../api/policies.ts';
import { useRetentionLabels } from '../retention-labels.ts';

function VersionEntry({ entry }: { entry: PolicyVersion }) {
  const { t, i18n } = useTranslation();
  const labels = useRetentionLabels();
  return (
    <li className="retention-version">
      <h3>
        {t('retention.versions.title', {
          version: entry.version,
          at: formatDateTime(entry.createdAt, i18n.language),
        })}
      </h3>
      <p>
        {entry.createdBy === null
          ? t('retention.versions.defaults')
          : t('retention.versions.by', { name: entry.createdByName ?? `#${entry.createdBy}` })}
        {entry.reason && entry.createdBy !== null ? (
          <>
            {' · '}
            {t('retention.versions.reason')}{' '}
            <span className="ui-message" dir="auto">
              {entry.reason}
            </span>
          </>
        ) : null}
      </p>
      {entry.changes.length > 0 ? (
        <ul className="retention-version__changes">
          {entry.changes.map((c) => (
            <li key={`${c.site}/${c.kind}`}>
              {t('retention.versions.change', {
                site: labels.site(c.site),
                kind: labels.kind(c.kind),
                from: c.from ? `${labels.period(c.from.period)}, ${labels.clock(c.from.clock)}` : '—',
                to: `${labels.period(c.to.period)}, ${labels.clock(c.to.clock)}`,
              })}
              {c.from && c.from.legalSource !== c.to.legalSource ? (
                <> {t('retention.versions.sourceChanged', { source: c.to.legalSource })}</>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The versions of the policies, newest first (GET …/policies/versions, by cursor): each with who saved it,
 * why, and what it changed over the one before. "Older versions" reads the next page below.
 */
export function PolicyVersions({ current }: { current: number }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  return (
    <Card as="section" aria-labelledby="retention-versions">
      <h2 id="retention-versions">{t('retention.versions.heading')}</h2>
      <ol className="retention-versions">
        {pages.map((cursor, i) => (
          <VersionsPage
            key={`${current}:${cursor ?? ''}`}
            cursor={cursor}
            last={i === pages.length - 1}
            onMore={(next) => setPages((p) => [...p, next])}
          />
        ))}
      </ol>
    </Card>
  );
}

function VersionsPage({
  cursor,
  last,
  onMore,
}: {
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation();
  const { resource, reload } = useResource(cursor ?? 'first', (signal) =>
    fetchPolicyVersions(cursor, signal),
  );
  if (resource.state === 'loading')
    return (
      <li>
        <Spinner label={t('app.loading')} />
      </li>
    );
  if (resource.state === 'error')
    return (
      <li>
        <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
      </li>
    );
  const next = resource.data.nextCursor;
  return (
    <>
      {resource.data.items.map((entry) => (
        <VersionEntry key={entry.version} entry={entry} />
      ))}
      {last && next ? (
        <li>
          <Button variant="secondary" onClick={() => onMore(next)}>
            {t('retention.versions.older')}
          </Button>
        </li>
      ) : null}
    </>
  );
}
