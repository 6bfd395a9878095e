import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/standardQuest (spec §2): questionnaire variant, on the questionnaire engine: the `aml-200` template
 * (content/questionnaires/aml-200.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function StandardQuestScreen() {
  const title = useScreenTitle('screens.standardQuest');
  return <QuestionnaireScreen screen="standardQuest" title={title} />;
}
