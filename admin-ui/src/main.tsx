import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { firebaseIdentity } from './auth/firebase-identity';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App identity={firebaseIdentity} />
  </StrictMode>,
);
