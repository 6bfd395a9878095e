/**
 * Who may give and who may receive a verification (docs/identity-transfer.md "Rules (refusals)"): the rules a
 * compliance officer asks of the source and of the target, checked when the target starts and again
 * when the source consents, inside the caller's transaction; and the name comparison of the details the
 * target types against the source's verified ones.
 */
import { CARD_PRODUCT, TRANSFER_REFUSED_COUNTRIES } from '@kyc/contracts';
import type { TxRepositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** Names compared as a reviewer would: case, accents, spacing and hyphens aside. */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-‐'’.]+/g, ' ')
    .trim();
}

/** The rules a compliance officer asks of the source, checked at the start and again at consent. */
export async function checkSource(tx: TxRepositories, sourceId: number): Promise<number> {
  const applicant = await tx.kyc.findApplicant(sourceId);
  const level = applicant?.level ?? 0;
  if (!applicant || level < 1) throw new AppError('TRANSFER_SOURCE_INVALID');
  const countries = [applicant.country, applicant.residence_country].map((c) => c.toUpperCase());
  if (countries.some((c) => (TRANSFER_REFUSED_COUNTRIES as readonly string[]).includes(c)))
    throw new AppError('TRANSFER_COUNTRY_REFUSED');
  const states = await tx.kyc.levelStates(sourceId);
  if (applicant.limitation !== 'LIMITATION_DEFAULT' || states.some((s) => s.status === 'PENDING'))
    throw new AppError('TRANSFER_SOURCE_RESTRICTED');
  if (await tx.identityTransfers.hasOpenProduct(sourceId, CARD_PRODUCT))
    throw new AppError('TRANSFER_OPEN_CARD');
  return level;
}

export async function checkTarget(tx: TxRepositories, targetId: number): Promise<void> {
  const applicant = await tx.kyc.findApplicant(targetId);
  const states = await tx.kyc.levelStates(targetId);
  if ((applicant?.level ?? 0) > 0 || states.some((s) => s.status === 'PENDING' || s.status === 'SUCCESS'))
    throw new AppError('TRANSFER_TARGET_VERIFIED');
}
