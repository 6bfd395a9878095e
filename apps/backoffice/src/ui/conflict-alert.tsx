import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * "Someone saved a newer version": the page's own message and a button that reloads what is saved now
 * (the settings pages that save over the version they read: retention policies, risk weights, country
 * risk lists). Nothing was saved; the reload replaces the form with the current version.
 */
export function ConflictAlert({
  message,
  reloadLabel,
  onReload,
}: {
  message: string;
  reloadLabel: string;
  onReload: () => void;
}) {
  return (
    <Alert tone="error">
      <p>{message}</p>
      <Button variant="secondary" onClick={onReload}>
        {reloadLabel}
      </Button>
    </Alert>
  );
}
