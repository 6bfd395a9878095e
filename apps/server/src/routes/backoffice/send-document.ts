import type { FastifyReply } from 'fastify';

/** Images are shown in the page; anything else (PDF, never sanitised) only as a download. */
const INLINE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The only policy a document answer gets: no script, no plugin, a sandbox even if opened directly. */
const DOCUMENT_CSP = "default-src 'none'; img-src 'self'; sandbox";

/**
 * Streams a decrypted document to a staff member (an identity document or questionnaire evidence):
 * its stored type, inline only for images, never sniffed, never cached, under DOCUMENT_CSP.
 * `name` is the download's file name without extension (e.g. `document-<id>`).
 */
export function sendDocument(reply: FastifyReply, doc: { mime: string; bytes: Buffer }, name: string) {
  const ext = INLINE_TYPES[doc.mime];
  const disposition = ext
    ? `inline; filename="${name}.${ext}"`
    : `attachment; filename="${name}${doc.mime === 'application/pdf' ? '.pdf' : ''}"`;
  return reply
    .type(doc.mime)
    .headers({
      'content-disposition': disposition,
      'content-length': String(doc.bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': DOCUMENT_CSP,
    })
    .send(doc.bytes);
}
