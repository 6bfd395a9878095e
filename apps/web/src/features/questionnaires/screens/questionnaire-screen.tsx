import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen as QuestionnaireBody } from '../components/questionnaire-screen';

/**
 * /auth/questionnaire (spec §2): questionnaire, on the questionnaire engine: the `aml-200` template
 * (content/questionnaires/aml-200.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function QuestionnaireScreen() {
  const title = useScreenTitle('screens.questionnaire');
  return <QuestionnaireBody screen="questionnaire" title={title} />;
}
