import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/question (spec §2): questionnaire, on the questionnaire engine: the `aml-200` template
 * (content/questionnaires/aml-200.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function QuestionScreen() {
  const title = useScreenTitle('screens.question');
  return <QuestionnaireScreen screen="question" title={title} />;
}
