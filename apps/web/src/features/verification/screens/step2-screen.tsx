import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { LevelGuide } from '../components/level-guide';
import './personal-screen.css';
import './verification-forms.css';

/** /auth/step2 (spec §2): the user guide of verification step 2 (LEVEL_2). */
export default function Step2Screen() {
  const title = useScreenTitle('screens.step2');
  return (
    <div className="page">
      <h1>{title}</h1>
      <LevelGuide level={2} />
    </div>
  );
}
