/**
 * The words of the case's "Checks" panel (issue 19, docs/checks.md "Running the checks"): each check's
 * name, outcome and the codes of its detail, a literal key per value (the keys test refuses computed keys).
 */
import { useTranslation } from 'react-i18next';
import type { CaseCheck, CheckDetail, DataMatchField } from '@kyc/contracts';

type Named = CaseCheck['name'];
type ImageSide = Extract<CheckDetail, { code: 'image_quality' }>['images'][number]['side'];
type QualityReason = NonNullable<
  Extract<CheckDetail, { code: 'image_quality' }>['images'][number]['failed']
>['reason'];
type MrzReason = Extract<CheckDetail, { code: 'mrz_not_readable' }>['reason'];
type NotRunReason = Extract<CheckDetail, { code: 'not_run' }>['reason'];
type FieldOutcome = Extract<CheckDetail, { code: 'data_compared' }>['fields'][number]['outcome'];

export function CheckName({ name }: { name: Named }) {
  const { t } = useTranslation();
  switch (name) {
    case 'quality':
      return t('case.checks.names.quality');
    case 'mrz':
      return t('case.checks.names.mrz');
    case 'data_match':
      return t('case.checks.names.data_match');
    case 'expiry':
      return t('case.checks.names.expiry');
    case 'face_match':
      return t('case.checks.names.face_match');
    case 'liveness':
      return t('case.checks.names.liveness');
    case 'duplicate_document':
      return t('case.checks.names.duplicate_document');
    case 'duplicate_face':
      return t('case.checks.names.duplicate_face');
  }
}

export function OutcomeName({ outcome }: { outcome: CaseCheck['outcome'] }) {
  const { t } = useTranslation();
  switch (outcome) {
    case 'pass':
      return t('case.checks.outcomes.pass');
    case 'warn':
      return t('case.checks.outcomes.warn');
    case 'fail':
      return t('case.checks.outcomes.fail');
    case 'not_run':
      return t('case.checks.outcomes.not_run');
  }
}

export function SideName({ side }: { side: ImageSide }) {
  const { t } = useTranslation();
  if (side === 'front') return t('case.checks.sides.front');
  if (side === 'back') return t('case.checks.sides.back');
  return t('case.checks.sides.selfie');
}

export function QualityReasonName({ reason }: { reason: QualityReason }) {
  const { t } = useTranslation();
  switch (reason) {
    case 'too_small':
      return t('case.checks.quality.too_small');
    case 'blank':
      return t('case.checks.quality.blank');
    case 'too_dark':
      return t('case.checks.quality.too_dark');
    case 'too_bright':
      return t('case.checks.quality.too_bright');
    case 'glare':
      return t('case.checks.quality.glare');
    case 'blurred':
      return t('case.checks.quality.blurred');
  }
}

export function MrzReasonName({ reason }: { reason: MrzReason }) {
  const { t } = useTranslation();
  switch (reason) {
    case 'unreadable_image':
      return t('case.checks.mrzReasons.unreadable_image');
    case 'blank_image':
      return t('case.checks.mrzReasons.blank_image');
    case 'no_zone':
      return t('case.checks.mrzReasons.no_zone');
    case 'wrong_length':
      return t('case.checks.mrzReasons.wrong_length');
    case 'wrong_format':
      return t('case.checks.mrzReasons.wrong_format');
    case 'invalid_field':
      return t('case.checks.mrzReasons.invalid_field');
    case 'check_digit':
      return t('case.checks.mrzReasons.check_digit');
    case 'ambiguous_repair':
      return t('case.checks.mrzReasons.ambiguous_repair');
  }
}

export function NotRunReasonName({ reason }: { reason: NotRunReason }) {
  const { t } = useTranslation();
  switch (reason) {
    case 'pending':
      return t('case.checks.notRun.pending');
    case 'mrz_not_read':
      return t('case.checks.notRun.mrz_not_read');
    case 'no_document_image':
      return t('case.checks.notRun.no_document_image');
    case 'failed':
      return t('case.checks.notRun.failed');
    case 'no_selfie':
      return t('case.checks.notRun.no_selfie');
    case 'no_selfie_face':
      return t('case.checks.notRun.no_selfie_face');
    case 'no_challenge':
      return t('case.checks.notRun.no_challenge');
    case 'no_camera':
      return t('case.checks.notRun.no_camera');
    case 'timed_out':
      return t('case.checks.notRun.timed_out');
    case 'skipped':
      return t('case.checks.notRun.skipped');
  }
}

export function FieldName({ field }: { field: DataMatchField }) {
  const { t } = useTranslation();
  switch (field) {
    case 'lastName':
      return t('case.checks.fields.lastName');
    case 'firstName':
      return t('case.checks.fields.firstName');
    case 'dateOfBirth':
      return t('case.checks.fields.dateOfBirth');
    case 'nationality':
      return t('case.checks.fields.nationality');
    case 'issuingCountry':
      return t('case.checks.fields.issuingCountry');
    case 'documentNumber':
      return t('case.checks.fields.documentNumber');
    case 'documentType':
      return t('case.checks.fields.documentType');
    case 'expiryDate':
      return t('case.checks.fields.expiryDate');
  }
}

export function FieldOutcomeName({ outcome }: { outcome: FieldOutcome }) {
  const { t } = useTranslation();
  if (outcome === 'agrees') return t('case.checks.fieldOutcomes.agrees');
  if (outcome === 'disagrees') return t('case.checks.fieldOutcomes.disagrees');
  return t('case.checks.fieldOutcomes.not_comparable');
}
