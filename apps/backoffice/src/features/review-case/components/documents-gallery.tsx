import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { documentUrl, type CaseDocument } from '../api/case.ts';

const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

function DocumentTile({
  userId,
  doc,
  onEnlarge,
}: {
  userId: number;
  doc: CaseDocument;
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
export function DocumentsGallery({ userId, documents }: { userId: number; documents: CaseDocument[] }) {
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState<CaseDocument | null>(null);
  if (documents.length === 0) return <p>{t('case.documents.none')}</p>;
  const enlargedSide = enlarged ? t(`case.documents.sides.${enlarged.side}`) : '';
  return (
    <>
      <ul className="ui-gallery">
        {documents.map((doc) => (
          <DocumentTile key={doc.id} userId={userId} doc={doc} onEnlarge={() => setEnlarged(doc)} />
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
