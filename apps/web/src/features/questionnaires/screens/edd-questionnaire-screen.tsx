import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/eddQuestionnaire (spec §2): enhanced due-diligence questionnaire, on the questionnaire engine: the `edd` template
 * (content/questionnaires/edd.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function EddQuestionnaireScreen() {
  const title = useScreenTitle('screens.eddQuestionnaire');
  return <QuestionnaireScreen screen="eddQuestionnaire" title={title} />;
}
