import { useTranslation } from 'react-i18next';
import type { StaffMe } from '@kyc/contracts';
import { formatCalendarDate, formatDateTime, formatScore } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Card } from '../../../ui/card.tsx';
import type { CaseScreeningHit, CaseView } from '../api/case.ts';
import { screeningExportUrl } from '../api/screening.ts';
import { HitResolution } from './hit-resolution.tsx';
import { LiftFreeze } from './lift-freeze.tsx';
import { RedactionNote } from '../../../ui/redacted.tsx';

/** What the panel may do beyond showing: resolve hits (reviewers) and put the answered case in place. */
export interface ScreeningActions {
  staff: StaffMe;
  onResolved: (next: CaseView) => void;
}

/** Who marked or resolved the hit, and when. */
function ActorFact({
  label,
  actor,
}: {
  label: 'case.screening.proposedBy' | 'case.screening.resolvedBy';
  actor: CaseScreeningHit['proposedBy'];
}) {
  const { t, i18n } = useTranslation();
  if (!actor) return null;
  return (
    <p className="case-screening__actor">
      {t(label, {
        name: actor.name ?? `#${actor.staffId}`,
        date: formatDateTime(actor.at, i18n.language),
      })}
    </p>
  );
}

/** One hit: the list entry, the alias that matched our name, the score and why it scored so. */
function HitEntry({ hit, actions }: { hit: CaseScreeningHit; actions?: ScreeningActions | undefined }) {
  const { t, i18n } = useTranslation();
  const score = (value: number, signed = false) => formatScore(value, i18n.language, signed);
  const { explanation } = hit;
  const headingId = `case-screening-hit-${hit.id}`;
  return (
    <li className="case-screening__hit">
      <article aria-labelledby={headingId}>
        <h4 id={headingId}>{t('case.screening.hitTitle', { list: hit.list, entry: hit.listEntryId })}</h4>
        {hit.entryRemovedAt !== null ? (
          <p className="case-screening__removed">
            {t('case.screening.entryRemoved', { date: formatDateTime(hit.entryRemovedAt, i18n.language) })}
          </p>
        ) : null}
        <dl className="ui-facts">
          <div>
            <dt>{t('case.screening.matchedName')}</dt>
            <dd>
              <bdi>{hit.matchedName}</bdi>
              {explanation.matchedNameWeak ? ` (${t('case.screening.weakAlias')})` : null}
            </dd>
          </div>
          <div>
            <dt>{t('case.screening.ourName')}</dt>
            <dd>
              <bdi>{hit.ourName || '—'}</bdi>
              {hit.ourName
                ? ` (${t(hit.ourNameSource === 'document' ? 'case.screening.ourNameDocument' : 'case.screening.ourNameTyped')})`
                : null}
            </dd>
          </div>
          <div>
            <dt>{t('case.screening.score')}</dt>
            <dd>{score(hit.score)}</dd>
          </div>
          <div>
            <dt>{t('case.screening.state')}</dt>
            <dd>{t(`case.screening.hitStates.${hit.state}`)}</dd>
          </div>
          <div>
            <dt>{t('case.screening.category')}</dt>
            <dd>{t(`case.screening.categories.${hit.category}`)}</dd>
          </div>
          {explanation.programmes.length > 0 ? (
            <div>
              <dt>{t('case.screening.programmes')}</dt>
              <dd>
                <bdi>{explanation.programmes.join(', ')}</bdi>
              </dd>
            </div>
          ) : null}
          {hit.reason ? (
            <div>
              <dt>{t('case.screening.reason')}</dt>
              <dd className="ui-message">{hit.reason}</dd>
            </div>
          ) : null}
        </dl>
        <ActorFact label="case.screening.proposedBy" actor={hit.proposedBy} />
        <ActorFact label="case.screening.resolvedBy" actor={hit.resolvedBy} />
        <h5 className="case-screening__why">{t('case.screening.explanation.heading')}</h5>
        <ul className="case-screening__steps">
          {explanation.tokens.map((pair, i) => (
            <li key={`token-${i}`}>
              <bdi>
                {t('case.screening.explanation.token', {
                  ours: pair.ours,
                  theirs: pair.theirs,
                  method: t(`case.screening.methods.${pair.method}`),
                  score: score(pair.score),
                })}
              </bdi>
            </li>
          ))}
          <li>{t('case.screening.explanation.base', { score: score(explanation.baseScore) })}</li>
          {explanation.adjustments.length === 0 ? (
            <li>{t('case.screening.explanation.noAdjustments')}</li>
          ) : (
            explanation.adjustments.map((adjustment) => (
              <li
                key={adjustment.code}
                className={adjustment.delta < 0 ? 'case-screening__lowered' : 'case-screening__raised'}
              >
                {t('case.screening.explanation.adjustment', {
                  label: t(`case.screening.adjustments.${adjustment.code}`),
                  delta: score(adjustment.delta, true),
                })}
              </li>
            ))
          )}
          <li className="case-screening__final">
            {t('case.screening.explanation.final', {
              score: score(hit.score),
              threshold: score(explanation.threshold),
            })}
          </li>
        </ul>
        {actions ? <HitResolution hit={hit} staff={actions.staff} onResolved={actions.onResolved} /> : null}
      </article>
    </li>
  );
}

