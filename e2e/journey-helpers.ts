import { fileURLToPath } from 'node:url';

/** Where a journey's screenshot goes: e2e/screenshots/ (the PNGs are not committed). */
export function screenshotPath(fileName: string): string {
  return fileURLToPath(new URL(`screenshots/${fileName}`, import.meta.url));
}

/** The password of every demo account the seed makes (design.md section 7). */
export const demoPassword = 'mandi-demo';
