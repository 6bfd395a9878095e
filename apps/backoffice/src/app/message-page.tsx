import type { ReactNode } from 'react';
import { Card } from '../ui/card.tsx';

interface MessagePageProps {
  title: string;
  body: string;
  action?: ReactNode;
}

/** A page that only says something: not found, no access, failed to load. */
export function MessagePage({ title, body, action }: MessagePageProps) {
  return (
    <Card as="section" className="app-message">
      <h1>{title}</h1>
      <p>{body}</p>
      {action}
    </Card>
  );
}
