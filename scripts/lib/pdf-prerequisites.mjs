// What the worker's invoice PDFs need from the machine: a Chromium for puppeteer-core to drive (it brings none of its
// own) and the Noto fonts for Hindi names and the rupee sign. `npm start` installs the missing Debian packages when
// it may (as root, or through `sudo -n`, the way .ci/run does), and otherwise stops with the command to run, instead
// of starting a worker whose invoices fail in a loop.
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Where the worker looks for Chromium unless PUPPETEER_EXECUTABLE_PATH says otherwise (libs/config's default). */
export const defaultChromiumPath = '/usr/bin/chromium';

/** The Debian package of the browser, needed when nothing is at the default path. */
export const CHROMIUM_PACKAGE = 'chromium';
/** The Debian package of the fonts (Devanagari and the rupee sign), checked wherever dpkg can tell. */
export const FONTS_PACKAGE = 'fonts-noto-core';

/** The lock .ci/run takes too, so two installs on one machine never fight over dpkg. */
export const APT_LOCK = '/tmp/mandi-apt.lock';

/**
 * What the machine has, as {@link pdfPrerequisitePlan} needs it.
 * @typedef {{
 *   executablePath: string,
 *   browserFound: boolean,
 *   dpkg: boolean,
 *   installedPackages: string[],
 *   aptGet: boolean,
 *   root: boolean,
 *   sudo: boolean,
 * }} PdfMachine
 */

/**
 * @typedef {{ action: 'ready' }
 *   | { action: 'install', packages: string[], command: string[] }
 *   | { action: 'stop', message: string }} PdfPlan
 */

/**
 * What `npm start` does about the PDF prerequisites on `machine`: nothing when they are there, install the missing
 * Debian packages when it may, or stop with a message that names them. Pure, so every case is tested without
 * uninstalling anything.
 * @param {PdfMachine} machine
 * @returns {PdfPlan}
 */
export function pdfPrerequisitePlan(machine) {
  const ownBrowser = machine.executablePath !== defaultChromiumPath;
  if (ownBrowser && !machine.browserFound) {
    return {
      action: 'stop',
      message:
        `PUPPETEER_EXECUTABLE_PATH=${machine.executablePath} is not an executable file: point it at a Chromium or ` +
        `Chrome, or unset it to use Debian's ${CHROMIUM_PACKAGE} at ${defaultChromiumPath}.`,
    };
  }
  if (!machine.dpkg) {
    if (machine.browserFound) return { action: 'ready' };
    return {
      action: 'stop',
      message:
        `Invoice PDFs need Chromium at ${defaultChromiumPath}, and this machine has none: install Chromium (on Debian ` +
        `and Ubuntu the package ${CHROMIUM_PACKAGE}) and the Noto fonts (${FONTS_PACKAGE}), or set ` +
        'PUPPETEER_EXECUTABLE_PATH to a Chromium or Chrome you have.',
    };
  }
  const missing = [
    ...(machine.browserFound ? [] : [CHROMIUM_PACKAGE]),
    ...(machine.installedPackages.includes(FONTS_PACKAGE) ? [] : [FONTS_PACKAGE]),
  ];
  if (missing.length === 0) return { action: 'ready' };
  const byHand = `sudo apt-get install ${missing.join(' ')}`;
  if (!machine.aptGet) {
    return {
      action: 'stop',
      message:
        `Invoice PDFs need the Debian packages ${missing.join(' and ')}, and apt-get is not here to install them: ` +
        'install them, then run npm start again.',
    };
  }
  if (!machine.root && !machine.sudo) {
    return {
      action: 'stop',
      message:
        `Invoice PDFs need the Debian packages ${missing.join(' and ')}, which are not installed, and npm start may ` +
        `not install them (it is not root and sudo asks for a password). Run: ${byHand}, then npm start again.`,
    };
  }
  return { action: 'install', packages: missing, command: aptInstallCommand(missing, { root: machine.root }) };
}

/**
 * The command that installs `packages` non-interactively under {@link APT_LOCK}, as root or through `sudo -n`;
 * `recommends: false` leaves their recommended packages out (docker-compose would otherwise bring a Docker engine).
 * @param {string[]} packages
 * @param {{ root: boolean, recommends?: boolean }} how
 */
export function aptInstallCommand(packages, { root, recommends = true }) {
  const install = [
    'env',
    'DEBIAN_FRONTEND=noninteractive',
    // needrestart (a dependency of some Debian packages) would otherwise offer to restart the machine's services.
    'NEEDRESTART_SUSPEND=1',
    'flock',
    APT_LOCK,
    'sh',
    '-c',
    `apt-get update -qq && apt-get install -y -qq${recommends ? '' : ' --no-install-recommends'} "$@"`,
    'apt',
    ...packages,
  ];
  return root ? install : ['sudo', '-n', ...install];
}

/**
 * Runs an install command of {@link aptInstallCommand} with its output on the terminal; answers its exit code.
 * @param {string[]} command
 * @returns {Promise<number>}
 */
export function runInstall(command) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
}

