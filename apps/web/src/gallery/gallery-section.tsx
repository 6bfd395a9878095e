import { useId, type ReactNode } from 'react';

/** One titled block of the gallery page. */
export function GallerySection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="gallery-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
