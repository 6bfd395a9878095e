import type { ReactNode } from 'react';
import './jump-link.css';

interface JumpLinkProps {
  /** The id of the heading to go to; it receives focus, so keyboard and screen-reader users land there. */
  targetId: string;
  children: ReactNode;
}

/**
 * A link to a section further down the same page, shown only where the page is one column (phones,
 * narrow windows): there a reviewer's decisions come after every answer and document. The target is
 * focused and scrolled to without touching the URL (the router keeps the page's address as it is).
 */
export function JumpLink({ targetId, children }: JumpLinkProps) {
  return (
    <a
      className="ui-jump-link"
      href={`#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.scrollIntoView({ block: 'start' });
        target.focus({ preventScroll: true });
      }}
    >
      {children}
    </a>
  );
}
