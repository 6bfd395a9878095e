import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDate, utcDayStart } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  LEGAL_HOLD_REASONS,
  lookupPerson,
  placeHold,
  type LegalHold,
  type LegalHoldReason,
  type PersonLookupResult,
} from '../api/holds.ts';
import { useRetentionLabels } from '../retention-labels.ts';

const DAY_MS = 86_400_000;
/** The review date offered first: 90 days on (the server accepts up to two years). */
const DEFAULT_REVIEW_DAYS = 90;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type FieldErrors = { person?: string; note?: string; reviewAt?: string };

/** What the lookup found, in words: "Person #12 · Global · account closed on … · already on hold". */
function FoundPerson({ person }: { person: PersonLookupResult }) {
  const { t, i18n } = useTranslation();
  const labels = useRetentionLabels();
  const parts = [
    t('retention.holds.form.found', { id: person.userId }),
    labels.site(person.site),
    person.closedAt !== null
      ? t('retention.holds.form.closedOn', { date: formatDate(person.closedAt, i18n.language) })
      : t('retention.holds.form.open'),
    ...(person.erased ? [t('retention.holds.form.erased')] : []),
    ...(person.held ? [t('retention.holds.form.alreadyHeld')] : []),
  ];
  return <p role="status">{parts.join(' · ')}</p>;
}

/**
 * Place a legal hold: the person found by email or user id (the lookup answers the id and state, never
 * their personal data), the reason kind, a note and the review date (in the future, within two years:
 * 62008); the server audits it.
 */
export function PlaceHoldDialog({
  onPlaced,
  onClose,
}: {
  onPlaced: (hold: LegalHold) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [person, setPerson] = useState<PersonLookupResult | null>(null);
  const [looking, setLooking] = useState(false);
  const [reason, setReason] = useState<LegalHoldReason>('investigation');
  const [caseRef, setCaseRef] = useState('');
  const [note, setNote] = useState('');
  const [reviewDay, setReviewDay] = useState(dayOf(Date.now() + DEFAULT_REVIEW_DAYS * DAY_MS));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const find = async () => {
    setPerson(null);
    if (!query.trim()) {
      setErrors({ person: t('retention.holds.form.errors.person') });
      return;
    }
    setLooking(true);
    try {
      setPerson(await lookupPerson(query.trim()));
      setErrors({});
    } catch (error) {
      setErrors({ person: t(errorMessageKey(error)) });
    } finally {
      setLooking(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!person) found.person = t('retention.holds.form.errors.findFirst');
    if (note.trim().length < 3) found.note = t('retention.holds.form.errors.note');
    const day = utcDayStart(reviewDay);
    // The end of the chosen day (UTC), so "today" is never already in the past.
    const reviewAt = day === null ? null : day + DAY_MS - 1;
    if (reviewAt === null || reviewAt <= Date.now())
      found.reviewAt = t('apiErrors.legalHoldReviewDateInvalid');
    setErrors(found);
    setFailure(null);
    if (!person || reviewAt === null || Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      onPlaced(
        await placeHold({
          userId: person.userId,
          reason,
          note: note.trim(),
          reviewAt,
          ...(caseRef.trim() ? { caseRef: caseRef.trim() } : {}),
        }),
      );
    } catch (error) {
      if (isApiError(error, RET_CODES.LEGAL_HOLD_REVIEW_DATE_INVALID.code))
        setErrors({ reviewAt: t('apiErrors.legalHoldReviewDateInvalid') });
      else if (isApiError(error, RET_CODES.LEGAL_HOLD_PERSON_UNKNOWN.code))
        setErrors({ person: t('apiErrors.legalHoldPersonUnknown') });
      else setFailure(t(errorMessageKey(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog title={t('retention.holds.form.title')} onClose={onClose}>
      <form className="ui-dialog__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="retention-person">
          <TextField
            label={t('retention.holds.form.person')}
            hint={t('retention.holds.form.personHint')}
            value={query}
            maxLength={320}
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.target.value);
              setPerson(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void find();
              }
            }}
            error={errors.person}
            data-autofocus
          />
          <Button variant="secondary" busy={looking} onClick={() => void find()}>
            {t('retention.holds.form.find')}
          </Button>
        </div>
        {person ? <FoundPerson person={person} /> : null}
        <SelectField
          label={t('retention.holds.form.reason')}
          value={reason}
          onChange={(event) => {
            const value = LEGAL_HOLD_REASONS.find((r) => r === event.target.value);
            if (value) setReason(value);
          }}
          options={LEGAL_HOLD_REASONS.map((r) => ({ value: r, label: t(`retention.holds.reasons.${r}`) }))}
        />
        <TextField
          label={t('retention.holds.form.caseRef')}
          hint={t('retention.holds.form.caseRefHint')}
          value={caseRef}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setCaseRef(event.target.value)}
        />
        <TextAreaField
          label={t('retention.holds.form.note')}
          hint={t('retention.holds.form.noteHint')}
          value={note}
          rows={3}
          maxLength={1000}
          onChange={(event) => setNote(event.target.value)}
          error={errors.note}
        />
        <TextField
          type="date"
          label={t('retention.holds.form.reviewAt')}
          hint={t('retention.holds.form.reviewAtHint')}
          value={reviewDay}
          onChange={(event) => setReviewDay(event.target.value)}
          error={errors.reviewAt}
        />
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('retention.common.cancel')}
          </Button>
          <Button type="submit" busy={saving}>
            {t('retention.holds.form.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
