import { Card } from './card.tsx';

interface AreaPlaceholderProps {
  title: string;
  heading: string;
  body: string;
}

/** An area that exists in the navigation but whose content arrives with a later release. */
export function AreaPlaceholder({ title, heading, body }: AreaPlaceholderProps) {
  return (
    <>
      <h1>{title}</h1>
      <Card as="section">
        <h2>{heading}</h2>
        <p>{body}</p>
      </Card>
    </>
  );
}
