import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/rcEddQuestionnaire (spec §2): enhanced due-diligence questionnaire, on the questionnaire engine: the `edd` template
 * (content/questionnaires/edd.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function RcEddQuestionnaireScreen() {
  const title = useScreenTitle('screens.rcEddQuestionnaire');
  return <QuestionnaireScreen screen="rcEddQuestionnaire" title={title} />;
}
