/**
 * The route table of spec §2. Every screen sits under /auth inside the profile-loading wrapper and is
 * its own lazily loaded chunk. `issue` names the issue that builds the screen's content.
 */
export interface ScreenDef {
  /** Path segment under /auth; '' is the index (/auth), which shows the personal screen. */
  path: string;
  /** Translation key of the screen title in the user-accounts namespace. */
  titleKey: string;
  issue: number;
}

export const SCREENS = [
  { path: 'personal', titleKey: 'screens.personal', issue: 4 },
  { path: 'kyc', titleKey: 'screens.kyc', issue: 4 },
  { path: 'vendor', titleKey: 'screens.vendor', issue: 4 },
  { path: 'sdk', titleKey: 'screens.sdk', issue: 3 },
  { path: 'step1', titleKey: 'screens.step1', issue: 4 },
  { path: 'step2', titleKey: 'screens.step2', issue: 4 },
  { path: 'question', titleKey: 'screens.question', issue: 5 },
  { path: 'ocquestion', titleKey: 'screens.ocquestion', issue: 5 },
  { path: 'newquestion', titleKey: 'screens.newquestion', issue: 5 },
  { path: 'questionnaire', titleKey: 'screens.questionnaire', issue: 5 },
  { path: 'nsquestion', titleKey: 'screens.nsquestion', issue: 5 },
  { path: 'cnsquestion', titleKey: 'screens.cnsquestion', issue: 5 },
  { path: 'resetkyc', titleKey: 'screens.resetkyc', issue: 4 },
  { path: 'updatekyc', titleKey: 'screens.updatekyc', issue: 4 },
  { path: 'updatePOA', titleKey: 'screens.updatePOA', issue: 4 },
  { path: 'crypto-knowledge-test', titleKey: 'screens.cryptoKnowledgeTest', issue: 5 },
  { path: 'risk-tolerance-test', titleKey: 'screens.riskToleranceTest', issue: 5 },
  { path: 'client-agreement', titleKey: 'screens.clientAgreement', issue: 5 },
  { path: 'agreement', titleKey: 'screens.agreement', issue: 5 },
  { path: 'professional', titleKey: 'screens.professional', issue: 5 },
  { path: 'qualifiedInvestor', titleKey: 'screens.qualifiedInvestor', issue: 5 },
  { path: 'eddQuestionnaire', titleKey: 'screens.eddQuestionnaire', issue: 5 },
  { path: 'rcEddQuestionnaire', titleKey: 'screens.rcEddQuestionnaire', issue: 5 },
  { path: 'rcQuestionnaire', titleKey: 'screens.rcQuestionnaire', issue: 5 },
  { path: 'pivQuestionnaire', titleKey: 'screens.pivQuestionnaire', issue: 5 },
  { path: 'piquestion', titleKey: 'screens.piquestion', issue: 5 },
  { path: 'personalquestion', titleKey: 'screens.personalquestion', issue: 5 },
  { path: 'residenceInfo', titleKey: 'screens.residenceInfo', issue: 5 },
  { path: 'rfiQuestion', titleKey: 'screens.rfiQuestion', issue: 5 },
  { path: 'sourceOfFundsWealth', titleKey: 'screens.sourceOfFundsWealth', issue: 5 },
  { path: 'advancedQuest', titleKey: 'screens.advancedQuest', issue: 5 },
  { path: 'standardQuest', titleKey: 'screens.standardQuest', issue: 5 },
  { path: 'complianceTasks', titleKey: 'screens.complianceTasks', issue: 5 },
] as const satisfies readonly ScreenDef[];

export type ScreenPath = (typeof SCREENS)[number]['path'];

/** spec §2: the app's base path and its two route constants. */
export const APP_BASE_PATH = '/user/accounts/';
export const ROUTE_PERSONAL = '/auth/personal';
export const ROUTE_SDK = '/auth/sdk';
export const LOGIN_PATH = '/login';
