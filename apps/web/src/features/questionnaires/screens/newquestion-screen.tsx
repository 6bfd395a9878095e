import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/newquestion (spec §2): questionnaire, on the questionnaire engine: the `aml-200` template
 * (content/questionnaires/aml-200.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function NewquestionScreen() {
  const title = useScreenTitle('screens.newquestion');
  return <QuestionnaireScreen screen="newquestion" title={title} />;
}
