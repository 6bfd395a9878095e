import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/qualifiedInvestor (spec §2): qualified investor, on the questionnaire engine: the `qualified-investor` template
 * (content/questionnaires/qualified-investor.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function QualifiedInvestorScreen() {
  const title = useScreenTitle('screens.qualifiedInvestor');
  return <QuestionnaireScreen screen="qualifiedInvestor" title={title} />;
}
