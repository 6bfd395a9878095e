import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/cnsquestion (spec §2): name-screening questionnaire, on the questionnaire engine: the `name-screening` template
 * (content/questionnaires/name-screening.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function CnsquestionScreen() {
  const title = useScreenTitle('screens.cnsquestion');
  return <QuestionnaireScreen screen="cnsquestion" title={title} />;
}
