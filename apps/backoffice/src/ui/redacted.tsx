import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format.ts';
import { isRedactedValue, useRedactionMarker, type RedactionMarker } from '../lib/redactions.tsx';
import './redacted.css';

/**
 * "Redacted on 3 Mar 2026 under policy version 2": what a view shows where the erasure job removed the
 * person's data (issue 20). Without a marker (a text redacted before the records existed) it says only
 * "Redacted".
 */
export function Redacted({ marker }: { marker: RedactionMarker | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="ui-redacted">
      <span className="ui-redacted__tag">{t('redaction.tag')}</span>
      {marker
        ? t('redaction.on', {
            date: formatDate(marker.redactedAt, i18n.language),
            version: marker.policyVersion,
          })
        : t('redaction.plain')}
    </span>
  );
}

/** The marker of a kind of the person shown (from the page's RedactionsProvider), or nothing. */
export function RedactionNote({ kind }: { kind: string }) {
  const marker = useRedactionMarker(kind);
  return marker ? (
    <p>
      <Redacted marker={marker} />
    </p>
  ) : null;
}

/** A stored text as it is, or, where the erasure replaced it, the marker of its kind. */
export function RedactableText({ kind, value }: { kind: string; value: string }): ReactNode {
  const marker = useRedactionMarker(kind);
  return isRedactedValue(value) ? <Redacted marker={marker} /> : value;
}
