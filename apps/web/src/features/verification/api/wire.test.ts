import { describe, expect, it } from 'vitest';
import * as contracts from '@kyc/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../lib/http';
import * as wire from './wire';

describe('wire constants (copies of @kyc/contracts, kept out of zod)', () => {
  it('equal the contracts values', () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe(contracts.IDEMPOTENCY_KEY_HEADER);
    expect(wire.UPLOAD_FILE_FIELD).toBe(contracts.UPLOAD_FILE_FIELD);
    expect(wire.UPLOAD_SIDE_FIELD).toBe(contracts.UPLOAD_SIDE_FIELD);
    expect(wire.UPDATE_KYC_REASON).toBe(contracts.UPDATE_KYC_REASON);
    expect(wire.DOCUMENT_TYPES).toEqual(contracts.DOCUMENT_TYPES);
  });
});
