import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import {
  changeCountryList,
  type RiskCountryListName,
  type RiskCountryListsView,
} from '../api/country-lists.ts';

interface RemoveEntryDialogProps {
  list: RiskCountryListName;
  listName: string;
  country: string;
  countryName: string;
  baseVersion: number;
  onRemoved: (saved: RiskCountryListsView) => void;
  /** The risk settings changed meanwhile (61022) or the entry went (61026): the page reloads. */
  onConflict: () => void;
  onClose: () => void;
}

/** Asks before a country leaves a list; the removal names the version read. */
export function RemoveEntryDialog(props: RemoveEntryDialogProps) {
  const { list, listName, country, countryName, baseVersion, onRemoved, onConflict, onClose } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onRemoved(await changeCountryList({ action: 'remove', baseVersion, list, country }));
    } catch (error) {
      if (
        isApiError(error, RET_CODES.RISK_COUNTRY_LISTS_VERSION_CHANGED.code) ||
        isApiError(error, RET_CODES.RISK_COUNTRY_LIST_ENTRY_UNKNOWN.code)
      )
        onConflict();
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('riskCountryLists.confirmRemove.title', { country: countryName, list: listName })}
      onClose={onClose}
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <p>{t('riskCountryLists.confirmRemove.body')}</p>
      <div className="ui-dialog__actions">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t('riskCountryLists.confirmRemove.cancel')}
        </Button>
        <Button busy={busy} onClick={() => void remove()}>
          {t('riskCountryLists.confirmRemove.action')}
        </Button>
      </div>
    </Dialog>
  );
}
