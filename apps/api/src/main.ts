import 'reflect-metadata';
import { ConfigError, loadConfig } from '@mandi/config';
import { createApp } from './bootstrap/create-app.js';

/** Starts the API on PORT (default 3000); SIGTERM/SIGINT close it gracefully via Nest's shutdown hooks. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp();
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  // A refused configuration is the operator's to fix: one line naming each bad variable, no stack trace.
  if (error instanceof ConfigError) console.error(`API refused to start. ${error.message}`);
  else console.error('API failed to start:', error);
  process.exit(1);
});
