import { useId, type ReactNode } from 'react';
import './card.css';

export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title within the page outline. */
  headingLevel?: 2 | 3;
  className?: string;
  children?: ReactNode;
}

export function Card({ title, headingLevel = 2, className, children }: CardProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={className ? `card ${className}` : 'card'}
      aria-labelledby={title ? titleId : undefined}
    >
      {title ? (
        <Heading id={titleId} className="card__title">
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
