import { StrictMode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Spinner } from '../ui/spinner.tsx';
import './app.css';

interface AppProps {
  i18n: I18n;
  router: ReturnType<typeof createBrowserRouter>;
}

/** Providers around the router. The fallback has no text: it shows while the translations load. */
export function App({ i18n, router }: AppProps) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<Spinner size="page" />}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>
    </StrictMode>
  );
}
