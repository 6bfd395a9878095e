/**
 * Which template each questionnaire screen of spec §2 shows: the `screens` lists of
 * content/questionnaires/*.json in one table (screen-templates.test.ts checks it against those files). The
 * compliance task list (complianceTasks) is the one questionnaire route without a template.
 */
export const SCREEN_TEMPLATES = {
  question: 'aml-200',
  ocquestion: 'aml-200',
  newquestion: 'aml-200',
  questionnaire: 'aml-200',
  rcQuestionnaire: 'aml-200',
  personalquestion: 'aml-200',
  standardQuest: 'aml-200',
  nsquestion: 'name-screening',
  cnsquestion: 'name-screening',
  eddQuestionnaire: 'edd',
  rcEddQuestionnaire: 'edd',
  advancedQuest: 'edd',
  pivQuestionnaire: 'hk-professional-investor',
  piquestion: 'hk-professional-investor',
  professional: 'hk-professional-investor',
  qualifiedInvestor: 'qualified-investor',
  rfiQuestion: 'rfi',
  sourceOfFundsWealth: 'source-of-funds-wealth',
  residenceInfo: 'residence-info',
  'crypto-knowledge-test': 'crypto-knowledge-test',
  'risk-tolerance-test': 'risk-tolerance-test',
  'client-agreement': 'client-agreement',
  agreement: 'client-agreement',
} as const;

export type QuestionnaireScreen = keyof typeof SCREEN_TEMPLATES;
