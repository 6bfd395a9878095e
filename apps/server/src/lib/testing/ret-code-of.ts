/**
 * Test support: the RetCode a rule refuses with. Unit tests of the pure rules (state machines, the
 * questionnaire engine, the support-request check) assert on the code, not on the message; anything
 * that is not an AppError is rethrown so a crash never passes for a refusal.
 */
import { AppError } from '../app-error.ts';

/** The AppError's retCode if `run` throws one, undefined if it returns. */
export function retCodeOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.retCode;
    throw error;
  }
  return undefined;
}
