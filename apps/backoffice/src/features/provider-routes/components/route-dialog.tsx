import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { isVendor, useProviderLabel } from '../../../lib/providers.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  KYC_PROVIDERS,
  putProviderRoute,
  routeCountry,
  routePercentage,
  type KycProvider,
  type ProviderRouteEntry,
} from '../api/provider-routes.ts';

interface RouteDialogProps {
  /** The route to edit; null for a new one. */
  route: ProviderRouteEntry | null;
  /** "Germany (DE)" or "Every other country (*)" of the route edited. */
  countryName: string | null;
  configured: readonly string[];
  onSaved: (saved: ProviderRouteEntry) => void;
  /** Someone else created, changed or deleted the route meantime (30073): the list is read again. */
  onConflict: () => void;
  onClose: () => void;
}

type FieldErrors = { country?: string; provider?: string; percentage?: string };

/**
 * One country's route: its provider and the share of the country's people sent to it. Checked here
 * first and again by the server (10001, 30071 a vendor without credentials, 53001 no such country);
 * the change names the `updatedAt` it was made on, so someone else's edit is never overwritten (30073).
 */
export function RouteDialog({
  route,
  countryName,
  configured,
  onSaved,
  onConflict,
  onClose,
}: RouteDialogProps) {
  const { t } = useTranslation();
  const providerLabel = useProviderLabel();
  const [country, setCountry] = useState(route?.country ?? '');
  const [provider, setProvider] = useState<KycProvider>(route?.provider ?? 'default');
  const [percentage, setPercentage] = useState(String(route?.percentage ?? 100));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const usable = (p: KycProvider) => !isVendor(p) || configured.includes(p);
  const notConfigured = (p: KycProvider) =>
    t('providerRoutes.errors.notConfigured', { provider: providerLabel(p) });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = route ? route.country : routeCountry(country);
    const share = routePercentage(percentage);
    const found: FieldErrors = {};
    if (code === null) found.country = t('providerRoutes.errors.country');
    if (!usable(provider)) found.provider = notConfigured(provider);
    if (share === null) found.percentage = t('providerRoutes.errors.percentage');
    setErrors(found);
    setFailure(null);
    if (code === null || share === null || found.provider) return;
    setSaving(true);
    try {
      onSaved(
        await putProviderRoute(code, { provider, percentage: share, updatedAt: route?.updatedAt ?? null }),
      );
    } catch (error) {
      if (isApiError(error, RET_CODES.PROVIDER_ROUTE_EDIT_CONFLICT.code)) onConflict();
      else if (isApiError(error, RET_CODES.PROVIDER_ROUTE_VENDOR_NOT_CONFIGURED.code))
        setErrors({ provider: notConfigured(provider) });
      else if (isApiError(error, RET_CODES.COUNTRY_UNKNOWN.code))
        setErrors({ country: t('providerRoutes.errors.countryUnknown') });
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setSaving(false);
    }
  };

  const title =
    route && countryName
      ? t('providerRoutes.form.titleEdit', { country: countryName })
      : t('providerRoutes.form.titleNew');
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="provider-routes-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {route ? null : (
          <TextField
            label={t('providerRoutes.form.country')}
            hint={t('providerRoutes.form.countryHint')}
            value={country}
            maxLength={2}
            autoComplete="off"
            onChange={(event) => setCountry(event.target.value)}
            error={errors.country}
            data-autofocus
          />
        )}
        <SelectField
          label={t('providerRoutes.form.provider')}
          value={provider}
          onChange={(event) => {
            const value = KYC_PROVIDERS.find((p) => p === event.target.value);
            if (value) setProvider(value);
          }}
          options={KYC_PROVIDERS.map((p) => ({
            value: p,
            label: usable(p)
              ? providerLabel(p)
              : t('providerRoutes.notConfiguredOption', { provider: providerLabel(p) }),
          }))}
          error={errors.provider}
          data-autofocus={route ? true : undefined}
        />
        <TextField
          label={t('providerRoutes.form.percentage')}
          hint={t('providerRoutes.form.percentageHint')}
          inputMode="numeric"
          value={percentage}
          onChange={(event) => setPercentage(event.target.value)}
          error={errors.percentage}
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('providerRoutes.form.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {saving ? t('providerRoutes.form.saving') : t('providerRoutes.form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
