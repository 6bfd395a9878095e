import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/pivQuestionnaire (spec §2): further questionnaire, on the questionnaire engine: the `hk-professional-investor` template
 * (content/questionnaires/hk-professional-investor.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function PivQuestionnaireScreen() {
  const title = useScreenTitle('screens.pivQuestionnaire');
  return <QuestionnaireScreen screen="pivQuestionnaire" title={title} />;
}
