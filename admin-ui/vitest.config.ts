import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { FRONT_END_TEST_RUN } from '../vitest.shared.ts';
import { aliases } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    ...FRONT_END_TEST_RUN,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // The console's tests render the whole react-admin app.
    testTimeout: 20_000,
  },
});
