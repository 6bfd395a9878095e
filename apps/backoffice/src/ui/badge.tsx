import type { ReactNode } from 'react';
import './badge.css';

/**
 * A short status label beside a name or a title (e.g. "Final rejection awaiting a senior" in the queue
 * and on the case page). Text, not colour alone, carries the meaning.
 */
export function Badge({ children }: { children: ReactNode }) {
  return <span className="ui-badge">{children}</span>;
}
