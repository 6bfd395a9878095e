import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES, SITE_CODES, type SiteCode } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { setStaffSites, type StaffMemberEntry } from '../api/staff.ts';

/**
 * The sites a member works (issue 17, D121): with CASE_AUTO_ASSIGN=round_robin, waiting cases of these
 * sites are given to them while they are signed in; none ticked means every site. The change names the
 * version it was made on, so an edit made meanwhile by another admin is never overwritten (55015).
 */
export function SitesDialog({
  member,
  name,
  onDone,
  onClose,
}: {
  member: StaffMemberEntry;
  name: string;
  onDone: (entry: StaffMemberEntry) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [sites, setSites] = useState<readonly SiteCode[]>(member.sites);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (site: SiteCode, on: boolean) =>
    setSites((list) => (on ? [...list, site] : list.filter((s) => s !== site)));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    try {
      const chosen = SITE_CODES.filter((site) => sites.includes(site));
      onDone(await setStaffSites(member.id, chosen, member.sitesVersion));
    } catch (error) {
      setBusy(false);
      if (isApiError(error, RET_CODES.STAFF_SITES_CHANGED.code))
        setFailure(t('staffAdmin.sites.errors.changed', { name }));
      else if (isApiError(error, RET_CODES.STAFF_MEMBER_NOT_FOUND.code))
        setFailure(t('staffAdmin.errors.notFound'));
      else setFailure(t(errorMessageKey(error)));
    }
  };

  return (
    <Dialog title={t('staffAdmin.sites.dialogTitle', { name })} onClose={onClose}>
      <form className="staff-sites-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <fieldset aria-describedby={`${id}-hint`}>
          <legend>{t('staffAdmin.sites.legend')}</legend>
          <p id={`${id}-hint`} className="staff-sites-form__hint">
            {t('staffAdmin.sites.dialogBody', { name })}
          </p>
          <div className="staff-sites-form__choices">
            {SITE_CODES.map((site, index) => (
              <label key={site} className="staff-sites-form__choice">
                <input
                  type="checkbox"
                  checked={sites.includes(site)}
                  onChange={(event) => toggle(site, event.target.checked)}
                  data-autofocus={index === 0 ? true : undefined}
                />
                <bdi>{site}</bdi>
              </label>
            ))}
          </div>
          <p className="staff-sites-form__summary" aria-live="polite">
            {sites.length === 0 ? t('staffAdmin.sites.noneMeansEvery') : null}
          </p>
        </fieldset>
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('staffAdmin.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? t('staffAdmin.sites.saving') : t('staffAdmin.sites.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
