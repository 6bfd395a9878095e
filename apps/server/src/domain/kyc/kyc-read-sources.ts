/**
 * What the KYC read side reads from elsewhere (docs/kyc.md, D115, D117): the vendor providers, the other
 * verification paths, the questionnaire fields and kyc-info's one statement. Interfaces only, so that
 * kyc-info depends on what it asks, not on who answers.
 */
import type { KycIdentity, KycProvider, TrafficDiversionResult } from '@kyc/contracts';
import type { KycInfoReads } from '../../data/repositories/kyc-info-repo.ts';
import type { KycInfoQuestionnaireRows } from '../../data/repositories/questionnaires-repo.ts';
import type { KycInfoPathRows } from '../../data/repositories/verification-paths-repo.ts';
import type { ApplicantRow, SessionRow } from '../../data/schema/index.ts';
import type { KycQuestionnaireFields } from '../questionnaires/questionnaire-service.ts';

/**
 * What kyc-info answers of a vendor provider (domain/providers): its API address and level names, and
 * with obtain_kyc_token the SDK token of the next level (docs/providers.md). The in-house flow has none.
 */
export interface VendorInfoSource {
  describe(provider: KycProvider, level: number): { apiUrl: string; flowName: string } | undefined;
  token(userId: number, level: 1 | 2): Promise<string | null>;
}

/** What kyc-info shows of the other verification paths, read together (one statement, D115). */
export interface KycPathsInfo {
  /** A live quick-KYC offer's creation time (QUICK_KYC_AVAILABLE), null without one. */
  quickKycSince: number | null;
  /** The acknowledged announcements: id → when. */
  acknowledged: Map<string, number>;
  /** The verified identities on file (applicant.identifies); [] unless asked for. */
  identities: KycIdentity[];
}

/**
 * What kyc-info reads from the other verification paths (verification-paths.ts); without them the
 * provider is the stored one, identifies is empty and no announcement is dismissed.
 */
export interface KycInfoSources {
  /** Provider routing for people whose provider is not chosen yet (traffic-diversion). */
  diversion(userId: number, country: string): Promise<TrafficDiversionResult>;
  /** The provider that verifies the person: stored once chosen, else routed (verification-paths). */
  providerOf(userId: number, applicant: ApplicantRow | undefined): Promise<KycProvider>;
  /**
   * The announcements' sources and, with `identities` (obtain_current), the verified identities, from
   * kyc-info's rows (D117); `wrappedKey` (the person's, read with them) opens a vendor check's id number.
   */
  infoFrom(
    userId: number,
    rows: KycInfoPathRows,
    options: { identities: boolean; wrappedKey: Buffer | null },
  ): KycPathsInfo;
}

/** kyc-info's questionnaire fields (docs/questionnaires.md "kyc-info fields"), from the questionnaire use-cases. */
export interface KycQuestionnaireSource {
  kycInfoFields(
    rows: KycInfoQuestionnaireRows,
    ctx: {
      site: string;
      level: number;
      custody: string;
      /** Level 1's stored state, already read by kyc-info (null: none yet). */
      level1: { status: string; updatedAt: number } | null;
      /** kyc-info's obtain_verification_process: without it inReview is []. */
      verificationProcess: boolean;
    },
  ): Promise<KycQuestionnaireFields>;
}

/** kyc-info's one statement (data/repositories/kyc-info-repo.ts), by user id or with the session's row. */
export interface KycInfoReader {
  byUser(userId: number, at: number): Promise<KycInfoReads | undefined>;
  bySession(
    sessionId: string,
    at: number,
  ): Promise<{ session: SessionRow | undefined; reads: KycInfoReads | undefined }>;
}
