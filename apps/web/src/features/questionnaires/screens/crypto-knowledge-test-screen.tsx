import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { QuestionnaireScreen } from '../components/questionnaire-screen';

/**
 * /auth/crypto-knowledge-test (spec §2): crypto knowledge test, on the questionnaire engine: the `crypto-knowledge-test` template
 * (content/questionnaires/crypto-knowledge-test.v1.json; state/screen-templates.ts maps the screen to it).
 */
export default function CryptoKnowledgeTestScreen() {
  const title = useScreenTitle('screens.cryptoKnowledgeTest');
  return <QuestionnaireScreen screen="crypto-knowledge-test" title={title} />;
}
