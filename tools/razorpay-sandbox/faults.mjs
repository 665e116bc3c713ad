// Fault injection: the sandbox's REST API (/v1, and Route's /v2) made slow or failing on purpose, switched on and off
// while it runs, so a test (or a developer) sees what the app does when Razorpay is slow, down, or loses its answer
// after acting. Only the REST API is affected; the checkout script, the hosted page, webhooks and the control API
// never are.
import { SandboxError } from './ledger.mjs';

/** What Razorpay answers when it fails on its side (its documented SERVER_ERROR shape). */
const SERVER_ERROR = {
  code: 'SERVER_ERROR',
  source: 'NA',
  step: 'NA',
  reason: 'NA',
};

/**
 * @typedef {object} FaultRule what to do to the calls it matches
 * @property {string} [method] only calls with this HTTP method (any when absent)
 * @property {string} [path] only calls whose path matches, `:name` standing for one segment
 *   (e.g. `/v1/payments/:id/refund`, `/v2/accounts`); every REST call when absent
 * @property {number} [delayMs] wait this long before acting and answering (a slow Razorpay)
 * @property {number} [answerDelayMs] act at once, then hold the answer this long: the window in which a caller that
 *   dies has had its call made but not heard the answer (the fault tests kill the worker in it)
 * @property {number} [status] answer this status (5xx, or 429) with Razorpay's error body instead of the real answer
 * @property {boolean} [afterEffect] with `status`: act first (the refund is made, the order created) and then answer
 *   the error, as when Razorpay's answer is lost on the way back; without it the call changes nothing
 * @property {number} [times] apply to this many matching calls, then lift by itself (until cleared when absent)
 *
 * @typedef {FaultRule & { id: number, hits: number }} ActiveFault a rule in force, with the calls it has hit
 */

/** The rules in force, first match wins. */
export class Faults {
  /** @type {Array<ActiveFault & { matcher: RegExp | null }>} */
  #rules = [];
  #nextId = 1;

  /**
   * Puts a rule in force (after the others: an earlier one that matches the same call wins) and answers it with its id.
   * @param {FaultRule} rule
   * @returns {ActiveFault}
   */
  add(rule) {
    const checked = checkRule(rule);
    const active = {
      ...checked,
      id: this.#nextId++,
      hits: 0,
      matcher: checked.path ? pathPattern(checked.path) : null,
    };
    this.#rules.push(active);
    return publicView(active);
  }

  /**
   * Lifts every rule, or the one with this id.
   * @param {number} [id]
   */
  clear(id) {
    this.#rules = id === undefined ? [] : this.#rules.filter((rule) => rule.id !== id);
  }

  /** The rules in force, with how many calls each has hit. */
  list() {
    return this.#rules.map(publicView);
  }

  /**
   * The rule that applies to this call, counted as hit (and lifted when its `times` are used up), or null.
   * @param {string | undefined} method
   * @param {string} path
   * @returns {ActiveFault | null}
   */
  take(method, path) {
    const rule = this.#rules.find(
      (candidate) =>
        (!candidate.method || candidate.method === method) && (!candidate.matcher || candidate.matcher.test(path)),
    );
    if (!rule) return null;
    rule.hits += 1;
    if (rule.times !== undefined && rule.hits >= rule.times) this.clear(rule.id);
    return publicView(rule);
  }
}

/**
 * The error a failing rule answers, in Razorpay's shape.
 * @param {number} status
 */
export function injectedError(status) {
  return new SandboxError(
    status,
    `The sandbox was told to fail this call with ${status} (fault injection).`,
    SERVER_ERROR,
  );
}

/**
 * Checks a rule from a test or the control API (snake_case accepted: delay_ms, after_effect).
 * @param {Record<string, any>} given
 * @returns {FaultRule}
 */
function checkRule(given) {
  const rule = {
    method: given.method === undefined ? undefined : String(given.method).toUpperCase(),
    path: given.path === undefined ? undefined : String(given.path),
    delayMs: number(given.delayMs ?? given.delay_ms, 'delay_ms'),
    answerDelayMs: number(given.answerDelayMs ?? given.answer_delay_ms, 'answer_delay_ms'),
    status: number(given.status, 'status'),
    afterEffect: given.afterEffect === true || given.after_effect === true,
    times: number(given.times, 'times'),
  };
  if (rule.status !== undefined && (rule.status < 400 || rule.status > 599)) {
    throw new SandboxError(400, 'status must be an HTTP error status (400 to 599)', { field: 'status' });
  }
  if (rule.afterEffect && rule.status === undefined) {
    throw new SandboxError(400, 'after_effect needs a status to answer', { field: 'after_effect' });
  }
  if (rule.delayMs === undefined && rule.status === undefined && rule.answerDelayMs === undefined) {
    throw new SandboxError(400, 'a fault needs delay_ms, answer_delay_ms, status or more', { field: 'status' });
  }
  if (rule.path !== undefined && !rule.path.startsWith('/v1/') && !rule.path.startsWith('/v2/')) {
    throw new SandboxError(400, 'path must be a REST API path under /v1/ or /v2/', { field: 'path' });
  }
  return rule;
}

/**
 * @param {unknown} value
 * @param {string} field
 */
function number(value, field) {
  if (value === undefined || value === null) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new SandboxError(400, `${field} must be a whole number`, { field });
  return parsed;
}

/**
 * `/v1/payments/:id/refund` as a regular expression over whole paths.
 * @param {string} path
 */
function pathPattern(path) {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * A rule as tests and the control API see it: no matcher, no unset fields.
 * @param {ActiveFault & { matcher?: RegExp | null }} rule
 * @returns {ActiveFault}
 */
function publicView({ matcher: _matcher, ...rule }) {
  return /** @type {ActiveFault} */ (
    Object.fromEntries(Object.entries(rule).filter(([, value]) => value !== undefined && value !== false))
  );
}
