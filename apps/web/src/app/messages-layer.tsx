import { useTranslation } from 'react-i18next';
import { NotificationRegion } from '../ui/notification';
import { ToastRegion } from '../ui/toast';

export { showNotification } from '../ui/notification';
export { showToast } from '../ui/toast';

/** The toast and notification regions (spec §9); loaded with the first message, see lazy-messages.ts. */
export function Messages() {
  const { t } = useTranslation();
  return (
    <>
      <ToastRegion dismissLabel={t('app.dismiss')} />
      <NotificationRegion />
    </>
  );
}
