import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/nsquestion (spec §2): name-screening questionnaire, on the questionnaire engine: the `name-screening` template
 * (content/questionnaires/name-screening.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function NsquestionScreen() {
  const title = useScreenTitle('screens.nsquestion');
  return <QuestionnaireScreen screen="nsquestion" title={title} />;
}
