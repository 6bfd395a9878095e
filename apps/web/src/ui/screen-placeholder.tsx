import { Card } from './card';

/**
 * The honest content of a screen whose issue has not been built yet: its title and a sentence saying
 * so. No fake data.
 */
export function ScreenPlaceholder({ title, message }: { title: string; message: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <Card>
        <p>{message}</p>
      </Card>
    </div>
  );
}
