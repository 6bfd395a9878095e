// @vitest-environment jsdom
/**
 * The liveness challenge's states (D116) with a stand-in detector and clock: the prompts in the order
 * drawn, each announced; the keyframes taken when an action is seen; completed with both actions;
 * timed out with a countdown that reached 0 (and the person can still go on); the check that cannot
 * start says so. Landmarks are a synthetic 68-point face whose eye openness and nose are set.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { LandmarkPoint, LivenessEvidence } from '@kyc/contracts';
import { syntheticFace } from '@kyc/contracts/liveness-landmarks';
import { createTestI18n } from '../../../../test/i18n';
import { LivenessChallenge } from './liveness-challenge';
import type { LandmarkDetector } from './face-landmarks';

const face = syntheticFace;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setUp(script: (LandmarkPoint[] | null)[], options: { failLoad?: boolean } = {}) {
  vi.useFakeTimers();
  let clock = 0;
  const video = Object.assign(document.createElement('video'), {});
  Object.defineProperty(video, 'videoWidth', { value: 640 });
  const detector: LandmarkDetector = {
    detect: vi.fn(async () => (script.length > 1 ? (script.shift() ?? null) : (script[0] ?? null))),
  };
  const evidence: (LivenessEvidence | null)[] = [];
  const takeFrame = vi.fn(() => 'data:image/jpeg;base64,/9j/');
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <LivenessChallenge
        videoRef={{ current: video }}
        onEvidence={(e) => evidence.push(e)}
        loadDetector={() =>
          options.failLoad ? Promise.reject(new Error('no model')) : Promise.resolve(detector)
        }
        now={() => clock}
        takeFrame={takeFrame}
        actions={['turn_left', 'blink']}
      />
    </I18nextProvider>,
  );
  const advance = async (ms: number) => {
    clock += ms;
    await act(() => vi.advanceTimersByTimeAsync(ms));
  };
  return { evidence, takeFrame, advance, last: () => evidence[evidence.length - 1] };
}

describe('the liveness challenge', () => {
  it('when the person turns left and then blinks, then each prompt is announced in turn and the evidence is completed with three keyframes', async () => {
    const { advance, last, takeFrame } = setUp([
      face(),
      face(),
      face({ nose: 40 }),
      face(),
      face({ open: 3 }),
      face(),
    ]);
    await advance(0);
    const prompt = screen.getByText(/Prompt 1 of 2/).closest('[aria-live]');
    expect(prompt?.getAttribute('aria-live')).toBe('polite');
    expect(prompt?.textContent).toContain('Turn your head to the left');
    expect(screen.getByRole('timer').textContent).toBe('20 s left');
    await advance(150);
    await advance(150);
    expect(screen.getByText(/Prompt 2 of 2/).closest('[aria-live]')?.textContent).toContain('Blink');
    await advance(150);
    await advance(150);
    expect(screen.getByText('Done. Now look straight at the camera and take your selfie.')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(last()).toMatchObject({
      challenge: { actions: ['turn_left', 'blink'], timeLimitMs: 20_000 },
      status: 'completed',
      events: [
        { action: 'turn_left', atMs: 300 },
        { action: 'blink', atMs: 600 },
      ],
    });
    expect(last()?.frames.map((f) => f.kind)).toEqual(['neutral', 'turn', 'blink']);
    expect(takeFrame).toHaveBeenCalledTimes(3);
  });

  it('when no face is seen, then it asks the person to look at the camera, counts down, and times out: the person may still go on', async () => {
    const { advance, last } = setUp([null]);
    await advance(0);
    expect(screen.getByText('Look at the camera with your face inside the oval.')).toBeTruthy();
    // Until then, what stands is a challenge the person went on without.
    expect(last()).toMatchObject({ status: 'skipped', frames: [] });
    await advance(10_050);
    expect(screen.getByRole('timer').textContent).toBe('10 s left');
    for (let i = 0; i < 70; i++) await advance(150);
    expect(screen.getByText('Time is up. Take your selfie anyway; a person will check it.')).toBeTruthy();
    expect(last()).toMatchObject({ status: 'timed_out', events: [], frames: [] });
  });

  it('when the models cannot load, then it says so and the selfie goes without it', async () => {
    const { advance, last } = setUp([], { failLoad: true });
    await advance(0);
    expect(
      screen.getByText('The check could not start. Take your selfie; a person will check it.'),
    ).toBeTruthy();
    expect(last()).toMatchObject({ status: 'skipped' });
  });
});
