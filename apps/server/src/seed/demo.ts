/**
 * Demo data (DEMO_DATA=true; `npm start` turns it on, production refuses it): accounts, staff and one
 * SDK partner. Idempotent: what exists is left as it is. Issues 4 and 5 give these accounts their
 * verification state.
 */
import type { KycStepStatus, SiteCode, StaffRole } from '@kyc/contracts';
import type { Database } from '../data/db.ts';
import { usersRepo } from '../data/repositories/users-repo.ts';
import { staffRepo } from '../data/repositories/staff-repo.ts';
import { sdkRepo } from '../data/repositories/sdk-repo.ts';
import { partnerSecretsRepo } from '../data/repositories/partner-secrets-repo.ts';
import { CLEAR_SECRET_PREFIX, secretFingerprint } from '../domain/partners/partner-secrets.ts';
import { kycRepo, type ApplicantFields } from '../data/repositories/kyc-repo.ts';
import { verificationPathsRepo } from '../data/repositories/verification-paths-repo.ts';
import { submissionsRepo } from '../data/repositories/submissions-repo.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { DEMO_SECRET_PREFIX, base32Encode } from '../lib/totp.ts';
import {
  RECOVERY_CODE_COUNT,
  demoRecoveryHash,
  formatRecoveryCode,
  normaliseRecoveryCode,
} from '../lib/recovery-codes.ts';
import { recoveryCodesRepo } from '../data/repositories/recovery-codes-repo.ts';
import { createHash } from 'node:crypto';

/** One documented password for every demo account (README). Never used outside demo mode. */
export const DEMO_PASSWORD = 'Demo-Pass-2026';

export const DEMO_USERS: { email: string; site: SiteCode; note: string }[] = [
  { email: 'new@demo.test', site: 'GLOBAL', note: 'level 0, nothing submitted' },
  { email: 'l1@demo.test', site: 'GLOBAL', note: 'level 1 approved' },
  { email: 'pending@demo.test', site: 'GLOBAL', note: 'level 1 under review' },
  { email: 'reverify@demo.test', site: 'TUR', note: 'Turkey site, re-verification needed' },
  { email: 'quick@demo.test', site: 'GLOBAL', note: 'level 0, a quick KYC offer to accept' },
  { email: 'sumsub@demo.test', site: 'GLOBAL', note: 'level 0, verified by Sumsub (the simulator in demo)' },
  { email: 'onfido@demo.test', site: 'GLOBAL', note: 'level 0, verified by Onfido (the simulator in demo)' },
  { email: 'jumio@demo.test', site: 'GLOBAL', note: 'level 0, verified by Jumio (the simulator in demo)' },
  {
    email: 'sumsub-ae@demo.test',
    site: 'ARE',
    note: 'Emirates site (Arabic offered), level 0, verified by Sumsub (the simulator in demo)',
  },
];

/**
 * The quick-KYC offer of quick@demo.test (docs/kyc.md "Quick KYC"): an affiliated licensed exchange
 * verified this person's passport 30 days ago and shares it for a year.
 */
export const DEMO_QUICK_KYC = {
  email: 'quick@demo.test',
  source: 'Demo Affiliate Exchange',
  country: 'GB',
  documentType: 'PASSPORT',
  verifiedDaysAgo: 30,
  validDays: 365,
} as const;

/** Days a re-verification request leaves the person (docs/kyc.md). */
export const REVERIFICATION_DAYS = 30;

interface DemoKyc {
  applicant: ApplicantFields;
  level1: KycStepStatus;
  level2: KycStepStatus;
  reverify?: { site: string; country: string };
  /** A PENDING step comes with the submission the back-office queue lists (documents: none in the demo). */
  pendingSubmission?: { level: number; documentType: string; country: string };
}

