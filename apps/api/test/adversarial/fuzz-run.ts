import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { ApiHarness, TestResponse } from '../harness.js';
import { attacksOn, type FuzzCase, type FuzzOperation, type KnownValues } from './fuzz-cases.js';
import type { RowChangeWatch } from './row-changes.js';

/** Who sends a case: a name for the report and the Authorization header, if any. */
export interface FuzzCaller {
  name: string;
  authorization?: string;
}

/** Something the fuzz pass found: the request, what came back, and which rule it broke. */
export interface FuzzFinding {
  rule: string;
  caller: string;
  attack: string;
  request: string;
  status: number;
  body: string;
}

/** What one pass tried and found. */
export interface FuzzReport {
  routes: number;
  requests: number;
  serverErrors: number;
  /** Successful answers checked against the schema the document gives for their status. */
  answersChecked: number;
  findings: FuzzFinding[];
  slowestMs: number;
  slowest: string;
}

/** Stack frames, SQL and driver text, file paths: what a body must never carry. */
const LEAKS: readonly [string, RegExp][] = [
  ['stack trace', /\bat [\w$.<>]+ \(|\bat (?:file|node):|\.(?:ts|js):\d+:\d+/],
  ['Prisma', /Prisma/],
  ['SQL', /\bSELECT\b|\bINSERT INTO\b|ERROR: /],
  ['node_modules', /node_modules/],
];

const ERROR_KEYS = new Set(['statusCode', 'error', 'message', 'fields', 'details']);

/** The rules every answer keeps; a list of the ones this answer breaks. */
function brokenRules(response: TestResponse, documented: ReadonlySet<number>): string[] {
  const broken: string[] = [];
  // An answer the document names for the route (the health check's 503) keeps its own documented shape.
  if (documented.has(response.statusCode)) return broken;
  if (response.statusCode >= 500 || response.statusCode === 0) broken.push(`${response.statusCode || 'no'} answer`);
  // The reference page's own files (a renderer's script) are code by nature; every other answer is checked.
  const checked = response.statusCode >= 300 || (response.headers['content-type'] ?? '').startsWith('application/json');
  if (checked) for (const [name, pattern] of LEAKS) if (pattern.test(response.body)) broken.push(`${name} in the body`);
  if (response.statusCode >= 400) {
    let body: any;
    try {
      body = JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    const shaped =
      body !== null &&
      typeof body === 'object' &&
      body.statusCode === response.statusCode &&
      typeof body.error === 'string' &&
      typeof body.message === 'string' &&
      body.message.length > 0 &&
      Object.keys(body).every((key) => ERROR_KEYS.has(key));
    if (!shaped) broken.push('error not in the {statusCode, error, message} shape');
  }
  return broken;
}

/** Settings of one pass. */
export interface FuzzPass {
  api: ApiHarness;
  watch: RowChangeWatch;
  operations: readonly FuzzOperation[];
  /** The callers of an operation (by its access). */
  callersOf: (operation: FuzzOperation) => FuzzCaller[];
  knownFor: (operation: FuzzOperation) => KnownValues;
  forgeUids: readonly string[];
  casesPerCaller: number;
  seed: number;
  /** Tables a refused request may write, each with the reason. */
  exemptTables?: Readonly<Record<string, string>>;
}

/** Sends every case of every operation as every caller and checks each answer and the data after it. */
export async function runFuzzPass(pass: FuzzPass): Promise<FuzzReport> {
  const report: FuzzReport = {
    routes: pass.operations.length,
    requests: 0,
    serverErrors: 0,
    answersChecked: 0,
    findings: [],
    slowestMs: 0,
    slowest: '',
  };
  let seed = pass.seed;
  for (const operation of pass.operations) {
    for (const caller of pass.callersOf(operation)) {
      const cases = fc.sample(attacksOn(operation, pass.knownFor(operation), pass.forgeUids), {
        seed: seed++,
        numRuns: pass.casesPerCaller,
      });
      for (const fuzzCase of cases) await runCase(pass, report, operation, caller, fuzzCase);
    }
  }
  return report;
}

async function runCase(
  pass: FuzzPass,
  report: FuzzReport,
  operation: FuzzOperation,
  caller: FuzzCaller,
  fuzzCase: FuzzCase,
): Promise<void> {
  const headers = { ...(caller.authorization ? { authorization: caller.authorization } : {}), ...fuzzCase.headers };
  // A connection the server cut without an answer counts as an answer of status 0 (and breaks the first rule).
  const send = () =>
    pass.api
      .request({ method: fuzzCase.method as 'GET', url: fuzzCase.url, headers, payload: fuzzCase.payload })
      .catch((error: Error): TestResponse => ({
        statusCode: 0,
        headers: {},
        body: `no answer: ${String((error.cause as Error)?.message ?? error.message)}`,
        json: () => undefined,
      }));
  await pass.watch.changesSinceLastLook();
  const started = performance.now();
  let response = await send();
  if (response.statusCode === 0) {
    // A kept-alive connection the server had just closed: any client sends again once.
    response = await send();
  }
  if (response.statusCode === 429) {
    // A route's own limit answered before the defence under attack; forget the counts and send the case again.
    await clearRateLimits(pass.api);
    await pass.watch.changesSinceLastLook();
    response = await send();
  }
  const elapsed = performance.now() - started;
  report.requests += 1;
  const summary = `${fuzzCase.method} ${fuzzCase.url.slice(0, 160)}`;
  if (elapsed > report.slowestMs)
    Object.assign(report, { slowestMs: elapsed, slowest: `${summary} (${fuzzCase.attack}, ${caller.name})` });
  const documented = new Set(
    Object.entries(operation.operation.responses as Record<string, { $ref?: string }>)
      .filter(([, answer]) => !answer.$ref)
      .map(([status]) => Number(status)),
  );
  if (response.statusCode >= 500 && !documented.has(response.statusCode)) report.serverErrors += 1;
  const rules = brokenRules(response, documented);
  if (fuzzCase.mustRefuse && response.statusCode < 400) rules.push('accepted a malformed request');
  if (response.statusCode >= 200 && response.statusCode < 300) {
    const mismatch = answerMismatch(operation, response);
    if (mismatch !== undefined) report.answersChecked += 1;
    if (mismatch) rules.push(`answer does not match its documented schema: ${mismatch}`);
  }
  if (response.statusCode >= 400 && response.statusCode < 500) {
    const changed = (await pass.watch.changesSinceLastLook()).filter((change) => !pass.exemptTables?.[change.table]);
    if (changed.length > 0)
      rules.push(
        `refused, yet changed rows: ${[...new Set(changed.map((change) => `${change.op} ${change.table}`))].join(', ')}`,
      );
  }
  for (const rule of rules) {
    report.findings.push({
      rule,
      caller: caller.name,
      attack: fuzzCase.attack,
      request: summary,
      status: response.statusCode,
      body: response.body.slice(0, 300),
    });
  }
}

/** JSON Schema 2020-12, OpenAPI 3.1's dialect, with the formats the document names (date-time, email, uri...). */
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);
const validators = new WeakMap<object, Map<number, ValidateFunction | null>>();

/**
 * Checks a 2xx answer against the schema its operation documents for that status: undefined when the document gives
 * none (a file, a redirect, a page), '' when it matches, else what does not.
 */
function answerMismatch(operation: FuzzOperation, response: TestResponse): string | undefined {
  let byStatus = validators.get(operation.operation);
  if (!byStatus) validators.set(operation.operation, (byStatus = new Map()));
  if (!byStatus.has(response.statusCode)) {
    const schema = operation.operation.responses?.[String(response.statusCode)]?.content?.['application/json']?.schema;
    byStatus.set(response.statusCode, schema ? ajv.compile(schema) : null);
  }
  const validate = byStatus.get(response.statusCode);
  if (!validate) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'the body is not JSON';
  }
  return validate(body) ? '' : ajv.errorsText(validate.errors);
}

async function clearRateLimits(api: ApiHarness): Promise<void> {
  const keys = await api.redis.keys(`${api.redisPrefix}:ratelimit:*`);
  if (keys.length > 0) await api.redis.del(...keys);
}

/** The operations of an OpenAPI document, one per method and path. */
export function operationsOf(document: { paths: Record<string, Record<string, object>> }): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** The findings, one line each, grouped so that the same rule on the same route shows once with a count. */
export function describeFindings(findings: readonly FuzzFinding[]): string {
  const groups = new Map<string, { count: number; first: FuzzFinding }>();
  for (const finding of findings) {
    const key = `${finding.rule} | ${finding.request.split('?')[0]!.replace(/\/[^/]*$/, '/…')} | ${finding.attack}`;
    const group = groups.get(key) ?? { count: 0, first: finding };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(
      ({ count, first }) =>
        `${count}x ${first.rule}: ${first.request} [${first.attack}, as ${first.caller}] -> ${first.status} ${first.body}`,
    )
    .join('\n');
}
