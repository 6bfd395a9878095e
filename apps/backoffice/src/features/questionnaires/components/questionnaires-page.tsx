import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AreaPlaceholder } from '../../../ui/area-placeholder.tsx';

/**
 * Questionnaires: submitted questionnaires waiting for review.
 * Filled by issue 5; until then an honest placeholder.
 */
export function QuestionnairesPage() {
  const { t } = useTranslation();
  const title = t('areas.questionnaires.title');
  useDocumentTitle(title);
  return (
    <AreaPlaceholder
      title={title}
      heading={t('placeholder.heading')}
      body={t('placeholder.questionnaires')}
    />
  );
}
