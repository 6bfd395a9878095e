/**
 * The person as their document names them (issue 18 "When": "names and date of birth as typed and, once
 * document checks read them, as on the document"; docs/screening.md "The names on the document", D104).
 * The document checks (issue 19) store what the MRZ says beside what was typed in the sealed evidence of
 * the `data_match` result of the person's latest checked submission; only a valid MRZ gets that far, so
 * a reading here is one whose every check digit passed. Screening reads it back rather than being handed
 * the values, so a run retried by the job later screens the same names.
 */
import { checkDetail } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { decryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { withStoredDataKey } from '../kyc/data-keys.ts';
import { evidenceObject } from '../checks/run/case-checks.ts';

export interface DocumentIdentity {
  /** "First Last" as the MRZ gives them (fillers already spaces). */
  name: string;
  /** YYYY-MM-DD when the MRZ's date of birth is complete. */
  dateOfBirth?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The names and date of birth on the person's latest checked document; undefined before a valid MRZ. */
export async function documentIdentityOf(
  repos: Pick<Repositories, 'documentChecks' | 'submissions'>,
  keyring: MasterKeyring,
  userId: number,
): Promise<DocumentIdentity | undefined> {
  const run = await repos.documentChecks.runForCase(userId, null);
  if (!run || run.status !== 'done') return undefined;
  const row = (await repos.documentChecks.resultsOf(run.submission_id)).find(
    (r) => r.name === 'data_match' && r.evidence_enc !== null,
  );
  if (!row?.evidence_enc) return undefined;
  const sealed = row.evidence_enc;
  const detail = await withStoredDataKey(repos.submissions, keyring, userId, (key) => {
    if (!key) return undefined;
    try {
      const opened = decryptBlob(key, Buffer.from(sealed), {
        userId,
        objectId: evidenceObject(row.submission_id, row.name),
      });
      return checkDetail.parse(JSON.parse(opened.toString('utf8')));
    } catch {
      return undefined; // a shredded key: nothing to screen
    }
  });
  if (detail?.code !== 'data_compared') return undefined;
  const value = (field: string) => detail.fields.find((f) => f.field === field)?.document ?? '';
  const name = [value('firstName'), value('lastName')].join(' ').replace(/\s+/g, ' ').trim();
  if (!name) return undefined;
  const dob = value('dateOfBirth');
  return ISO_DATE.test(dob) ? { name, dateOfBirth: dob } : { name };
}
