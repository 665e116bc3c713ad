import { EMBEDDED_LISTING_ID, LANGUAGE_LOCALES, isLanguage } from '@mandi/domain';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { browserLanguage, createI18n, loadCatalogue, setPageTextsTarget } from './i18n/i18n';
import { routes } from './app-routes';
import './styles/global.css';
// The service worker (docs/offline.md), registered once the page has loaded.
import './pwa/register-after-load';
import { setRenderClock } from './ui/render-clock';

const router = createBrowserRouter(routes);

const root = document.getElementById('root')!;
// A page the server rendered names its language (data-language on the root), which hydration must match; otherwise
// the visitor's saved choice, or on a first visit the browser's languages.
const rendered = root.dataset.language;
const language = root.firstElementChild && isLanguage(rendered) ? rendered : browserLanguage();
document.documentElement.lang = LANGUAGE_LOCALES[language];
const i18n = createI18n(language, await loadCatalogue(language));
setPageTextsTarget(i18n);
const app = (
  <StrictMode>
    <AppProviders i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
// The API renders the home page on the server (entry-server.tsx): take it over rather than paint it again, with
// relative times read against the moment it was rendered.
if (root.firstElementChild) {
  const renderedAt = document.getElementById(EMBEDDED_LISTING_ID)?.dataset.renderedAt;
  if (renderedAt) setRenderClock(new Date(renderedAt));
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