/** A true match froze the account: when, the export for the suspicious-activity report, and the lift. */
function FrozenNotice({
  frozen,
  userId,
  actions,
}: {
  frozen: NonNullable<CaseView['screening']['frozen']>;
  userId?: number | undefined;
  actions?: ScreeningActions | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Alert tone="error" className="case-screening__frozen">
        <strong>{t('case.screening.frozen.heading')}</strong>{' '}
        {t('case.screening.frozen.body', { date: formatDateTime(frozen.at, i18n.language) })}
        {frozen.exportId !== null && userId !== undefined ? (
          <>
            {' '}
            <a href={screeningExportUrl(userId)} download>
              {t('case.screening.frozen.download')}
            </a>
          </>
        ) : null}
      </Alert>
      {actions && userId !== undefined ? (
        <LiftFreeze frozen={frozen} userId={userId} actions={actions} />
      ) : null}
    </>
  );
}

/**
 * The case's "Sanctions screening" panel (issue 18): the person's status against the lists, the lists
 * the last screening used with their publication dates, and every hit with the alias it matched, our
 * name, the score and what raised or lowered it. An open hit blocks approval (the decisions panel says
 * so; the server refuses with 61001). Slice 3: with `actions`, each open hit can be resolved here (four
 * eyes for a sanctions false positive), and a frozen account shows its state and the export's download;
 * a senior reviewer or admin other than whoever froze it can lift the freeze.
 */
export function ScreeningSection({
  screening,
  userId,
  actions,
}: {
  screening: CaseView['screening'];
  userId?: number;
  /** Reviewers resolve hits here (slice 3); without it the panel only shows. */
  actions?: ScreeningActions | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card as="section" aria-labelledby="case-screening">
      <h2 id="case-screening">{t('case.screening.heading')}</h2>
      <RedactionNote kind="screening_results" />
      {screening.frozen ? <FrozenNotice frozen={screening.frozen} userId={userId} actions={actions} /> : null}
      <dl className="ui-facts">
        <div>
          <dt>{t('case.screening.status')}</dt>
          <dd className={`case-screening__status case-screening__status--${screening.status}`}>
            {t(`case.screening.statuses.${screening.status}`)}
          </dd>
        </div>
        <div>
          <dt>{t('case.screening.screenedAt')}</dt>
          <dd>
            {screening.screenedAt === null ? (
              t('case.screening.never')
            ) : (
              <time dateTime={new Date(screening.screenedAt).toISOString()}>
                {formatDateTime(screening.screenedAt, i18n.language)}
              </time>
            )}
          </dd>
        </div>
      </dl>
      <h3>{t('case.screening.listsHeading')}</h3>
      {screening.lists.length === 0 ? (
        <p>{t('case.screening.noLists')}</p>
      ) : (
        <ul className="case-screening__lists">
          {screening.lists.map((list) => (
            <li key={list.name}>
              {list.published
                ? t('case.screening.listPublished', {
                    name: list.name,
                    date: formatCalendarDate(list.published, i18n.language),
                  })
                : t('case.screening.listUndated', { name: list.name })}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('case.screening.hitsHeading')}</h3>
      {screening.hits.length === 0 ? (
        <p>{t('case.screening.noHits')}</p>
      ) : (
        <ol className="case-screening__hits">
          {screening.hits.map((hit) => (
            <HitEntry key={hit.id} hit={hit} actions={actions} />
          ))}
        </ol>
      )}
    </Card>
  );
}
