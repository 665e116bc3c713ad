// Runs once after the jest run: drops the test databases this run (or an abandoned older one) left,
// and stops the Auth emulator if the setup started it.
import { dropTestDatabases } from '../db/test-template.mjs';

export default async function teardown() {
  const { TEST_DATABASE_URL, MANDI_TEST_RUN_ID } = process.env;
  if (TEST_DATABASE_URL && MANDI_TEST_RUN_ID) await dropTestDatabases(TEST_DATABASE_URL, MANDI_TEST_RUN_ID);
  await globalThis.__mandiEmulator?.stop();
}
