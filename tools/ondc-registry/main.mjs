// `node tools/ondc-registry/main.mjs`: the local ONDC registry on its own, until Ctrl-C. `npm start` starts it itself;
// this is for running it beside an API started some other way. Settings come from the environment
// (docs/ondc.md, "Registry, keys and the test buyer app"): ONDC_REGISTRY_PORT (9400), ONDC_REGISTRY_HOST (127.0.0.1),
// and PUBLIC_URL, the base of Mandi's development record (its subscriber URL is PUBLIC_URL/ondc).
import { DEV_PUBLIC_URL, REGISTRY_PORT } from './credentials.mjs';
import { startOndcRegistry } from './registry.mjs';

const env = process.env;
const log = (/** @type {string} */ line) => process.stdout.write(`[ondc-registry] ${line}\n`);

try {
  const registry = await startOndcRegistry({
    port: Number(env.ONDC_REGISTRY_PORT || REGISTRY_PORT),
    host: env.ONDC_REGISTRY_HOST || '127.0.0.1',
    mandiUrl: env.PUBLIC_URL || DEV_PUBLIC_URL,
    log,
  });
  log(`lookup ${registry.url}/v2.0/lookup; control API ${registry.url}/registry/health`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`${signal} received, stopping`);
      void registry.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  process.stderr.write(`[ondc-registry] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
