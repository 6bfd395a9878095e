/**
 * What one check found, in the reader's language (issue 19): the detail's code and parameters put in
 * words; the MRZ against what the person typed field by field, a disagreeing field marked in text
 * ("Disagrees", and a mark before it), never by colour alone; a duplicate document or face with a link
 * to the other account's case; the selfie's face and the document's portrait side by side (face-crops.tsx);
 * the liveness challenge's measures and keyframes (liveness-evidence.tsx).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formattingLocale, type CheckDetail, type DataMatchField } from '@kyc/contracts';
import { countryName, formatCalendarDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { DocumentTypeLabel } from './labels.tsx';
import {
  FieldName,
  FieldOutcomeName,
  MrzReasonName,
  NotRunReasonName,
  QualityReasonName,
  SideName,
} from './check-words.tsx';
import { FaceCrops } from './face-crops.tsx';
import { LivenessEvidence } from './liveness-evidence.tsx';

export function FieldValue({ field, value }: { field: DataMatchField; value: string | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) return <>{t('case.checks.notGiven')}</>;
  if (field === 'dateOfBirth' || field === 'expiryDate')
    return <>{formatCalendarDate(value, i18n.language)}</>;
  if ((field === 'nationality' || field === 'issuingCountry') && /^[A-Z]{2}$/.test(value))
    return <>{countryName(value, i18n.language)}</>;
  if (field === 'documentType') return <DocumentTypeLabel type={value} />;
  return <bdi dir="ltr">{value}</bdi>;
}

export function CheckDetailText({
  detail,
  relatedUserId,
  vendor,
}: {
  detail: CheckDetail;
  relatedUserId: number | null;
  /** D112: the vendor whose reading of the document was compared (its column is named after it). */
  vendor?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const documentColumn = vendor ? t('case.checks.documentVendor', { vendor }) : t('case.checks.document');
  const number = (n: number) =>
    new Intl.NumberFormat(formattingLocale(i18n.language), { maximumFractionDigits: 3 }).format(n);
  switch (detail.code) {
    case 'image_quality':
      return (
        <ul className="case-checks__list">
          {detail.images.map((image) => (
            <li key={image.side}>
              <SideName side={image.side} />
              {': '}
              {image.failed ? (
                <>
                  <QualityReasonName reason={image.failed.reason} />{' '}
                  {t('case.checks.measured', {
                    value: number(image.failed.value),
                    threshold: number(image.failed.threshold),
                  })}
                </>
              ) : (
                t('case.checks.usable')
              )}
            </li>
          ))}
        </ul>
      );
    case 'mrz_read':
      return (
        <>
          <p>
            {t('case.checks.mrzRead', { format: detail.format })}{' '}
            {/* Issue 19 correction step: a zone the person typed is marked as typed, not read by OCR. */}
            {detail.source === 'typed' ? (
              <strong className="case-checks__typed-zone">{t('case.checks.zoneTypedMark')}</strong>
            ) : (
              <>
                (<SideName side={detail.side} />)
              </>
            )}
          </p>
          {detail.repairs > 0 ? <p>{t('case.checks.repairs', { count: number(detail.repairs) })}</p> : null}
          {detail.lines ? (
            <figure className="case-checks__zone">
              <figcaption>
                {t(detail.source === 'typed' ? 'case.checks.zoneTyped' : 'case.checks.zoneRead')}
              </figcaption>
              <pre dir="ltr">{detail.lines.join('\n')}</pre>
            </figure>
          ) : null}
        </>
      );
    case 'mrz_not_readable':
      return (
        <p>
          <MrzReasonName reason={detail.reason} />
        </p>
      );
    case 'data_compared':
      return (
        <table className="case-checks__fields">
          <thead>
            <tr>
              <th scope="col">{t('case.checks.field')}</th>
              <th scope="col">{t('case.checks.typed')}</th>
              <th scope="col">{documentColumn}</th>
              <th scope="col">{t('case.checks.result')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.fields.map((f) => (
              <tr key={f.field} className={f.outcome === 'disagrees' ? 'case-checks__disagrees' : undefined}>
                <th scope="row">
                  <FieldName field={f.field} />
                </th>
                {/* One element per cell: on a phone the cell is a grid of its label and this value. */}
                <td data-label={t('case.checks.typed')}>
                  <span>
                    <FieldValue field={f.field} value={f.typed} />
                  </span>
                </td>
                <td data-label={documentColumn}>
                  <span>
                    <FieldValue field={f.field} value={f.document} />
                  </span>
                </td>
                <td data-label={t('case.checks.result')}>
                  <span>
                    {f.outcome === 'disagrees' ? <span aria-hidden="true">✗ </span> : null}
                    <FieldOutcomeName outcome={f.outcome} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'expiry_date':
      return (
        <p>
          {detail.expiryDate === null
            ? null
            : detail.expired
              ? t('case.checks.expiredOn', { date: formatCalendarDate(detail.expiryDate, i18n.language) })
              : t('case.checks.validUntil', { date: formatCalendarDate(detail.expiryDate, i18n.language) })}
        </p>
      );
    case 'duplicate_document':
      return detail.otherAccounts === 0 ? (
        <p>{t('case.checks.noDuplicate')}</p>
      ) : (
        <p>
          {t('case.checks.duplicates', { count: number(detail.otherAccounts) })}{' '}
          {relatedUserId !== null ? (
            <Link to={paths.reviewCase.getHref(relatedUserId)}>
              {t('case.checks.otherCase', { userId: relatedUserId })}
            </Link>
          ) : null}
        </p>
      );
    case 'face_compared':
      return <FaceCrops detail={detail} />;
    case 'liveness_checked':
      return <LivenessEvidence detail={detail} />;
    case 'duplicate_face':
      return detail.otherAccounts === 0 ? (
        <p>{t('case.checks.noDuplicateFace')}</p>
      ) : (
        <p>
          {t('case.checks.duplicateFaces', { count: number(detail.otherAccounts) })}{' '}
          {relatedUserId !== null ? (
            <Link to={paths.reviewCase.getHref(relatedUserId)}>
              {t('case.checks.otherCase', { userId: relatedUserId })}
            </Link>
          ) : null}
        </p>
      );
    case 'not_run':
      return (
        <p>
          <NotRunReasonName reason={detail.reason} />
        </p>
      );
  }
}
