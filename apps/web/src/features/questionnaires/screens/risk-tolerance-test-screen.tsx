import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/risk-tolerance-test (spec §2): risk tolerance test, on the questionnaire engine: the `risk-tolerance-test` template
 * (content/questionnaires/risk-tolerance-test.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function RiskToleranceTestScreen() {
  const title = useScreenTitle('screens.riskToleranceTest');
  return <QuestionnaireScreen screen="risk-tolerance-test" title={title} />;
}
