/*
 * The entry chunk's only part of the service worker: after the page has loaded (never competing with the first
 * paint), the registration is fetched as its own chunk. Only production builds have a worker (the Vite dev server
 * serves none).
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./register').then((worker) => worker.registerServiceWorker()).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
