/**
 * The liveness evidence (issue 19 "Faces", D116; docs/checks.md "Liveness"): what the challenge asked,
 * what kept it from passing, the server's measures against their thresholds, what the browser reported,
 * and the keyframes — the reviewer looks at the faces and decides; the check is advisory and not a
 * certified presentation-attack detection. The keyframes are sealed with the result and opened for this view.
 */
import { useTranslation } from 'react-i18next';
import {
  formattingLocale,
  type CheckDetail,
  type LivenessAction,
  type LivenessFinding,
  type LivenessFrameKind,
} from '@kyc/contracts';

type LivenessChecked = Extract<CheckDetail, { code: 'liveness_checked' }>;

export function ActionName({ action }: { action: LivenessAction }) {
  const { t } = useTranslation();
  if (action === 'blink') return <>{t('case.checks.liveness.actions.blink')}</>;
  if (action === 'turn_left') return <>{t('case.checks.liveness.actions.turn_left')}</>;
  return <>{t('case.checks.liveness.actions.turn_right')}</>;
}

function FindingText({ finding }: { finding: LivenessFinding }) {
  const { t } = useTranslation();
  switch (finding) {
    case 'no_face':
      return <>{t('case.checks.liveness.findings.no_face')}</>;
    case 'other_face':
      return <>{t('case.checks.liveness.findings.other_face')}</>;
    case 'missing_frame':
      return <>{t('case.checks.liveness.findings.missing_frame')}</>;
    case 'blink_not_seen':
      return <>{t('case.checks.liveness.findings.blink_not_seen')}</>;
    case 'turn_not_seen':
      return <>{t('case.checks.liveness.findings.turn_not_seen')}</>;
    case 'turn_wrong_direction':
      return <>{t('case.checks.liveness.findings.turn_wrong_direction')}</>;
    case 'order':
      return <>{t('case.checks.liveness.findings.order')}</>;
    case 'time_limit':
      return <>{t('case.checks.liveness.findings.time_limit')}</>;
  }
}

function useFrameName() {
  const { t } = useTranslation();
  return (kind: LivenessFrameKind) =>
    kind === 'neutral'
      ? t('case.checks.liveness.frames.neutral')
      : kind === 'blink'
        ? t('case.checks.liveness.frames.blink')
        : t('case.checks.liveness.frames.turn');
}

export function LivenessEvidence({ detail }: { detail: LivenessChecked }) {
  const { t, i18n } = useTranslation();
  const frameName = useFrameName();
  const locale = formattingLocale(i18n.language);
  const number = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n);
  const seconds = (ms: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(ms / 1000);
  const measuredOr = (n: number | null) => (n === null ? t('case.checks.liveness.notMeasured') : number(n));
  const { measures } = detail;
  const [first, second] = detail.actions;
  return (
    <>
      {first && second ? (
        <p>
          {t('case.checks.liveness.asked', { seconds: seconds(detail.timeLimitMs) })}{' '}
          <ActionName action={first} />
          {' → '}
          <ActionName action={second} />
        </p>
      ) : null}
      {detail.findings.length === 0 ? (
        <p>{t('case.checks.liveness.confirmed')}</p>
      ) : (
        <ul className="case-checks__list">
          {detail.findings.map((finding) => (
            <li key={finding}>
              <FindingText finding={finding} />
            </li>
          ))}
        </ul>
      )}
      <table className="case-checks__fields">
        <thead>
          <tr>
            <th scope="col">{t('case.checks.liveness.measure')}</th>
            <th scope="col">{t('case.checks.liveness.measured')}</th>
            <th scope="col">{t('case.checks.liveness.threshold')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('case.checks.liveness.earRatio')}</th>
            <td data-label={t('case.checks.liveness.measured')}>
              <span>{measuredOr(measures.earRatio)}</span>
            </td>
            <td data-label={t('case.checks.liveness.threshold')}>
              <span>{t('case.checks.liveness.atMost', { value: number(measures.earRatioMax) })}</span>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('case.checks.liveness.yawChange')}</th>
            <td data-label={t('case.checks.liveness.measured')}>
              <span>{measuredOr(measures.yawChange)}</span>
            </td>
            <td data-label={t('case.checks.liveness.threshold')}>
              <span>{t('case.checks.liveness.atLeast', { value: number(measures.yawChangeMin) })}</span>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('case.checks.liveness.similarity')}</th>
            <td data-label={t('case.checks.liveness.measured')}>
              <span>{measuredOr(measures.similarityMin)}</span>
            </td>
            <td data-label={t('case.checks.liveness.threshold')}>
              <span>
                {t('case.checks.liveness.atLeast', { value: number(measures.similarityThreshold) })}
              </span>
            </td>
          </tr>
        </tbody>
      </table>
      {detail.client.length > 0 ? (
        <>
          <p>{t('case.checks.liveness.client')}</p>
          <ul className="case-checks__list">
            {detail.client.map((event) => (
              <li key={event.action}>
                <ActionName action={event.action} />
                {': '}
                {t('case.checks.liveness.clientEvent', {
                  seconds: seconds(event.atMs),
                  value: number(event.value),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="case-checks__faces">
        {detail.frames.map((frame) => (
          <figure key={frame.kind} className="case-checks__face">
            {frame.image ? (
              <img
                src={frame.image}
                alt={t('case.checks.liveness.frameAlt', { kind: frameName(frame.kind) })}
              />
            ) : (
              <div className="case-checks__no-face">{t('case.checks.liveness.frameSealed')}</div>
            )}
            <figcaption>
              {frame.faces === 0
                ? t('case.checks.liveness.frameNoFace', {
                    kind: frameName(frame.kind),
                    seconds: seconds(frame.atMs),
                  })
                : t('case.checks.liveness.frameCaption', {
                    kind: frameName(frame.kind),
                    seconds: seconds(frame.atMs),
                    similarity: measuredOr(frame.similarity),
                  })}
            </figcaption>
          </figure>
        ))}
      </div>
      <p>{t('case.checks.liveness.advisory')}</p>
    </>
  );
}
