import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { routes } from './app-routes';
import './styles/global.css';

const router = createBrowserRouter(routes);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
// The API renders the home page on the server (entry-server.tsx): take it over rather than paint it again.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
