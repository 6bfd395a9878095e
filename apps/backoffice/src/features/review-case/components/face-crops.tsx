/**
 * The face_match evidence (issue 19 "Faces"): the face found in the selfie and the portrait found on
 * the document, side by side for the reviewer to compare (the score above them is advisory), with how
 * many faces each image held. The crops are small JPEGs sealed with the result and opened for this view.
 */
import { useTranslation } from 'react-i18next';
import type { CheckDetail } from '@kyc/contracts';

type FaceCompared = Extract<CheckDetail, { code: 'face_compared' }>;

function Crop({ src, caption, alt }: { src: string | null; caption: string; alt: string }) {
  const { t } = useTranslation();
  return (
    <figure className="case-checks__face">
      {src ? (
        <img src={src} alt={alt} />
      ) : (
        <div className="case-checks__no-face">{t('case.checks.faces.noFace')}</div>
      )}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

export function FaceCrops({ detail }: { detail: FaceCompared }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="case-checks__faces">
        <Crop
          src={detail.selfieCrop}
          caption={t('case.checks.faces.selfie')}
          alt={t('case.checks.faces.selfieAlt')}
        />
        <Crop
          src={detail.documentCrop}
          caption={t('case.checks.faces.portrait')}
          alt={t('case.checks.faces.portraitAlt')}
        />
      </div>
      <p>
        {t('case.checks.faces.found', {
          selfie: detail.selfieFaces,
          document: detail.documentFaces,
        })}
      </p>
      <p>{t('case.checks.faces.advisory')}</p>
    </>
  );
}
