import type { ComponentType } from 'react';
import type { SCREENS, ScreenPath } from '@kyc/contracts';
import type { ScreenTitleKey } from '../lib/i18n/use-screen-title';

export type ScreenModule = { default: ComponentType };

/**
 * One dynamic import per screen of the route table (spec §2: "each screen is loaded on demand"), so
 * each becomes its own chunk. Typed by ScreenPath: a screen added to SCREENS without a module here is
 * a compile error.
 */
export const SCREEN_MODULES: Record<ScreenPath, () => Promise<ScreenModule>> = {
  personal: () => import('./personal-page'),
  kyc: () => import('../features/verification/screens/kyc-screen'),
  vendor: () => import('../features/verification/screens/vendor-screen'),
  sdk: () => import('./sdk-route'),
  step1: () => import('../features/verification/screens/step1-screen'),
  step2: () => import('../features/verification/screens/step2-screen'),
  question: () => import('../features/questionnaires/screens/question-screen'),
  ocquestion: () => import('../features/questionnaires/screens/ocquestion-screen'),
  newquestion: () => import('../features/questionnaires/screens/newquestion-screen'),
  questionnaire: () => import('../features/questionnaires/screens/questionnaire-screen'),
  nsquestion: () => import('../features/questionnaires/screens/nsquestion-screen'),
  cnsquestion: () => import('../features/questionnaires/screens/cnsquestion-screen'),
  resetkyc: () => import('../features/verification/screens/resetkyc-screen'),
  updatekyc: () => import('../features/verification/screens/updatekyc-screen'),
  updatePOA: () => import('../features/verification/screens/update-poa-screen'),
  'crypto-knowledge-test': () => import('../features/questionnaires/screens/crypto-knowledge-test-screen'),
  'risk-tolerance-test': () => import('../features/questionnaires/screens/risk-tolerance-test-screen'),
  'client-agreement': () => import('../features/questionnaires/screens/client-agreement-screen'),
  agreement: () => import('../features/questionnaires/screens/agreement-screen'),
  professional: () => import('../features/questionnaires/screens/professional-screen'),
  qualifiedInvestor: () => import('../features/questionnaires/screens/qualified-investor-screen'),
  eddQuestionnaire: () => import('../features/questionnaires/screens/edd-questionnaire-screen'),
  rcEddQuestionnaire: () => import('../features/questionnaires/screens/rc-edd-questionnaire-screen'),
  rcQuestionnaire: () => import('../features/questionnaires/screens/rc-questionnaire-screen'),
  pivQuestionnaire: () => import('../features/questionnaires/screens/piv-questionnaire-screen'),
  piquestion: () => import('../features/questionnaires/screens/piquestion-screen'),
  personalquestion: () => import('../features/questionnaires/screens/personalquestion-screen'),
  residenceInfo: () => import('../features/questionnaires/screens/residence-info-screen'),
  rfiQuestion: () => import('../features/questionnaires/screens/rfi-question-screen'),
  sourceOfFundsWealth: () => import('../features/questionnaires/screens/source-of-funds-wealth-screen'),
  advancedQuest: () => import('../features/questionnaires/screens/advanced-quest-screen'),
  standardQuest: () => import('../features/questionnaires/screens/standard-quest-screen'),
  complianceTasks: () => import('../features/compliance-tasks/screens/compliance-tasks-screen'),
};

// Compile-time check: every SCREENS titleKey is a key of locales/user-accounts/en.json (a missing
// one turns this type into that key, and `true` no longer fits).
type MissingTitleKeys = Exclude<(typeof SCREENS)[number]['titleKey'], ScreenTitleKey>;
export const SCREEN_TITLE_KEYS_EXIST: [MissingTitleKeys] extends [never] ? true : MissingTitleKeys = true;
