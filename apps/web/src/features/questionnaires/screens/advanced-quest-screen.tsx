import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/advancedQuest (spec §2): questionnaire variant, on the questionnaire engine: the `edd` template
 * (content/questionnaires/edd.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function AdvancedQuestScreen() {
  const title = useScreenTitle('screens.advancedQuest');
  return <QuestionnaireScreen screen="advancedQuest" title={title} />;
}