/**
 * Of `packages`, those dpkg records as installed; null when this machine has no dpkg (not Debian or Ubuntu).
 * @param {string[]} packages
 * @returns {Promise<string[] | null>}
 */
export async function installedDebianPackages(packages) {
  // dpkg-query exits 1 when a package is unknown but still prints the known ones: its output is what counts.
  const output = await exec('dpkg-query', ['-W', '-f=${Package} ${Status}\\n', ...packages]).then(
    ({ stdout }) => stdout,
    (error) => (error.code === 'ENOENT' ? null : String(error.stdout ?? '')),
  );
  if (output === null) return null;
  return output
    .split('\n')
    .filter((line) => / install ok installed$/.test(line))
    .map((line) => line.split(' ')[0]);
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function commandWorks(command, args) {
  try {
    await exec(command, args, { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Looks at this machine for {@link pdfPrerequisitePlan}.
 * @param {string} executablePath the Chromium the worker will start
 * @returns {Promise<PdfMachine>}
 */
export async function inspectMachine(executablePath) {
  const installed = await installedDebianPackages([CHROMIUM_PACKAGE, FONTS_PACKAGE]);
  const root = process.getuid?.() === 0;
  return {
    executablePath,
    browserFound: isExecutable(executablePath),
    dpkg: installed !== null,
    installedPackages: installed ?? [],
    aptGet: await commandWorks('apt-get', ['--version']),
    root,
    sudo: !root && (await commandWorks('sudo', ['-n', 'true'])),
  };
}

/**
 * Makes sure the worker can print invoices: installs what is missing when it may, and throws with the message of
 * {@link pdfPrerequisitePlan} (naming the packages) when it cannot. Answers 'present' or 'installed <packages>'.
 * @param {{ executablePath?: string, log?: (line: string) => void }} [options]
 */
export async function ensurePdfPrerequisites({ executablePath = defaultChromiumPath, log = () => {} } = {}) {
  const plan = pdfPrerequisitePlan(await inspectMachine(executablePath));
  if (plan.action === 'ready') return 'present';
  if (plan.action === 'stop') throw new Error(plan.message);
  const how = plan.command[0] === 'sudo' ? 'through sudo' : 'as root';
  log(`installing ${plan.packages.join(' and ')} for invoice PDFs (${how}; apt-get takes a minute or two)`);
  const code = await runInstall(plan.command);
  const after = pdfPrerequisitePlan(await inspectMachine(executablePath));
  if (code !== 0 || after.action !== 'ready') {
    throw new Error(
      `Installing ${plan.packages.join(' and ')} failed (apt-get exited with ${code}; its output is above). ` +
        `Install them by hand (sudo apt-get install ${plan.packages.join(' ')}), then run npm start again.`,
    );
  }
  return `installed ${plan.packages.join(' and ')}`;
}
