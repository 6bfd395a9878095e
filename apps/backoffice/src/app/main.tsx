// Entry of the back-office SPA: translations first, then the router.
import { createRoot } from 'react-dom/client';
import { createI18n } from '../lib/i18n.ts';
import '../ui/tokens.css';
import { App } from './app.tsx';
import { createAppRouter } from './routes.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void createI18n().then((i18n) => {
  createRoot(container).render(<App i18n={i18n} router={createAppRouter()} />);
});
