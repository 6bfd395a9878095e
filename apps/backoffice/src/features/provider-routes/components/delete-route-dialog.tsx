import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { deleteProviderRoute, type ProviderRouteEntry } from '../api/provider-routes.ts';

interface DeleteRouteDialogProps {
  route: ProviderRouteEntry;
  countryName: string;
  /** The fallback's name: where the country's people go once the route is gone. */
  fallbackName: string;
  onDeleted: () => void;
  /** The route changed or went meantime (30073, 30072): the list is read again. */
  onConflict: () => void;
  onClose: () => void;
}

/** Asks before a route goes (its people then go to the fallback); the deletion names the version read. */
export function DeleteRouteDialog({
  route,
  countryName,
  fallbackName,
  onDeleted,
  onConflict,
  onClose,
}: DeleteRouteDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteProviderRoute(route.country, route.updatedAt);
      onDeleted();
    } catch (error) {
      if (
        isApiError(error, RET_CODES.PROVIDER_ROUTE_EDIT_CONFLICT.code) ||
        isApiError(error, RET_CODES.PROVIDER_ROUTE_UNKNOWN.code)
      )
        onConflict();
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('providerRoutes.confirmDelete.title', { country: countryName })} onClose={onClose}>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <p>{t('providerRoutes.confirmDelete.body', { provider: fallbackName })}</p>
      <div className="ui-dialog__actions">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('providerRoutes.confirmDelete.cancel')}
        </Button>
        <Button busy={busy} onClick={() => void remove()}>
          {t('providerRoutes.confirmDelete.action')}
        </Button>
      </div>
    </Dialog>
  );
}
