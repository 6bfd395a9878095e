/**
 * The face_match check (issue 19 "Faces", D108): exactly one face in the selfie, a portrait on the
 * document, and their similarity (1 − the Euclidean distance of dlib's descriptors). The score is
 * advisory: under the threshold the check warns and a person compares the two crops, which travel
 * sealed with the result; only a selfie without exactly one face, or a document without a portrait,
 * fails. The selfie's descriptor is handed on for the duplicate-face search.
 */
import type { CheckDetail, DocumentType } from '@kyc/contracts';
import type { EvaluatedCheck, CheckImages, CheckImageSide } from '../run/evaluate.ts';
import { faceSimilarity } from './face-index.ts';
import { findFaces as defaultFindFaces, type FindFaces, type FoundFaces } from './find-faces.ts';

/** Similarity at or above which selfie and portrait pass: Euclidean distance 0.6, dlib's own threshold. */
export const FACE_MATCH_THRESHOLD = 0.4;

export interface FaceMatch {
  check: EvaluatedCheck;
  /** The selfie's one face's descriptor; null when the selfie has no face or several. */
  selfieDescriptor: number[] | null;
}

const dataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`;

/** The side with the portrait first: a passport's data page and an ID card's front. */
const portraitSides = (_type: DocumentType): CheckImageSide[] => ['front', 'back'];

async function portraitOf(images: CheckImages, type: DocumentType, find: FindFaces) {
  for (const side of portraitSides(type)) {
    const image = images[side];
    if (!image) continue;
    const found = await find(image);
    if (found && found.faces.length > 0) return { side, found };
  }
  return null;
}

const notRun = (reason: 'no_selfie' | 'no_document_image'): FaceMatch => ({
  check: {
    name: 'face_match',
    outcome: 'not_run',
    score: null,
    threshold: FACE_MATCH_THRESHOLD,
    detail: { code: 'not_run', reason },
  },
  selfieDescriptor: null,
});

export async function faceMatch(
  images: CheckImages,
  documentType: DocumentType,
  find: FindFaces = defaultFindFaces,
): Promise<FaceMatch> {
  if (!images.selfie) return notRun('no_selfie');
  if (!images.front && !images.back) return notRun('no_document_image');
  const selfie: FoundFaces | null = await find(images.selfie);
  const portrait = await portraitOf(images, documentType, find);
  const selfieFace = selfie?.faces[0];
  const documentFace = portrait?.found.faces[0];
  const single = selfie?.faces.length === 1 && selfieFace ? selfieFace : null;
  const detail: CheckDetail = {
    code: 'face_compared',
    selfieFaces: selfie?.faces.length ?? 0,
    documentFaces: portrait?.found.faces.length ?? 0,
    documentSide: portrait?.side === 'back' ? 'back' : portrait ? 'front' : null,
    selfieCrop: selfie && selfieFace ? dataUrl(await selfie.crop(selfieFace)) : null,
    documentCrop: portrait && documentFace ? dataUrl(await portrait.found.crop(documentFace)) : null,
  };
  const score =
    single && documentFace
      ? Math.round(faceSimilarity(single.descriptor, documentFace.descriptor) * 1000) / 1000
      : null;
  const outcome = score === null ? 'fail' : score >= FACE_MATCH_THRESHOLD ? 'pass' : 'warn';
  return {
    check: { name: 'face_match', outcome, score, threshold: FACE_MATCH_THRESHOLD, detail },
    selfieDescriptor: single ? single.descriptor : null,
  };
}
