import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/residenceInfo (spec §2): residence information, on the questionnaire engine: the `residence-info` template
 * (content/questionnaires/residence-info.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function ResidenceInfoScreen() {
  const title = useScreenTitle('screens.residenceInfo');
  return <QuestionnaireScreen screen="residenceInfo" title={title} />;
}
