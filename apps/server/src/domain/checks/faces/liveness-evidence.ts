/**
 * The liveness evidence sent with a selfie (issue 19 "Faces", D116): its upload hygiene and its sealing.
 * It arrives as JSON in upload-document's `liveness` field (side selfie only); anything outside the
 * shared schema and limits (@kyc/contracts liveness.ts) — a keyframe that is not a JPEG of the allowed
 * size, too many frames, another side — is refused whole with 63010 before the selfie is stored. Kept,
 * it is sealed under the person's data key, bound to the selfie's document id, in kyc_documents.liveness_enc
 * (migration 051): erasing the selfie's row erases it.
 */
import sharp from 'sharp';
import { LIVENESS_LIMITS, livenessEvidence, type LivenessEvidence } from '@kyc/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { decryptBlob, encryptBlob } from '../../../lib/crypto/envelope.ts';

const JPEG_DATA_URL = 'data:image/jpeg;base64,';

const refused = (why: string) => new AppError('LIVENESS_EVIDENCE_INVALID', `liveness: ${why}`);

/** A keyframe's bytes: a JPEG (by its content) within the size limits. */
async function checkedFrame(image: string, kind: string): Promise<void> {
  const base64 = image.slice(JPEG_DATA_URL.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw refused(`the ${kind} frame is not base64`);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > LIVENESS_LIMITS.maxFrameBytes)
    throw refused(`the ${kind} frame is larger than ${LIVENESS_LIMITS.maxFrameBytes} bytes`);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff)
    throw refused(`the ${kind} frame is not a JPEG`);
  let size: { width?: number; height?: number; format?: string };
  try {
    size = await sharp(bytes, { limitInputPixels: 1_000_000 }).metadata();
    // Decoding it whole finds a truncated file the header alone would not.
    await sharp(bytes, { limitInputPixels: 1_000_000 }).raw().toBuffer();
  } catch {
    throw refused(`the ${kind} frame does not decode`);
  }
  const long = Math.max(size.width ?? 0, size.height ?? 0);
  const short = Math.min(size.width ?? 0, size.height ?? 0);
  if (size.format !== 'jpeg' || long > LIVENESS_LIMITS.maxFrameSide || short < LIVENESS_LIMITS.minFrameSide)
    throw refused(
      `the ${kind} frame must be a JPEG of ${LIVENESS_LIMITS.minFrameSide} to ${LIVENESS_LIMITS.maxFrameSide} pixels a side`,
    );
}

/** The evidence of the `liveness` field, checked; throws 63010 for anything else. */
export async function parseLivenessEvidence(field: string): Promise<LivenessEvidence> {
  if (field.length > LIVENESS_LIMITS.maxFieldChars) throw refused('the evidence is too large');
  let json: unknown;
  try {
    json = JSON.parse(field);
  } catch {
    throw refused('the evidence is not JSON');
  }
  const parsed = livenessEvidence.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refused(`${issue?.path.join('.') || 'evidence'}: ${issue?.message ?? 'invalid'}`);
  }
  for (const frame of parsed.data.frames) await checkedFrame(frame.image, frame.kind);
  return parsed.data;
}

const bound = (userId: number, documentId: string) => ({ userId, objectId: `liveness:${documentId}` });

export function sealLivenessEvidence(
  key: Buffer,
  userId: number,
  documentId: string,
  evidence: LivenessEvidence,
): Buffer {
  return encryptBlob(key, Buffer.from(JSON.stringify(evidence), 'utf8'), bound(userId, documentId));
}

/** The evidence sealed with a selfie; null when its seal does not open or it no longer parses. */
export function openLivenessEvidence(
  key: Buffer,
  userId: number,
  documentId: string,
  sealed: Buffer,
): LivenessEvidence | null {
  try {
    const plain = decryptBlob(key, sealed, bound(userId, documentId));
    const parsed = livenessEvidence.safeParse(JSON.parse(plain.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
