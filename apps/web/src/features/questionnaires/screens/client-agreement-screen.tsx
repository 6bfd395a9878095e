import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/client-agreement (spec §2): client agreement, on the questionnaire engine: the `client-agreement` template
 * (content/questionnaires/client-agreement.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function ClientAgreementScreen() {
  const title = useScreenTitle('screens.clientAgreement');
  return <QuestionnaireScreen screen="client-agreement" title={title} />;
}