/** The KYC state of each demo account (issue 4; README lists them). */
export const DEMO_KYC: Record<string, DemoKyc> = {
  'new@demo.test': { applicant: { level: 0 }, level1: 'ALLOW', level2: 'NOT_ALLOW' },
  // Verified by a vendor (docs/providers.md); a vendor that is not configured falls back to in-house.
  'sumsub@demo.test': {
    applicant: { level: 0, residence_country: 'GB', provider: 'sumsub' },
    level1: 'ALLOW',
    level2: 'NOT_ALLOW',
  },
  'onfido@demo.test': {
    applicant: { level: 0, residence_country: 'NL', provider: 'onfido' },
    level1: 'ALLOW',
    level2: 'NOT_ALLOW',
  },
  'jumio@demo.test': {
    applicant: { level: 0, residence_country: 'DE', provider: 'jumio' },
    level1: 'ALLOW',
    level2: 'NOT_ALLOW',
  },
  'sumsub-ae@demo.test': {
    applicant: { level: 0, residence_country: 'AE', provider: 'sumsub' },
    level1: 'ALLOW',
    level2: 'NOT_ALLOW',
  },
  'quick@demo.test': {
    applicant: { level: 0, residence_country: 'GB' },
    level1: 'ALLOW',
    level2: 'NOT_ALLOW',
  },
  'l1@demo.test': {
    applicant: {
      level: 1,
      country: 'DE',
      residence_country: 'DE',
      first_name: 'Lena',
      last_name: 'Schmidt',
      date_of_birth: '1990-04-12',
    },
    level1: 'SUCCESS',
    level2: 'ALLOW',
  },
  'pending@demo.test': {
    applicant: {
      level: 0,
      country: 'NG',
      residence_country: 'NG',
      first_name: 'Chidi',
      last_name: 'Okafor',
      date_of_birth: '1994-09-30',
    },
    level1: 'PENDING',
    level2: 'NOT_ALLOW',
    pendingSubmission: { level: 1, documentType: 'PASSPORT', country: 'NG' },
  },
  'reverify@demo.test': {
    applicant: {
      level: 1,
      country: 'TR',
      residence_country: 'TR',
      first_name: 'Elif',
      last_name: 'Yılmaz',
      date_of_birth: '1988-01-23',
    },
    level1: 'SUCCESS',
    level2: 'ALLOW',
    reverify: { site: 'TUR', country: 'TR' },
  },
};

/**
 * Demo staff, each with a published TOTP secret (base32, README) so that tests and demos can compute
 * codes; stored as 'demo:' + base32 (lib/totp.ts). DEMO_STAFF_TOTP decides whether they must give it.
 */
export const DEMO_STAFF: { email: string; name: string; role: StaffRole; totpSecret: string }[] = [
  {
    email: 'reviewer@demo.test',
    name: 'Riley Reviewer',
    role: 'reviewer',
    totpSecret: 'MRSW23ZNOJSXM2LFO5SXELLUN52HALLL',
  },
  {
    email: 'senior@demo.test',
    name: 'Sam Senior',
    role: 'senior_reviewer',
    totpSecret: 'MRSW23ZNONSW42LPOIWXI33UOAWWWZLZ',
  },
  {
    email: 'admin@demo.test',
    name: 'Alex Admin',
    role: 'admin',
    totpSecret: 'MRSW23ZNMFSG22LOFV2G65DQFVVWK6JO',
  },
  {
    email: 'auditor@demo.test',
    name: 'Avery Auditor',
    role: 'auditor',
    totpSecret: 'MRSW23ZNMF2WI2LUN5ZC25DPORYC223F',
  },
];

/**
 * The published recovery codes of a demo staff member (README): 10 per member, derived from the email so
 * that they are the same on every machine. Stored as 'demo:' + SHA-256 (lib/recovery-codes.ts); each
 * works once, like any recovery code. Demo data only (production refuses DEMO_DATA).
 */
export function demoRecoveryCodes(email: string): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, (_, i) =>
    formatRecoveryCode(
      base32Encode(createHash('sha256').update(`demo-recovery:${email}:${i}`).digest()).slice(0, 10),
    ),
  );
}

/**
 * The demo SDK partner (docs/sdk.md, README). Its signing secret is published, so it exists only in demo
 * mode; a real business gets 256 random bits from the back office, shown once, stored sealed. The API
 * key is retired (calls are signed); its hash stays in the row only because the column is NOT NULL.
 */
export const DEMO_PARTNER = {
  id: 'demo-partner',
  name: 'Demo Partner',
  allowedOrigins: ['https://partner.demo.test'],
  apiKey: 'kyck_demo_fokTmJRkLQCyGDhqIDixzwRn6CZHiXwPvB0TtO0QZb4',
  secret: 'kycs_demo-partner-secret-published-in-the-READMA',
} as const;

/**
 * The exchange's own mobile app (docs/sdk.md "Partner links"): a first-party business, so it names any
 * user by uid or email. Demo only, like the demo partner; `demo-partner` stays a third-party partner that
 * reaches only the people linked to it.
 */
export const DEMO_FIRST_PARTY_APP = {
  id: 'exchange-app',
  name: 'Exchange app',
  allowedOrigins: [] as string[],
  apiKey: 'kyck_demo_app_Xq3VnS8dLk2PzR7tYw0bHc5mJf9gNu4eAi6oKs1QxZ',
  secret: 'kycs_exchange-app-demo-secret-published-in-READM',
} as const;

