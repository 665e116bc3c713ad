import 'reflect-metadata';
import { loadConfig } from '@mandi/config';
import { createApp } from './bootstrap/create-app.js';

/** Starts the API on PORT (default 3000); SIGTERM/SIGINT close it gracefully via Nest's shutdown hooks. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp();
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  console.error('API failed to start:', error);
  process.exit(1);
});
