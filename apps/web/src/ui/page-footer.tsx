import './page-footer.css';

/** The site footer: one line (product, year, rights). */
export function PageFooter({ text }: { text: string }) {
  return (
    <footer className="page-footer">
      <p>{text}</p>
    </footer>
  );
}
