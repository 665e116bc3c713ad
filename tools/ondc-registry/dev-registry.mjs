// The registry of a local run (`npm start`): one registry per machine on the fixed port Mandi's development
// configuration names (ONDC_REGISTRY_URL, libs/config), as ONDC runs one registry for its whole network. The first run
// starts it in its own process with Mandi's development record; a run that finds one already there uses it as it is.
import { startOndcRegistry } from './registry.mjs';

/**
 * The registry's health answer, or null when nothing (or something else) answers at `url`.
 * @param {string} url
 * @returns {Promise<{ encryption_public_key: string } | null>}
 */
async function registryAt(url) {
  try {
    const response = await fetch(`${url}/registry/health`, { signal: AbortSignal.timeout(2000) });
    const body = /** @type {any} */ (await response.json());
    return body?.service === 'ondc-registry' ? body : null;
  } catch {
    return null;
  }
}

/**
 * Makes sure a registry answers on host:port, knowing Mandi's development record at `mandiUrl` (PUBLIC_URL). Starts
 * one in this process, or reuses a running one. Returns { url, reused, stop }: stop() closes the registry this call
 * started (a reused one is left running).
 * @param {{ port: number, host?: string, mandiUrl: string, log?: (line: string) => void }} options
 */
export async function ensureOndcRegistry({ port, host = '127.0.0.1', mandiUrl, log = () => {} }) {
  const url = `http://${host}:${port}`;
  if (await registryAt(url)) {
    log(`reusing the ONDC registry at ${url}`);
    return { url, reused: true, stop: async () => {} };
  }
  const registry = await startOndcRegistry({ port, host, mandiUrl, log });
  return { url: registry.url, reused: false, stop: () => registry.close() };
}
