import { RISK_TOKEN_HEADER } from '@kyc/contracts';
import { sdkSession } from './sdk-session';

/**
 * Security verification before a sensitive call (issue 15, docs/security-verification.md). A feature
 * wraps its call in `withStepUp(scene, …)`; the dialog that earns the risk token is mounted by the app
 * (features/security-verification registers itself here), so no feature imports another.
 */
export type StepUpHandler = (scene: number) => Promise<string | null>;

let handler: StepUpHandler | null = null;

/** The app's dialog registers itself; answers the function that unregisters it. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** The person closed the dialog: nothing was sent, nothing to report. */
export class StepUpCancelled extends Error {
  constructor() {
    super('security verification cancelled');
    this.name = 'StepUpCancelled';
  }
}

export const isStepUpCancelled = (error: unknown): error is StepUpCancelled =>
  error instanceof StepUpCancelled;

/**
 * Runs `call` with a fresh risk token for `scene` in the x-risk-token header. In SDK mode the partner
 * authenticated the person and the integration endpoints take no risk token (D53): the call runs as is.
 */
export async function withStepUp<T>(
  scene: number,
  call: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  if (sdkSession()) return call({});
  if (!handler) throw new Error('no security verification dialog is mounted');
  const token = await handler(scene);
  if (!token) throw new StepUpCancelled();
  return call({ [RISK_TOKEN_HEADER]: token });
}
