import { APT_LOCK } from './pdf-prerequisites.mjs';
import { testPackagesPlan } from './test-prerequisites.mjs';

// What npm test does about pdftotext and docker-compose on each kind of machine, without uninstalling anything.

describe('testPackagesPlan', () => {
  it('does nothing when both are installed', () => {
    expect(testPackagesPlan({ missing: [], aptGet: true, root: false, sudo: false })).toEqual({ action: 'ready' });
  });

  it('installs the missing ones without their recommends (no Docker engine for docker-compose) as root', () => {
    const plan = testPackagesPlan({ missing: ['docker-compose'], aptGet: true, root: true, sudo: false });
    expect(plan).toEqual({
      action: 'install',
      packages: ['docker-compose'],
      command: expect.arrayContaining([
        'flock',
        APT_LOCK,
        'apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@"',
        'docker-compose',
      ]),
    });
    expect((plan as { command: string[] }).command[0]).toBe('env');
  });

  it('goes through sudo -n when it may', () => {
    const plan = testPackagesPlan({ missing: ['poppler-utils'], aptGet: true, root: false, sudo: true });
    expect((plan as { command: string[] }).command.slice(0, 2)).toEqual(['sudo', '-n']);
  });

  it('stops naming the packages and the command when it may not install', () => {
    expect(
      testPackagesPlan({ missing: ['poppler-utils', 'docker-compose'], aptGet: true, root: false, sudo: false }),
    ).toEqual({
      action: 'stop',
      message:
        'The tests need the Debian packages poppler-utils and docker-compose, and npm test may not install them: run sudo apt-get install --no-install-recommends poppler-utils docker-compose.',
    });
    expect(testPackagesPlan({ missing: null, aptGet: false, root: false, sudo: false })).toMatchObject({
      action: 'stop',
      message: expect.stringContaining('poppler-utils'),
    });
  });
});