export async function seedDemoData(database: Database, now = Date.now()): Promise<{ created: number }> {
  const users = usersRepo(database.db);
  const staff = staffRepo(database.db);
  const sdk = sdkRepo(database.db);
  // Personal fields are written in clear here (no master key yet); boot.ts seals them at start-up.
  const kyc = kycRepo(database.db);
  const paths = verificationPathsRepo(database.db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  for (const user of DEMO_USERS) {
    let id = (await users.findByEmail(user.email))?.id;
    if (id === undefined) {
      id = await users.insert({
        email: user.email,
        password_hash: passwordHash,
        site: user.site,
        created_at: now,
        updated_at: now,
        last_login_at: null,
      });
      created += 1;
    }
    if (user.email === DEMO_QUICK_KYC.email && !(await paths.hasQuickKycOffer(id)))
      await paths.insertQuickKycOffer({
        user_id: id,
        source: DEMO_QUICK_KYC.source,
        level: 1,
        country: DEMO_QUICK_KYC.country,
        document_type: DEMO_QUICK_KYC.documentType,
        verified_at: now - DEMO_QUICK_KYC.verifiedDaysAgo * 86_400_000,
        expires_at: now + DEMO_QUICK_KYC.validDays * 86_400_000,
        created_at: now,
      });
    const state = DEMO_KYC[user.email];
    if (!state || (await kyc.findApplicant(id))) continue;
    await kyc.upsertApplicant(id, state.applicant, now);
    await kyc.setLevelState(id, 1, { status: state.level1 }, now);
    await kyc.setLevelState(id, 2, { status: state.level2 }, now);
    if (state.pendingSubmission)
      await submissionsRepo(database.db).insertSubmission({
        userId: id,
        level: state.pendingSubmission.level,
        documentType: state.pendingSubmission.documentType,
        issuingCountry: state.pendingSubmission.country,
        status: 'PENDING',
        idempotencyKey: 'demo-seed',
        createdAt: now,
      });
    if (state.reverify)
      await kyc.setReverification(
        id,
        {
          status: 'DisplayUpdatePOIStatus_Needed',
          deadline: now + REVERIFICATION_DAYS * 86_400_000,
          ...state.reverify,
        },
        now,
      );
  }
  for (const member of DEMO_STAFF) {
    if (await staff.findByEmail(member.email)) continue;
    await staff.insert({
      email: member.email,
      display_name: member.name,
      role: member.role,
      password_hash: passwordHash,
      created_at: now,
      last_login_at: null,
      totp_secret: `${DEMO_SECRET_PREFIX}${member.totpSecret}`,
      totp_enrolled_at: now,
    });
    const inserted = await staff.findByEmail(member.email);
    if (inserted)
      await recoveryCodesRepo(database.db).replace(
        inserted.id,
        demoRecoveryCodes(member.email).map((code) => demoRecoveryHash(normaliseRecoveryCode(code) ?? '')),
        now,
      );
    created += 1;
  }
  if (!(await sdk.findBusiness(DEMO_PARTNER.id))) {
    await sdk.insertBusiness(
      {
        id: DEMO_PARTNER.id,
        name: DEMO_PARTNER.name,
        allowedOrigins: DEMO_PARTNER.allowedOrigins,
        apiKeyHash: sha256Hex(DEMO_PARTNER.apiKey),
      },
      now,
    );
    // In clear: the seed has no master key; boot.ts seals it at start-up (partner-auth sealClearSecrets).
    await partnerSecretsRepo(database.db).insertSecret(
      {
        businessId: DEMO_PARTNER.id,
        sealed: CLEAR_SECRET_PREFIX + DEMO_PARTNER.secret,
        fingerprint: secretFingerprint(DEMO_PARTNER.secret),
      },
      now,
    );
    created += 1;
  }
  if (!(await sdk.findBusiness(DEMO_FIRST_PARTY_APP.id))) {
    await sdk.insertBusiness(
      {
        id: DEMO_FIRST_PARTY_APP.id,
        name: DEMO_FIRST_PARTY_APP.name,
        allowedOrigins: DEMO_FIRST_PARTY_APP.allowedOrigins,
        apiKeyHash: sha256Hex(DEMO_FIRST_PARTY_APP.apiKey),
        firstParty: true,
      },
      now,
    );
    await partnerSecretsRepo(database.db).insertSecret(
      {
        businessId: DEMO_FIRST_PARTY_APP.id,
        sealed: CLEAR_SECRET_PREFIX + DEMO_FIRST_PARTY_APP.secret,
        fingerprint: secretFingerprint(DEMO_FIRST_PARTY_APP.secret),
      },
      now,
    );
    created += 1;
  }
  return { created };
}
