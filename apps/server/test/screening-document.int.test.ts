/**
 * Issue 18 "When" (D104; docs/screening.md "The names on the document"): once the document checks read
 * a valid MRZ, the person is screened again with the names and date of birth as on the document, and
 * the hit says which of our names matched. The person here typed an ordinary name; the passport they
 * uploaded names the invented OFAC individual of the fixtures. Its disagreeing MRZ is also a risk factor.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReviewCase } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { jpeg, postWithKey, staffClient, TEST_CONSENT, userClient } from './support/kyc-flows.ts';
import { renderDocument, type Identity } from './support/mrz-documents.ts';
import { TEST_MASTER_KEY } from './support/test-app.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { createKeyring } from '../src/lib/crypto/envelope.ts';
import { riskUseCases } from '../src/domain/risk/risk-service.ts';
import { upload, job } from './support/checked-submissions.ts';

const OFAC = path.resolve(import.meta.dirname, '../src/domain/screening/fixtures/ofac-sdn.xml');

const VELMOROV_PASSPORT: Identity = {
  documentCode: 'P',
  issuingState: 'RUS',
  surname: 'VELMOROV',
  givenNames: 'OLEG<TARASOVICH',
  documentNumber: 'C01X00T47',
  nationality: 'RUS',
  dateOfBirth: '710312',
  sex: 'M',
  expiryDate: '300101',
};
const TYPED = { firstName: 'Ivan', lastName: 'Petrov', dateOfBirth: '1985-06-01' };

describe.each(testDatabases())('screening the names on the document on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { SCREENING_LISTS: OFAC } });

  it('when the MRZ names a listed person the typed name does not, then a hit from the document shows on the case', async () => {
    const client = await userClient(fixture.app, 'new@demo.test');
    expect((await client.post('/v3/private/kyc/kyc-personal-info', TYPED)).envelope?.ret_code).toBe(0);
    const page = await renderDocument('TD3', VELMOROV_PASSPORT, { documentWidth: 1200, jpegQuality: 90 });
    const documentIds = [await upload(client, 'front', page), await upload(client, 'selfie', await jpeg())];
    const body = { level: 1, documentType: 'PASSPORT', country: 'RU', documentIds, consent: TEST_CONSENT };
    expect((await postWithKey(client, '/v3/private/kyc/submit', body)).envelope.ret_code).toBe(0);
    const userId = await fixture.userIdOf('new@demo.test');
    const staff = await staffClient(fixture.app, 'reviewer@demo.test');
    const caseOf = async () =>
      ((await staff.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase).screening;

    await job(fixture.app, 'screening');
    expect((await caseOf()).status).toBe('clear'); // as typed: nobody on the list

    expect(await job(fixture.app, 'document-checks')).toBe(1);
    await job(fixture.app, 'screening');

    const screening = await caseOf();
    expect(screening.status).toBe('open_hit');
    expect(screening.hits).toHaveLength(1);
    expect(screening.hits[0]).toMatchObject({
      listEntryId: '91001',
      ourName: 'OLEG TARASOVICH VELMOROV',
      ourNameSource: 'document',
      state: 'open',
    });
    expect(screening.hits[0]?.explanation.adjustments.map((a) => a.code)).toContain('dob_same_date');
    const runs = await fixture.database.db
      .selectFrom('screening_runs')
      .select(['reason', 'status'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(runs.map((r) => [r.reason, r.status])).toEqual([
      ['level_1_submitted', 'done'],
      ['document_read', 'done'],
    ]);

    // Issue 18 "Risk score": the failing data_match is a factor, with the fields (never their values).
    const risk = riskUseCases({
      repos: repositories(fixture.database.db),
      keyring: createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64')),
    });
    await risk.recompute(userId, 'document_checks');
    const view = (await staff.get(`/backoffice/api/cases/${userId}`)).envelope?.result as ReviewCase;
    const mismatch = view.risk?.factors.find((f) => f.code === 'document_data_mismatch');
    expect(mismatch).toMatchObject({
      points: 30,
      about: { kind: 'document_data_mismatch', fields: ['lastName', 'firstName', 'dateOfBirth'] },
      source: expect.stringMatching(
        /^document check data_match of submission \d+, checked \d{4}-\d{2}-\d{2}$/,
      ),
    });
    expect(JSON.stringify(view.risk)).not.toMatch(/VELMOROV|Petrov|1971-03-12/i);
  });
});
