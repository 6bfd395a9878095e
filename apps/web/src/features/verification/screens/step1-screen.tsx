import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { LevelGuide } from '../components/level-guide';
import './personal-screen.css';
import './verification-forms.css';

/** /auth/step1 (spec §2): the user guide of verification step 1 (LEVEL_1). */
export default function Step1Screen() {
  const title = useScreenTitle('screens.step1');
  return (
    <div className="page">
      <h1>{title}</h1>
      <LevelGuide level={1} />
    </div>
  );
}
