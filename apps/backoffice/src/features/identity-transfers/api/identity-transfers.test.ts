import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { readTransferQuery, transferErrorKey, transferSearch } from './identity-transfers.ts';
import { comparableName } from '../components/transfer-sections.tsx';

describe('the transfer queue URL', () => {
  it('when the stage is known, then it is read and written back with the cursor', () => {
    const read = readTransferQuery(new URLSearchParams('status=approved&cursor=MTIzOjQ'));
    expect(read).toEqual({ filters: { status: 'approved' }, cursor: 'MTIzOjQ' });
    expect(transferSearch(read.filters, read.cursor).toString()).toBe('status=approved&cursor=MTIzOjQ');
  });

  it('when the stage or the cursor is not one, then it is dropped rather than failing the page', () => {
    expect(readTransferQuery(new URLSearchParams('status=done&cursor=a%20b'))).toEqual({
      filters: {},
      cursor: undefined,
    });
  });
});

describe('transferErrorKey', () => {
  it('names each transfer rule by its code and leaves the others to the console', () => {
    expect(transferErrorKey(new ApiError(60035, 'x', 200))).toBe('identityTransfers.errors.countryRefused');
    expect(transferErrorKey(new ApiError(60039, 'x', 200))).toBe('identityTransfers.errors.fourEyes');
    expect(transferErrorKey(new ApiError(30081, 'x', 200))).toBe('apiErrors.alreadyDecided');
    expect(transferErrorKey(new Error('boom'))).toBe('errors.generic');
  });
});

describe('comparableName', () => {
  it('sets case, accents, spacing, hyphens, apostrophes and dots aside, as the server does', () => {
    expect(comparableName(' José-María ')).toBe(comparableName('JOSE MARIA'));
    expect(comparableName('O’Neil')).toBe(comparableName('o neil'));
    expect(comparableName('Lima')).not.toBe(comparableName('Lim'));
  });
});
