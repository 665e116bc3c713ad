// Console output of the developer scripts: our own lines, and the lines of the processes we run, each behind a
// short coloured name so the API, the worker and the emulator can be told apart in one terminal.
import { createInterface } from 'node:readline';
import { prettyFactory } from 'pino-pretty';

const colourful = process.stdout.isTTY === true && !process.env.NO_COLOR;

const codes = { red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, grey: 90, bold: 1 };

/** Wraps text in an ANSI colour when the terminal shows colours. */
export function paint(colour, text) {
  return colourful ? `\u001b[${codes[colour]}m${text}\u001b[0m` : text;
}

/** Prints one line of the script itself. */
export function say(text) {
  process.stdout.write(`${paint('bold', '[mandi]')} ${text}\n`);
}

/** Prints a problem of the script itself to stderr. */
export function complain(text) {
  process.stderr.write(`${paint('bold', '[mandi]')} ${paint('red', text)}\n`);
}

const pretty = prettyFactory({
  colorize: colourful,
  translateTime: 'SYS:HH:MM:ss.l',
  // A request line reads as "GET /api/health 200 3 ms - request completed", without the full headers.
  ignore: 'pid,hostname,req,res,responseTime',
  messageFormat: '{if req.method}{req.method} {req.url} {res.statusCode} {responseTime} ms - {end}{msg}',
  singleLine: true,
});

/** Formats a pino JSON line readably; any other line is returned as it came. */
function readable(line) {
  if (!line.startsWith('{')) return line;
  try {
    const record = JSON.parse(line);
    if (typeof record !== 'object' || record === null || !('level' in record)) return line;
    return pretty(record).trimEnd();
  } catch {
    return line;
  }
}

/**
 * Copies a child's stdout and stderr to ours line by line, each line behind `name` padded to `width`.
 * Resolves when both streams have ended.
 */
export function relayLines(child, name, colour, width = 8) {
  const label = paint(colour, name.padEnd(width));
  const relay = (stream, target) =>
    new Promise((resolve) => {
      if (!stream) return resolve();
      const lines = createInterface({ input: stream, crlfDelay: Infinity });
      lines.on('line', (line) => {
        for (const part of readable(line).split('\n')) target.write(`${label} ${part}\n`);
      });
      lines.on('close', resolve);
    });
  return Promise.all([relay(child.stdout, process.stdout), relay(child.stderr, process.stderr)]);
}
