import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/rcQuestionnaire (spec §2): further questionnaire, on the questionnaire engine: the `aml-200` template
 * (content/questionnaires/aml-200.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function RcQuestionnaireScreen() {
  const title = useScreenTitle('screens.rcQuestionnaire');
  return <QuestionnaireScreen screen="rcQuestionnaire" title={title} />;
}
