/**
 * The questionnaire token (docs/questionnaires.md "Token"): a short-lived signed token binding the
 * user, the template and the version they answer, in the server's one signed-token format
 * (lib/crypto/signed-token.ts, purpose `questionnaire-token`). Saving or submitting with a token that is
 * not this user's, not this template's, forged or expired is 51006; one for another version is 51003.
 */
import type { QuestionnaireTokenResult } from '@kyc/contracts';
import { AppError } from '../../lib/app-error.ts';
import { openToken, signToken } from '../../lib/crypto/signed-token.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';
import { answerable, pinnedOf } from './template-versions.ts';

/** A questionnaire token lives an hour: long enough for the longest form, short enough to expire. */
export const QUESTIONNAIRE_TOKEN_TTL_MS = 60 * 60_000;
const PURPOSE = 'questionnaire-token';

/** User id, template code, version, expiry (epoch ms). */
interface TokenClaims {
  u: number;
  c: string;
  v: number;
  e: number;
}

/** The token must be this user's, for this template, unexpired (51006); its version is then checked. */
export function checkToken(
  ctx: Pick<QuestionnaireContext, 'tokenSecret' | 'now'>,
  token: string,
  expected: { userId: number; code: string; version: number },
): void {
  const claims = openToken<Partial<TokenClaims>>(ctx.tokenSecret, PURPOSE, token);
  if (
    !claims ||
    claims.u !== expected.userId ||
    claims.c !== expected.code ||
    !(typeof claims.e === 'number' && claims.e > ctx.now())
  )
    throw new AppError('QUESTIONNAIRE_TOKEN_INVALID', 'questionnaire token invalid or expired');
  if (claims.v !== expected.version)
    throw new AppError(
      'QUESTIONNAIRE_VERSION_MISMATCH',
      `${expected.code}: the token is for version ${claims.v}, the answers for ${expected.version}`,
    );
}

export function tokenUseCases(ctx: QuestionnaireContext) {
  const { repos, now } = ctx;
  return {
    /** A short-lived token binding the user, the template and the version they answer. */
    async token(userId: number, templateCode: string): Promise<QuestionnaireTokenResult> {
      const versions = await answerable(repos.questionnaires, templateCode);
      const code = versions[0]?.code ?? templateCode;
      const version = pinnedOf(versions, await repos.questionnaires.findResponse(userId, code));
      const expiresAt = now() + QUESTIONNAIRE_TOKEN_TTL_MS;
      const claims: TokenClaims = { u: userId, c: code, v: version, e: expiresAt };
      return {
        token: signToken(ctx.tokenSecret, PURPOSE, claims),
        templateCode: code,
        templateVersion: version,
        expiresAt,
      };
    },
  };
}
