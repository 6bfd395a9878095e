import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../../../ui/questionnaire/questionnaire-screen';

/**
 * /auth/professional (spec §2): professional investor, on the questionnaire engine: the `hk-professional-investor` template
 * (content/questionnaires/hk-professional-investor.v1.json; lib/questionnaire/screens.ts maps the screen to it).
 */
export default function ProfessionalScreen() {
  const title = useScreenTitle('screens.professional');
  return <QuestionnaireScreen screen="professional" title={title} />;
}
