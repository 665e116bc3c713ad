import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { FRONT_END_TEST_RUN } from '../vitest.shared.ts';
import { aliases } from './vite.config.ts';
import { compiledCatalogues } from './vite-catalogues.ts';

export default defineConfig({
  plugins: [react(), compiledCatalogues()],
  resolve: { alias: aliases },
  test: {
    ...FRONT_END_TEST_RUN,
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
  },
});
