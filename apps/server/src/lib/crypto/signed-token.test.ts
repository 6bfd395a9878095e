import { describe, expect, it } from 'vitest';
import { openToken, signToken } from './signed-token.ts';

const SECRET = 'a-test-secret-of-the-server';

describe('signed tokens (st1)', () => {
  it('when a token is opened with its secret and purpose, then its claims come back', () => {
    const token = signToken(SECRET, 'questionnaire', { u: 7, e: 123 });
    expect(token).toMatch(/^st1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(openToken(SECRET, 'questionnaire', token)).toEqual({ u: 7, e: 123 });
  });

  it('when a token is opened for another purpose or with another secret, then it does not open', () => {
    const token = signToken(SECRET, 'csrf', { n: 'abc' });
    expect(openToken(SECRET, 'questionnaire', token)).toBeUndefined();
    expect(openToken('another-secret', 'csrf', token)).toBeUndefined();
  });

  it('when any part of a token is changed, then it does not open', () => {
    const token = signToken(SECRET, 'csrf', { n: 'abc' });
    const [v, payload, mac] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ n: 'abd' }), 'utf8').toString('base64url');
    expect(openToken(SECRET, 'csrf', `${v}.${forged}.${mac}`)).toBeUndefined();
    expect(openToken(SECRET, 'csrf', `st2.${payload}.${mac}`)).toBeUndefined();
    expect(openToken(SECRET, 'csrf', `${v}.${payload}.${mac.slice(1)}`)).toBeUndefined();
    expect(openToken(SECRET, 'csrf', `${token}.extra`)).toBeUndefined();
    expect(openToken(SECRET, 'csrf', '')).toBeUndefined();
  });

  it('when the signed claims are not a JSON object, then the token does not open', () => {
    expect(openToken(SECRET, 'p', signToken(SECRET, 'p', [1, 2]))).toBeUndefined();
    expect(openToken(SECRET, 'p', signToken(SECRET, 'p', 'text'))).toBeUndefined();
  });
});
