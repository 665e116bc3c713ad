import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { isListening, run, startProcess, waitForHttp } from './processes.mjs';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on: the kernel's choice, released again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('startProcess', () => {
  it('stops the child and everything it spawned in its group', async () => {
    // The shell prints the pid of a grandchild, then waits; stopping must end both.
    const child = startProcess({
      name: 'sleeper',
      colour: 'grey',
      command: 'sh',
      args: ['-c', 'sleep 60 & echo "grandchild $!"; wait'],
    });
    const grandchild = await new Promise<number>((resolve) => {
      const timer = setInterval(() => {
        const pids = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)])
          .toString()
          .trim();
        if (pids) {
          clearInterval(timer);
          resolve(Number(pids.split('\n')[0]));
        }
      }, 50);
    });

    await child.stop();

    expect(await child.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(alive(grandchild)).toBe(false);
  });
});

describe('run', () => {
  it('resolves with the exit code of the command', async () => {
    expect(await run('sh', ['-c', 'exit 3'])).toBe(3);
    expect(await run('true', [])).toBe(0);
  });
});

describe('waitForHttp', () => {
  it('gives up as soon as the abandon promise settles', async () => {
    const abandon = Promise.resolve(new Error('the API exited during startup (1)'));

    const url = `http://127.0.0.1:${await closedPort()}/`;

    await expect(waitForHttp(url, { timeoutMs: 5000, abandon })).rejects.toThrow('the API exited during startup (1)');
  });

  it('names the URL and the last answer when time runs out', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/`;

    await expect(waitForHttp(url, { timeoutMs: 1000, intervalMs: 50 })).rejects.toThrow(
      `${url} did not become ready within 1 s (last: ECONNREFUSED)`,
    );
  });
});

describe('isListening', () => {
  it('sees PostgreSQL on 5432 and nothing on a closed port', async () => {
    expect(await isListening('127.0.0.1', 5432)).toBe(true);
    expect(await isListening('127.0.0.1', await closedPort())).toBe(false);
  });
});
