import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/agreement (spec §2): agreement, on the questionnaire engine: the `client-agreement` template
 * (content/questionnaires/client-agreement.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function AgreementScreen() {
  const title = useScreenTitle('screens.agreement');
  return <QuestionnaireScreen screen="agreement" title={title} />;
}
