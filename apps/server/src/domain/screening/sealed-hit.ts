/**
 * A hit's personal part (docs/screening.md "What is stored"): our name and the explanation — which
 * repeats our name, its tokens and our date of birth — are sealed under the person's data key
 * (domain/kyc/data-keys.ts, as applicants' names are), each bound to the user and to the hit's list
 * entry: moved to another row or person, it does not open. The list's alias, entry and score stay clear
 * (the list's public data; the alerts queue of a later slice filters on them).
 */
import { decryptBlob, encryptBlob } from '../../lib/crypto/envelope.ts';
import type { ListCategory, ListFormat } from './entry.ts';
import type { HitExplanation, ScreeningHit } from './matching/screen-person.ts';

/** What is kept of an explanation: the engine's, with the entry's list facts a reviewer reads. */
export interface StoredExplanation extends HitExplanation {
  format: ListFormat;
  publishedAt: string | null;
  programmes: string[];
  category: ListCategory;
  /** Which of our names matched: as typed, or as on the document (D104); absent before, read as typed. */
  ourNameSource?: 'typed' | 'document';
}

const objectOf = (part: 'name' | 'explanation', listId: string, entryId: string) =>
  `screening-hit:${part}:${listId}:${entryId}`;

export function sealHit(
  key: Buffer,
  userId: number,
  hit: ScreeningHit,
  source: 'typed' | 'document' = 'typed',
): { ourNameEnc: Buffer; explanationEnc: Buffer } {
  const stored: StoredExplanation = {
    ...hit.explanation,
    format: hit.format,
    publishedAt: hit.publishedAt ?? null,
    programmes: hit.programmes,
    category: hit.category,
    ourNameSource: source,
  };
  return {
    ourNameEnc: encryptBlob(key, Buffer.from(hit.explanation.ourName, 'utf8'), {
      userId,
      objectId: objectOf('name', hit.listId, hit.entryId),
    }),
    explanationEnc: encryptBlob(key, Buffer.from(JSON.stringify(stored), 'utf8'), {
      userId,
      objectId: objectOf('explanation', hit.listId, hit.entryId),
    }),
  };
}

export function openHit(
  key: Buffer,
  userId: number,
  row: { list_id: string; list_entry_id: string; our_name_enc: Buffer; explanation_enc: Buffer },
): { ourName: string; explanation: StoredExplanation } {
  const ourName = decryptBlob(key, Buffer.from(row.our_name_enc), {
    userId,
    objectId: objectOf('name', row.list_id, row.list_entry_id),
  }).toString('utf8');
  const explanation = JSON.parse(
    decryptBlob(key, Buffer.from(row.explanation_enc), {
      userId,
      objectId: objectOf('explanation', row.list_id, row.list_entry_id),
    }).toString('utf8'),
  ) as StoredExplanation;
  return { ourName, explanation };
}
