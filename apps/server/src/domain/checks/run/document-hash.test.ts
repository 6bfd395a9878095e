import { describe, expect, it } from 'vitest';
import { createKeyring } from '../../../lib/crypto/envelope.ts';
import { documentHashes } from './document-hash.ts';
import { clearDetail, hasEvidence } from './evaluate.ts';

const current = Buffer.alloc(32, 1);
const previous = Buffer.alloc(32, 2);
const passport = { issuingState: 'D', documentNumber: 'C01X00T47' };

describe('the duplicate-document hash', () => {
  it('is keyed: another server key gives another hash, and the number is not in it', () => {
    const a = documentHashes(createKeyring(current), passport).stored;
    const b = documentHashes(createKeyring(previous), passport).stored;
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('C01X00T47');
  });

  it('is the same for the same document typed with fillers or lower case, and differs by issuing state', () => {
    const keyring = createKeyring(current);
    const stored = documentHashes(keyring, passport).stored;
    expect(documentHashes(keyring, { issuingState: 'd', documentNumber: 'c01x00t47<' }).stored).toBe(stored);
    expect(documentHashes(keyring, { ...passport, issuingState: 'FRA' }).stored).not.toBe(stored);
  });

  it('after a key rotation, looks up under the new key and the previous one, and stores under the new one', () => {
    const before = documentHashes(createKeyring(previous), passport).stored;
    const after = documentHashes(createKeyring(current, [previous]), passport);
    expect(after.lookup).toEqual([after.stored, before]);
  });
});

describe('a check detail at rest', () => {
  it('keeps the outcomes of each field in clear and leaves out the values, which are sealed', () => {
    const detail = {
      code: 'data_compared' as const,
      fields: [
        {
          field: 'dateOfBirth' as const,
          outcome: 'disagrees' as const,
          typed: '1990-01-02',
          document: '1990-01-01',
        },
      ],
    };
    expect(hasEvidence(detail)).toBe(true);
    expect(clearDetail(detail)).toEqual({
      code: 'data_compared',
      fields: [{ field: 'dateOfBirth', outcome: 'disagrees', typed: null, document: null }],
    });
    const expiry = { code: 'expiry_date' as const, expired: true, expiryDate: '2020-01-01' };
    expect(clearDetail(expiry)).toEqual({ ...expiry, expiryDate: null });
    expect(hasEvidence({ code: 'mrz_not_readable', reason: 'no_zone' })).toBe(false);
  });
});
