// What `npm test` needs from the machine beyond what `npm start` needs (Chromium and its fonts, pdf-prerequisites.mjs):
// pdftotext (poppler-utils) to read the invoices' PDFs, and Debian's docker-compose 1.29 to validate the compose files
// offline (scripts/deploy/compose.int.spec.ts). Installed when it may be, as npm start installs Chromium, or named.
import { aptInstallCommand, inspectMachine, installedDebianPackages, runInstall } from './pdf-prerequisites.mjs';

/** The Debian packages of the tests' own tools. */
export const TEST_PACKAGES = ['poppler-utils', 'docker-compose'];

/**
 * What `npm test` does about `missing` test packages: nothing, install them (without recommends), or stop naming
 * them. Pure, like pdfPrerequisitePlan.
 * @param {{ missing: string[] | null, aptGet: boolean, root: boolean, sudo: boolean }} machine `missing` is null without dpkg
 * @returns {{ action: 'ready' } | { action: 'install', packages: string[], command: string[] } | { action: 'stop', message: string }}
 */
export function testPackagesPlan({ missing, aptGet, root, sudo }) {
  if (missing === null) {
    return {
      action: 'stop',
      message: `The tests need pdftotext (poppler-utils) and docker-compose 1.29; this is not a Debian or Ubuntu machine, so install them yourself.`,
    };
  }
  if (missing.length === 0) return { action: 'ready' };
  if (!aptGet || (!root && !sudo)) {
    return {
      action: 'stop',
      message: `The tests need the Debian packages ${missing.join(' and ')}, and npm test may not install them: run sudo apt-get install --no-install-recommends ${missing.join(' ')}.`,
    };
  }
  return { action: 'install', packages: missing, command: aptInstallCommand(missing, { root, recommends: false }) };
}

/**
 * Makes sure the test packages are installed; throws naming them when they are not and cannot be. Answers what it did.
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function ensureTestPackages({ log = () => {} } = {}) {
  const installed = await installedDebianPackages(TEST_PACKAGES);
  const { aptGet, root, sudo } = await inspectMachine('/usr/bin/chromium');
  const plan = testPackagesPlan({
    missing: installed && TEST_PACKAGES.filter((name) => !installed.includes(name)),
    aptGet,
    root,
    sudo,
  });
  if (plan.action === 'ready') return 'present';
  if (plan.action === 'stop') throw new Error(plan.message);
  log(`installing ${plan.packages.join(' and ')} for the tests (apt-get takes a minute)`);
  const code = await runInstall(plan.command);
  if (code !== 0)
    throw new Error(
      `Installing ${plan.packages.join(' and ')} failed (apt-get exited with ${code}; its output is above).`,
    );
  return `installed ${plan.packages.join(' and ')}`;
}
