import {
  APT_LOCK,
  aptInstallCommand,
  defaultChromiumPath,
  installedDebianPackages,
  pdfPrerequisitePlan,
  type PdfMachine,
} from './pdf-prerequisites.mjs';

// What npm start does about Chromium and its fonts on each kind of machine. The decision is a pure function of what
// the machine has, so every case runs here without uninstalling anything.

/** A Debian machine with both packages, run by a developer without sudo. */
const debian: PdfMachine = {
  executablePath: defaultChromiumPath,
  browserFound: true,
  dpkg: true,
  installedPackages: ['chromium', 'fonts-noto-core'],
  aptGet: true,
  root: false,
  sudo: false,
};

const install = (packages: string[], command: string[]) => ({ action: 'install', packages, command });
const lockedInstall = (packages: string[]) => [
  'env',
  'DEBIAN_FRONTEND=noninteractive',
  'NEEDRESTART_SUSPEND=1',
  'flock',
  APT_LOCK,
  'sh',
  '-c',
  'apt-get update -qq && apt-get install -y -qq "$@"',
  'apt',
  ...packages,
];

describe('pdfPrerequisitePlan', () => {
  it('does nothing when Chromium and the Noto fonts are installed', () => {
    expect(pdfPrerequisitePlan(debian)).toEqual({ action: 'ready' });
  });

  it('installs both packages as root, under the apt lock, when neither is installed', () => {
    const bare = { ...debian, browserFound: false, installedPackages: [], root: true };
    expect(pdfPrerequisitePlan(bare)).toEqual(
      install(['chromium', 'fonts-noto-core'], lockedInstall(['chromium', 'fonts-noto-core'])),
    );
  });

  it('installs only the fonts through sudo -n when only they are missing and sudo needs no password', () => {
    const noFonts = { ...debian, installedPackages: ['chromium'], sudo: true };
    expect(pdfPrerequisitePlan(noFonts)).toEqual(
      install(['fonts-noto-core'], ['sudo', '-n', ...lockedInstall(['fonts-noto-core'])]),
    );
  });

  it('takes a Chromium at the default path as the browser, however it got there', () => {
    const ownBuild = { ...debian, installedPackages: ['fonts-noto-core'] };
    expect(pdfPrerequisitePlan(ownBuild)).toEqual({ action: 'ready' });
  });

  it('stops, naming the packages and the command, when it may not install (no root, sudo asks for a password)', () => {
    expect(pdfPrerequisitePlan({ ...debian, browserFound: false, installedPackages: [] })).toEqual({
      action: 'stop',
      message:
        'Invoice PDFs need the Debian packages chromium and fonts-noto-core, which are not installed, and npm start may ' +
        'not install them (it is not root and sudo asks for a password). Run: sudo apt-get install chromium ' +
        'fonts-noto-core, then npm start again.',
    });
  });

  it('stops, naming the package, when dpkg is there but apt-get is not', () => {
    expect(pdfPrerequisitePlan({ ...debian, installedPackages: ['chromium'], aptGet: false, root: true })).toEqual({
      action: 'stop',
      message:
        'Invoice PDFs need the Debian packages fonts-noto-core, and apt-get is not here to install them: install them, ' +
        'then run npm start again.',
    });
  });

  it('stops on a machine without dpkg and without Chromium, naming the package and the setting', () => {
    const mac = { ...debian, browserFound: false, dpkg: false, installedPackages: [], aptGet: false };
    expect(pdfPrerequisitePlan(mac)).toEqual({
      action: 'stop',
      message:
        'Invoice PDFs need Chromium at /usr/bin/chromium, and this machine has none: install Chromium (on Debian and ' +
        'Ubuntu the package chromium) and the Noto fonts (fonts-noto-core), or set PUPPETEER_EXECUTABLE_PATH to a ' +
        'Chromium or Chrome you have.',
    });
  });

  it('uses a browser named by PUPPETEER_EXECUTABLE_PATH instead of installing chromium, and checks the fonts still', () => {
    const chrome = { ...debian, executablePath: '/opt/google/chrome/chrome', installedPackages: [], root: true };
    expect(pdfPrerequisitePlan(chrome)).toEqual(install(['fonts-noto-core'], lockedInstall(['fonts-noto-core'])));
    expect(pdfPrerequisitePlan({ ...chrome, dpkg: false })).toEqual({ action: 'ready' });
  });

  it('stops when PUPPETEER_EXECUTABLE_PATH names nothing, rather than installing a browser the worker would not use', () => {
    expect(
      pdfPrerequisitePlan({ ...debian, executablePath: '/opt/none/chrome', browserFound: false, root: true }),
    ).toEqual({
      action: 'stop',
      message:
        'PUPPETEER_EXECUTABLE_PATH=/opt/none/chrome is not an executable file: point it at a Chromium or Chrome, or unset ' +
        "it to use Debian's chromium at /usr/bin/chromium.",
    });
  });
});

describe('aptInstallCommand', () => {
  it('runs apt-get non-interactively under the lock .ci/run takes, through sudo -n unless root', () => {
    expect(aptInstallCommand(['chromium'], { root: true })).toEqual(lockedInstall(['chromium']));
    expect(aptInstallCommand(['chromium'], { root: false })).toEqual(['sudo', '-n', ...lockedInstall(['chromium'])]);
  });
});

describe('installedDebianPackages', () => {
  it("answers which of the packages this machine's dpkg has installed, leaving out unknown ones", async () => {
    // The tests run on Debian (.ci/run installs their packages with apt), where dpkg and coreutils are always installed.
    const installed = await installedDebianPackages(['dpkg', 'mandi-no-such-package', 'coreutils']);
    expect(installed?.sort()).toEqual(['coreutils', 'dpkg']);
  });
});
