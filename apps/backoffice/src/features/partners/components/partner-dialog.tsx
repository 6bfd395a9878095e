import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES, SDK_CODE_PATTERN } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  createPartner,
  originsOf,
  originsValid,
  patchPartner,
  type PartnerEntry,
  type PartnerSecretResult,
} from '../api/partners.ts';

interface PartnerDialogProps {
  /** The partner to edit; absent: a new partner. */
  partner?: PartnerEntry;
  onSaved: (saved: PartnerEntry) => void;
  onCreated: (made: PartnerSecretResult) => void;
  /** Someone else changed the partner since the list was read (54014): the list is read again. */
  onConflict: () => void;
  onClose: () => void;
}

type FieldErrors = { id?: string; name?: string; origins?: string };

/**
 * A new partner (id, name, origins, first party) or an existing one's origins and flags. The origin
 * rule is checked here first and again by the server (54015); an edit names the updatedAt it was made
 * on, so a change made meanwhile by someone else is never overwritten (54014).
 */
export function PartnerDialog({ partner, onSaved, onCreated, onConflict, onClose }: PartnerDialogProps) {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState((partner?.allowedOrigins ?? []).join('\n'));
  const [firstParty, setFirstParty] = useState(partner?.firstParty ?? false);
  const [active, setActive] = useState(partner?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const list = originsOf(origins);
    const found: FieldErrors = {};
    if (!partner && !SDK_CODE_PATTERN.test(id)) found.id = t('partners.errors.id');
    if (!partner && name.trim() === '') found.name = t('partners.errors.name');
    if (!originsValid(list)) found.origins = t('partners.errors.origins');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (partner)
        onSaved(
          await patchPartner(partner.id, {
            updatedAt: partner.updatedAt,
            allowedOrigins: list,
            firstParty,
            active,
          }),
        );
      else onCreated(await createPartner({ id, name: name.trim(), allowedOrigins: list, firstParty }));
    } catch (error) {
      if (isApiError(error, RET_CODES.PARTNER_EDIT_CONFLICT.code)) onConflict();
      else if (isApiError(error, RET_CODES.PARTNER_ORIGIN_INVALID.code))
        setErrors({ origins: t('partners.errors.origins') });
      else if (isApiError(error, RET_CODES.PARTNER_ID_TAKEN.code))
        setErrors({ id: t('partners.errors.idTaken') });
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setSaving(false);
    }
  };

  const title = partner
    ? t('partners.form.editTitle', { partner: partner.name })
    : t('partners.form.createTitle');
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="partners-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {partner ? null : (
          <>
            <TextField
              label={t('partners.form.id')}
              hint={t('partners.form.idHint')}
              value={id}
              onChange={(event) => setId(event.target.value)}
              error={errors.id}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
            <TextField
              label={t('partners.form.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={errors.name}
              maxLength={100}
            />
          </>
        )}
        <TextAreaField
          label={t('partners.form.origins')}
          hint={t('partners.form.originsHint')}
          value={origins}
          onChange={(event) => setOrigins(event.target.value)}
          error={errors.origins}
          dir="ltr"
          rows={3}
          spellCheck={false}
          data-autofocus={partner ? true : undefined}
        />
        <label className="partners-form__choice">
          <input
            type="checkbox"
            checked={firstParty}
            onChange={(event) => setFirstParty(event.target.checked)}
          />
          <span>{t('partners.form.firstParty')}</span>
        </label>
        {partner ? (
          <label className="partners-form__choice">
            <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
            <span>{t('partners.form.active')}</span>
          </label>
        ) : null}
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('partners.form.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {saving
              ? t('partners.form.saving')
              : partner
                ? t('partners.form.save')
                : t('partners.form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
