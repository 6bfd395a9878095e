import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { documentUrl, type CaseDocument, type CaseSubmission } from '../api/case.ts';
import { useRedactionMarker } from '../../../lib/redactions.tsx';
import { Redacted } from '../../../ui/redacted.tsx';

const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

/** The residence address a level-2 submission names, one line, or '' (shown beside its proof). */
export function residenceLine(details: Record<string, string> | undefined): string {
  if (!details?.residenceLine1) return '';
  return [
    details.residenceLine1,
    details.residenceLine2,
    details.residencePostalCode,
    details.residenceCity,
    details.residenceCountry,
  ]
    .filter((part) => part)
    .join(', ');
}

function DocumentTile({
  userId,
  doc,
  address,
  onEnlarge,
}: {
  userId: number;
  doc: CaseDocument;
  /** The residence address of the proof's submission ('' when none). */
  address: string;
  onEnlarge: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  const side = t(`case.documents.sides.${doc.side}`);
  const url = documentUrl(userId, doc.id);
  const isImage = IMAGE_TYPES.includes(doc.mime);
  return (
    <li>
      <figure>
        {isImage && !failed ? (
          <img
            src={url}
            alt={t('case.documents.alt', { side })}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            onError={() => setFailed(true)}
          />
        ) : null}
        {isImage && failed ? <p className="ui-gallery__failed">{t('case.documents.failed')}</p> : null}
        {!isImage ? (
          <p>
            <a href={url} target="_blank" rel="noopener noreferrer">
              {t('case.documents.openPdf', { side })}
            </a>
          </p>
        ) : null}
        <figcaption>
          <strong>{side}</strong>
          <span>
            {doc.submissionId === null
              ? t('case.documents.notSubmitted')
              : t('case.documents.submission', { id: doc.submissionId })}
          </span>
          <span>{formatDateTime(doc.createdAt, i18n.language)}</span>
          {address ? (
            <span>
              {t('captureSignOff.address')}: <bdi>{address}</bdi>
            </span>
          ) : null}
        </figcaption>
        {isImage && !failed ? (
          <Button variant="secondary" onClick={onEnlarge}>
            {t('case.documents.enlarge', { side })}
          </Button>
        ) : null}
      </figure>
    </li>
  );
}

/**
 * The person's uploads. Images come from the authorised document URL (the staff cookie goes with the
 * same-origin request; each read is audited by the server); PDFs only as a link. "Enlarge" shows one
 * image in a dialog.
 */
export function DocumentsGallery({
  userId,
  documents,
  submissions = [],
}: {
  userId: number;
  documents: CaseDocument[];
  /** The case's submissions: a proof of address is captioned with the address its submission names. */
  submissions?: CaseSubmission[];
}) {
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState<CaseDocument | null>(null);
  const erased = useRedactionMarker('identity_documents');
  if (documents.length === 0)
    return erased ? <Redacted marker={erased} /> : <p>{t('case.documents.none')}</p>;
  const enlargedSide = enlarged ? t(`case.documents.sides.${enlarged.side}`) : '';
  return (
    <>
      <ul className="ui-gallery">
        {documents.map((doc) => (
          <DocumentTile
            key={doc.id}
            userId={userId}
            doc={doc}
            address={
              doc.side === 'poa'
                ? residenceLine(submissions.find((s) => s.id === doc.submissionId)?.details)
                : ''
            }
            onEnlarge={() => setEnlarged(doc)}
          />
        ))}
      </ul>
      {enlarged ? (
        <Dialog title={enlargedSide} onClose={() => setEnlarged(null)} wide>
          <img
            className="ui-gallery__large"
            src={documentUrl(userId, enlarged.id)}
            alt={t('case.documents.alt', { side: enlargedSide })}
            referrerPolicy="no-referrer"
          />
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={() => setEnlarged(null)}>
              {t('case.documents.close')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
