import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_MATCH_FIELDS, type DataMatchField } from '@kyc/contracts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useProviderLabel } from '../../../lib/providers.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Card } from '../../../ui/card.tsx';
import type { CaseDecisionEntry, CaseSubmission, CaseView } from '../api/case.ts';
import { isProofOfAddress, submissionLabelKey } from '../../../lib/submission-kinds.ts';
import { DocumentTypeLabel, ReasonLabel, SubmissionStatusLabel } from './labels.tsx';
import { useRedactionMarker } from '../../../lib/redactions.tsx';
import { RedactableText, Redacted } from '../../../ui/redacted.tsx';
import { FieldValue } from './check-detail.tsx';
import { FieldName } from './check-words.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children === '' || children === null || children === undefined ? '—' : children}</dd>
    </div>
  );
}

export function PersonSection({ caseView }: { caseView: CaseView }) {
  const { t } = useTranslation();
  const { applicant } = caseView;
  // Issue 20: the erasure replaced the email with an address of no one's: the marker says so instead.
  const personalData = useRedactionMarker('personal_data');
  return (
    <Card as="section" aria-labelledby="case-person">
      <h2 id="case-person">{t('case.person.heading')}</h2>
      <dl className="ui-facts">
        <Fact label={t('case.person.firstName')}>
          <RedactableText kind="personal_data" value={applicant.firstName} />
        </Fact>
        <Fact label={t('case.person.lastName')}>
          <RedactableText kind="personal_data" value={applicant.lastName} />
        </Fact>
        <Fact label={t('case.person.dateOfBirth')}>
          <RedactableText kind="personal_data" value={applicant.dateOfBirth} />
        </Fact>
        <Fact label={t('case.person.country')}>{applicant.country}</Fact>
        <Fact label={t('case.person.residenceCountry')}>{applicant.residenceCountry}</Fact>
        <Fact label={t('case.person.site')}>{caseView.site}</Fact>
        <Fact label={t('case.person.level')}>{String(applicant.level)}</Fact>
        <Fact label={t('case.person.email')}>
          {personalData ? <Redacted marker={personalData} /> : caseView.email}
        </Fact>
        <Fact label={t('case.person.userId')}>{String(caseView.userId)}</Fact>
      </dl>
    </Card>
  );
}

/** The vendor whose final rejection of a level waits for a senior, if a vendor proposed it. */
function proposingVendor(caseView: CaseView, level: number) {
  const latest = caseView.decisions.find((d) => d.level === level);
  return latest?.decision === 'reject_final_proposed' ? latest.decidedByProvider : null;
}

/** "Final rejection proposed…", naming the vendor when one proposed it ("proposed by Sumsub — awaiting…"). */
function FinalProposal({ vendor }: { vendor: CaseDecisionEntry['decidedByProvider'] }) {
  const { t } = useTranslation();
  const providerLabel = useProviderLabel();
  return (
    <>
      {vendor
        ? t('case.levels.finalProposedByVendor', { vendor: providerLabel(vendor) })
        : t('case.levels.finalProposed')}
    </>
  );
}

