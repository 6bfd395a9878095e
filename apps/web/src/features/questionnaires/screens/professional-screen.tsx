import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/professional (spec §2): professional investor, on the questionnaire engine: the `hk-professional-investor` template
 * (content/questionnaires/hk-professional-investor.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function ProfessionalScreen() {
  const title = useScreenTitle('screens.professional');
  return <QuestionnaireScreen screen="professional" title={title} />;
}
