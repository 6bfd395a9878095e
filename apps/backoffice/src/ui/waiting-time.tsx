import { useTranslation } from 'react-i18next';
import { waitingTime } from '../lib/format.ts';

/** How long something has waited since `since` (epoch ms), rounded down to one unit: "45 min", "3 h", "2 d". */
export function WaitingTime({ since }: { since: number }) {
  const { t } = useTranslation();
  const { unit, count } = waitingTime(since, Date.now());
  return <>{t(`queue.waiting.${unit}`, { count })}</>;
}
