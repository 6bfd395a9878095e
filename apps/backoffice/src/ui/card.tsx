import type { HTMLAttributes } from 'react';
import { cx } from './class-names.ts';
import './card.css';

type CardProps = HTMLAttributes<HTMLElement> & {
  /** `section` when the card has its own heading, else a plain `div`. */
  as?: 'div' | 'section' | 'article';
};

export function Card({ as: Element = 'div', className, ...rest }: CardProps) {
  return <Element {...rest} className={cx('ui-card', className)} />;
}
