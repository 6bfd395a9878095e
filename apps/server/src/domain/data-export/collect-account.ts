/**
 * data/account.json of a person's copy (docs/data-export.md "What is in it"): the account and the
 * personal details they gave us. No secret: the password hash, sessions and codes stay out (D75).
 */
import type { Repositories } from '../../data/repositories/index.ts';
import { iso, type PersonSources } from './collect-format.ts';

/** The account row as the copy's source reads it. */
type AccountRow = NonNullable<Awaited<ReturnType<Repositories['dataExportSources']['account']>>>;

export async function accountOf({ repos, userId }: PersonSources, account: AccountRow) {
  const applicant = await repos.kyc.findApplicant(userId);
  return {
    account: {
      userId,
      email: account.email,
      site: account.site,
      currency: account.currency_code,
      memberType: account.registered_member_type,
      createdAt: iso(account.created_at),
      updatedAt: iso(account.updated_at),
      lastSignInAt: iso(account.last_login_at),
    },
    personalDetails: applicant
      ? {
          firstName: applicant.first_name,
          lastName: applicant.last_name,
          dateOfBirth: applicant.date_of_birth,
          documentCountry: applicant.country,
          residenceCountry: applicant.residence_country,
          verifiedLevel: Number(applicant.level),
          provider: applicant.provider,
          custody: applicant.custody,
          limitation: applicant.limitation,
          limitationReason: applicant.limitation_reason,
          createdAt: iso(applicant.created_at),
          updatedAt: iso(applicant.updated_at),
        }
      : null,
  };
}
