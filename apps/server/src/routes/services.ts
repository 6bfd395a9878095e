import type { Config } from '../config.ts';
import type { Database } from '../data/db.ts';
import type { AccountUseCases } from '../domain/accounts/accounts.ts';
import type { SessionService } from '../domain/sessions/session-service.ts';
import type { StaffUseCases } from '../domain/staff/staff-auth.ts';
import type { SdkUseCases } from '../domain/sdk/sdk-service.ts';
import type { KycUseCases } from '../domain/kyc/kyc-service.ts';

/** What route plugins receive: configuration and use-cases, never repositories. */
export interface Services {
  config: Config;
  database: Database;
  sessions: SessionService;
  accounts: AccountUseCases;
  staff: StaffUseCases;
  sdk: SdkUseCases;
  kyc: KycUseCases;
  paths: StaticPaths;
}

export interface StaticPaths {
  webDist: string;
  backofficeDist: string;
  locales: string;
}
