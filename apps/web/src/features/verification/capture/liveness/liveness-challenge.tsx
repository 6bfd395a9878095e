/**
 * The active liveness challenge on the selfie step (issue 19 "Faces", D116; docs/checks.md "Liveness"):
 * while the front camera is on, the person is asked to blink and to turn their head, in a random order,
 * within a visible countdown; the browser detects each action (face-api, loaded only now) and takes a
 * keyframe at that moment. Each new prompt is announced (aria-live); the countdown is a timer that is not
 * read out every second. Never a dead end: the selfie can be taken at any time, and a challenge that is
 * not finished (time up, the check could not start) is sent as such — a person then reviews.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { LivenessAction, LivenessEvidence } from '@kyc/contracts';
import { currentAction, evidenceOf, observe, startChallenge, type ChallengeState } from './challenge';
import { loadLandmarkDetector, type LandmarkDetector } from './face-landmarks';
import { takeKeyframe } from './keyframe';
import './liveness-challenge.css';

/** How often a frame is analysed. */
const TICK_MS = 150;

export type ChallengeView =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'running'; state: ChallengeState; secondsLeft: number }
  | { kind: 'completed' }
  | { kind: 'timed_out' };

export interface LivenessChallengeProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The evidence as it stands; the caller sends the latest with the selfie. */
  onEvidence: (evidence: LivenessEvidence | null) => void;
  /** Tests replace the detector, the clock, the keyframes and the draw. */
  loadDetector?: () => Promise<LandmarkDetector>;
  now?: () => number;
  takeFrame?: (video: HTMLVideoElement) => string | null;
  actions?: [LivenessAction, LivenessAction];
}

function Prompt({ action }: { action: LivenessAction }) {
  const { t } = useTranslation();
  if (action === 'blink') return <>{t('capture.liveness.blink')}</>;
  if (action === 'turn_left') return <>{t('capture.liveness.turn_left')}</>;
  return <>{t('capture.liveness.turn_right')}</>;
}

export function LivenessChallenge({
  videoRef,
  onEvidence,
  loadDetector = loadLandmarkDetector,
  now = () => performance.now(),
  takeFrame = takeKeyframe,
  actions,
}: LivenessChallengeProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<ChallengeView>({ kind: 'loading' });
  const report = useRef(onEvidence);
  report.current = onEvidence;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let state = startChallenge(actions);
    const frames: LivenessEvidence['frames'] = [];
    let started = 0;
    const secondsLeft = (at: number) => Math.max(0, Math.ceil((state.timeLimitMs - at) / 1000));

    async function tick(detector: LandmarkDetector) {
      if (stopped) return;
      const at = now() - started;
      if (at > state.timeLimitMs) {
        setView({ kind: 'timed_out' });
        report.current(evidenceOf(state, 'timed_out', []));
        return;
      }
      const video = videoRef.current;
      if (video && video.videoWidth > 0) {
        const landmarks = await detector.detect(video).catch(() => null);
        if (stopped) return;
        state = observe(state, landmarks, at);
        for (const kind of state.take) {
          const image = takeFrame(video);
          if (image) frames.push({ kind, atMs: Math.round(at), image });
        }
        if (state.done === 2) {
          setView({ kind: 'completed' });
          report.current(evidenceOf(state, 'completed', frames));
          return;
        }
      }
      setView({ kind: 'running', state, secondsLeft: secondsLeft(at) });
      // Until the person takes the selfie, what stands is a challenge they went on without.
      report.current(evidenceOf(state, 'skipped', []));
      timer = setTimeout(() => void tick(detector), TICK_MS);
    }

    loadDetector().then(
      (detector) => {
        if (stopped) return;
        started = now();
        void tick(detector);
      },
      () => {
        if (stopped) return;
        setView({ kind: 'unavailable' });
        report.current(evidenceOf(state, 'skipped', []));
      },
    );
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
    // The challenge runs once per camera session (the component is mounted with the camera).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const action = view.kind === 'running' ? currentAction(view.state) : null;
  return (
    <div className="liveness" role="group" aria-label={t('capture.liveness.heading')}>
      <p className="liveness__intro">{t('capture.liveness.intro')}</p>
      <p className="liveness__prompt" aria-live="polite">
        {view.kind === 'loading' ? t('capture.liveness.loading') : null}
        {view.kind === 'unavailable' ? t('capture.liveness.unavailable') : null}
        {view.kind === 'running' && !view.state.rest ? t('capture.liveness.lookAtCamera') : null}
        {view.kind === 'running' && view.state.rest && action ? (
          <>
            <span className="liveness__step">
              {t('capture.liveness.step', { current: view.state.done + 1 })}
            </span>{' '}
            <strong>
              <Prompt action={action} />
            </strong>
          </>
        ) : null}
        {view.kind === 'completed' ? t('capture.liveness.completed') : null}
        {view.kind === 'timed_out' ? t('capture.liveness.timedOut') : null}
      </p>
      {view.kind === 'running' ? (
        <p className="liveness__timer" role="timer">
          {t('capture.liveness.secondsLeft', { seconds: view.secondsLeft })}
        </p>
      ) : null}
    </div>
  );
}
