import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/sourceOfFundsWealth (spec §2): source of funds and wealth, on the questionnaire engine: the `source-of-funds-wealth` template
 * (content/questionnaires/source-of-funds-wealth.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function SourceOfFundsWealthScreen() {
  const title = useScreenTitle('screens.sourceOfFundsWealth');
  return <QuestionnaireScreen screen="sourceOfFundsWealth" title={title} />;
}
