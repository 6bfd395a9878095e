/**
 * Issue 20: where a view shows data of a person the erasure job redacted, it says when and under which
 * policy version (the server's redaction markers, one per kind). The case and questionnaire pages provide
 * the markers once; any field below reads the marker of its kind.
 */
import { createContext, useContext } from 'react';
import { REDACTED_VALUE, type RedactionMarker } from '@kyc/contracts';

export type { RedactionMarker };

const RedactionsContext = createContext<readonly RedactionMarker[]>([]);

export const RedactionsProvider = RedactionsContext.Provider;

/** The marker of one kind (`personal_data`, `identity_documents`, …) of the person shown, if redacted. */
export function useRedactionMarker(kind: string): RedactionMarker | undefined {
  return useContext(RedactionsContext).find((m) => m.kind === kind);
}

/** A stored text the erasure replaced (`[redacted]`). */
export const isRedactedValue = (value: string | null | undefined): boolean => value === REDACTED_VALUE;
