import { EMBEDDED_LISTING_ID } from '@mandi/domain';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { routes } from './app-routes';
import './styles/global.css';
import { setRenderClock } from './ui/render-clock';

const router = createBrowserRouter(routes);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders>
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
