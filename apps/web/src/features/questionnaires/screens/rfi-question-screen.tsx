import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/rfiQuestion (spec §2): request-for-information questions, on the questionnaire engine: the `rfi` template
 * (content/questionnaires/rfi.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function RfiQuestionScreen() {
  const title = useScreenTitle('screens.rfiQuestion');
  return <QuestionnaireScreen screen="rfiQuestion" title={title} />;
}