export function LevelsSection({ caseView }: { caseView: CaseView }) {
  const { t } = useTranslation();
  return (
    <Card as="section" aria-labelledby="case-levels">
      <h2 id="case-levels">{t('case.levels.heading')}</h2>
      <ul className="case-levels">
        {caseView.levels.map((level) => (
          <li key={level.level}>
            <h3>
              {t('common.levelN', { level: level.level })}
              {level.finalRejectionProposed ? <Badge>{t('captureSignOff.pendingFinal.badge')}</Badge> : null}
            </h3>
            {level.finalRejectionProposed ? (
              <Alert tone="error">
                <FinalProposal vendor={proposingVendor(caseView, level.level)} />
              </Alert>
            ) : null}
            <dl className="ui-facts">
              <Fact label={t('case.levels.status')}>
                <span className={`case-status case-status--${level.status}`}>
                  {t(`case.statuses.${level.status}`)}
                </span>
              </Fact>
              {level.rejectReasonCode ? (
                <Fact label={t('case.levels.reasonCode')}>
                  <ReasonLabel code={level.rejectReasonCode} />
                </Fact>
              ) : null}
              {level.rejectReason ? (
                <Fact label={t('case.levels.reason')}>
                  <span className="ui-message">
                    <RedactableText kind="decisions_audit" value={level.rejectReason} />
                  </span>
                </Fact>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const POI_STATUS_KEYS = {
  DisplayUpdatePOIStatus_No: 'no',
  DisplayUpdatePOIStatus_Needed: 'needed',
  DisplayUpdatePOIStatus_Pending: 'pending',
  DisplayUpdatePOIStatus_Rejected: 'rejected',
  DisplayUpdatePOIStatus_Rejected_Daily: 'rejectedDaily',
} as const;

export function ReverificationSection({ caseView }: { caseView: CaseView }) {
  const { t, i18n } = useTranslation();
  const poi = caseView.reverification;
  const key = POI_STATUS_KEYS[poi.status as keyof typeof POI_STATUS_KEYS] ?? 'no';
  return (
    <Card as="section" aria-labelledby="case-reverification">
      <h2 id="case-reverification">{t('case.reverification.heading')}</h2>
      <dl className="ui-facts">
        <Fact label={t('case.reverification.status')}>{t(`case.reverification.statuses.${key}`)}</Fact>
        {poi.deadline !== null ? (
          <Fact label={t('case.reverification.deadline')}>{formatDate(poi.deadline, i18n.language)}</Fact>
        ) : null}
        {poi.rejectReason ? (
          <Fact label={t('case.reverification.reason')}>
            <span className="ui-message">
              <RedactableText kind="decisions_audit" value={poi.rejectReason} />
            </span>
          </Fact>
        ) : null}
        {poi.site ? <Fact label={t('case.person.site')}>{poi.site}</Fact> : null}
        {poi.country ? <Fact label={t('case.person.country')}>{poi.country}</Fact> : null}
      </dl>
    </Card>
  );
}

/** Detail names the screen knows (the level-2 residence address); others show as sent. */
const DETAIL_NAMES = [
  'residenceCountry',
  'residenceLine1',
  'residenceLine2',
  'residenceCity',
  'residencePostalCode',
] as const;

/** Typed details of the identity document (D125: nationality and number; D124: an update's), as the checks name them. */
const isTypedField = (name: string): name is DataMatchField =>
  (DATA_MATCH_FIELDS as readonly string[]).includes(name);

function SubmissionDetails({ details }: { details: Record<string, string> }) {
  const { t } = useTranslation();
  const entries = Object.entries(details);
  return (
    <dl className="ui-facts">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>
            {(DETAIL_NAMES as readonly string[]).includes(name) ? (
              t(`captureSignOff.details.${name as (typeof DETAIL_NAMES)[number]}`)
            ) : isTypedField(name) ? (
              <FieldName field={name} />
            ) : (
              name
            )}
          </dt>
          <dd>{!value ? '—' : isTypedField(name) ? <FieldValue field={name} value={value} /> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SubmissionsSection({ submissions }: { submissions: CaseSubmission[] }) {
  const { t, i18n } = useTranslation();
  const personalData = useRedactionMarker('personal_data');
  return (
    <Card as="section" aria-labelledby="case-submissions">
      <h2 id="case-submissions">{t('case.submissions.heading')}</h2>
      {submissions.length === 0 ? (
        <p>{t('case.submissions.none')}</p>
      ) : (
        <ul className="case-submissions">
          {submissions.map((s) => (
            <li key={s.id} className="case-submission">
              <h3>
                {t('case.submissions.title', { id: s.id, kind: t(submissionLabelKey(s.kind, s.level)) })}
                {' · '}
                <SubmissionStatusLabel status={s.status} />
              </h3>
              <dl className="ui-facts">
                {s.level > 0 ? <Fact label={t('case.submissions.level')}>{String(s.level)}</Fact> : null}
                <Fact label={t('case.submissions.documentType')}>
                  {isProofOfAddress(s.kind, s.level) ? (
                    t('captureSignOff.proofOfAddress')
                  ) : (
                    <DocumentTypeLabel type={s.documentType} />
                  )}
                </Fact>
                {s.consent ? (
                  <Fact label={t('captureSignOff.consent.label')}>
                    {t('captureSignOff.consent.value', {
                      version: s.consent.version,
                      language: s.consent.language,
                      at: formatDateTime(s.consent.at, i18n.language),
                    })}
                  </Fact>
                ) : null}
                {s.status === 'PENDING' && s.finalProposedAt !== null ? (
                  <Fact label={t('captureSignOff.pendingFinal.label')}>
                    <Badge>{t('captureSignOff.pendingFinal.badge')}</Badge>
                  </Fact>
                ) : null}
                <Fact label={t('case.submissions.country')}>{s.issuingCountry}</Fact>
                <Fact label={t('case.submissions.submitted')}>
                  {formatDateTime(s.createdAt, i18n.language)}
                </Fact>
                {s.decidedAt !== null ? (
                  <Fact label={t('case.submissions.decided')}>
                    {formatDateTime(s.decidedAt, i18n.language)}
                  </Fact>
                ) : null}
                {s.reasonCode ? (
                  <Fact label={t('case.submissions.reason')}>
                    <ReasonLabel code={s.reasonCode} />
                  </Fact>
                ) : null}
                {s.userMessage ? (
                  <Fact label={t('case.submissions.message')}>
                    <span className="ui-message">
                      <RedactableText kind="decisions_audit" value={s.userMessage} />
                    </span>
                  </Fact>
                ) : null}
              </dl>
              {Object.keys(s.details).length > 0 ? (
                <>
                  <h4>{t('case.submissions.details')}</h4>
                  <SubmissionDetails details={s.details} />
                </>
              ) : personalData ? (
                <>
                  <h4>{t('case.submissions.details')}</h4>
                  <Redacted marker={personalData} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
