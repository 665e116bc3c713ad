import fc from 'fast-check';

/** A JSON Schema (or an OpenAPI object) as read from /api/openapi.json. */
type Json = Record<string, any>;

/** One request of the fuzz pass: what is sent, and a short name of the attack for the report. */
export interface FuzzCase {
  attack: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** An object is sent as JSON; a string or a FormData as it is (the harness's TestRequest). */
  payload?: unknown;
  /**
   * The request is malformed as a whole (a body that is not a JSON object of the route, another content type, text
   * that is not well-formed Unicode): it must be refused, so a 2xx is a finding. Other cases break one field, which
   * a route may legitimately ignore or accept.
   */
  mustRefuse?: boolean;
}

/** An operation of the document with its method and path template. */
export interface FuzzOperation {
  method: string;
  path: string;
  operation: Json;
}

/**
 * Real values for names the routes take (the owner's uid, their product, address and order ids), so a case changes
 * one thing at a time and reaches past the first check instead of dying on an unknown id.
 */
export type KnownValues = Record<string, string | number>;

const HUGE = 100 * 1024;

/** Text that has broken parsers, validators, regular expressions, SQL, HTML renders and path handling elsewhere. */
export const adversarialText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '%00',
    '../../../../etc/passwd',
    '..%2F..%2F..%2Fpackage.json',
    '\u2028\u2029',
    '\uD800',
    '\uFEFFtomato',
    'टमाटर',
    '😀'.repeat(2_000),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    "$` $& $' $$",
    '{{constructor.constructor}}',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '9223372036854775808',
    '0x10',
    'true',
    'null',
    '[]',
    'a'.repeat(HUGE),
    `${'a@'.repeat(HUGE / 2)}.in`,
    `${'a.'.repeat(HUGE / 2)}@x`,
    `${'1'.repeat(HUGE)}`,
    ' '.repeat(HUGE),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** A JSON value of any type, at the edges of each: the wrong-type and boundary values of a field. */
export const adversarialValue: fc.Arbitrary<unknown> = fc.oneof(
  adversarialText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    0.001,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    [],
    {},
    [1, 2, 3],
    ['a'],
    { $gt: '' },
    { role: 'admin' },
    Array.from({ length: 10_000 }, (_, index) => index),
  ),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((big) => Number(big)),
);

/** Path segments: the same text as a path parameter would carry it, plus traversal and encoding tricks. */
const adversarialSegment = fc.oneof(
  adversarialText
    .filter((text) => text.length > 0)
    .map((text) => encodeURIComponent(text.slice(0, 20_000).toWellFormed())),
  fc.constantFrom(
    '%2e%2e%2f%2e%2e%2f',
    '..%5C..%5C',
    '%',
    '%zz',
    '%C0%AE%C0%AE%2F',
    '%00',
    'x'.repeat(5_000),
    '-1',
    '0',
    '9'.repeat(30),
  ),
);

/** Bearer values that are not ID tokens, or are forged ones. */
function forgedAuthorizations(uids: readonly string[]): fc.Arbitrary<string> {
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = (uid: string) =>
    `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: uid, uid, user_id: uid, aud: 'mandi', iat: 1, exp: 4_102_444_800 })}.`;
  return fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Basic YWRtaW46YWRtaW4=',
      `Bearer ${'a'.repeat(8_000)}`,
      'Bearer a.b.c',
      'bearer null',
    ),
    fc.constantFrom(...uids).map((uid) => `Bearer ${unsigned(uid)}`),
  );
}

/** A plausible valid value for a JSON schema, preferring the known value of a field of that name. */
export function plausible(schema: Json | undefined, name: string, known: KnownValues): unknown {
  if (name in known) return known[name];
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return plausible(options[0], name, known);
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, plausible(property, key, known)]),
      );
    }
    case 'array':
      return [plausible(schema.items, name, known)];
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 1), 1);
    case 'boolean':
      return true;
    default:
      return 'x'.repeat(Math.max(Number(schema.minLength ?? 1), 1));
  }
}

/** The body with one of the ways an attacker breaks it: a field missing, mistyped or huge, or the wrong shape. */
function brokenBody(schema: Json, known: KnownValues): fc.Arbitrary<{ attack: string; body: unknown }> {
  const valid = (plausible(schema, '', known) ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys((schema.properties ?? {}) as object), 'unknownField'])];
  const required = (schema.required ?? []) as string[];
  const cases: fc.Arbitrary<{ attack: string; body: unknown }>[] = [
    fc
      .tuple(fc.constantFrom(...keys), adversarialValue)
      .map(([key, value]) => ({ attack: `body.${key} adversarial`, body: { ...valid, [key]: value } })),
    adversarialValue.map((value) => ({ attack: 'body replaced', body: value })),
    fc.constant({
      attack: 'body prototype keys',
      body: JSON.parse('{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}'),
    }),
  ];
  if (required.length > 0) {
    cases.push(
      fc
        .constantFrom(...required)
        .map((key) => ({ attack: `body.${key} dropped`, body: { ...valid, [key]: undefined } })),
    );
  }
  return fc.oneof(...cases);
}

/** The multipart form with one of its fields or files broken. */
function brokenForm(schema: Json, known: KnownValues): fc.Arbitrary<{ attack: string; form: () => FormData }> {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const fileFields = Object.keys(properties).filter((key) => JSON.stringify(properties[key]).includes('octet-stream'));
  const textFields = Object.keys(properties).filter((key) => !fileFields.includes(key));
  const build = (change: (form: FormData) => void) => () => {
    const form = new FormData();
    for (const key of textFields) {
      const value = plausible(properties[key], key, known);
      if (value !== undefined) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    change(form);
    return form;
  };
  const notAnImage = new Blob([new Uint8Array(Buffer.from('<?php echo 1; ?> not an image'))], { type: 'image/png' });
  return fc.oneof(
    fc.tuple(fc.constantFrom(...textFields, 'unknownField'), adversarialText).map(([key, value]) => ({
      attack: `form.${key} adversarial`,
      form: build((form) => form.set(key, value)),
    })),
    fc.constantFrom(...fileFields, 'unknownFile').map((key) => ({
      attack: `form file ${key} not an image`,
      form: build((form) => form.append(key, notAnImage, '../../evil.png')),
    })),
    fc.constant({
      attack: 'form with 6 files',
      form: build((form) =>
        fileFields.forEach((key) => [0, 1, 2, 3, 4, 5].forEach(() => form.append(key, notAnImage, 'x.png'))),
      ),
    }),
  );
}

/** A multipart form of `values` (each a text field). */
function formOf(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values))
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  return form;
}

function expandPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x');
}

function queryString(query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const one of [value].flat()) search.append(key, one);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The attacks on one operation, driven by its parameters and request body in the OpenAPI document: one broken
 * part per case (a path parameter, a query parameter, a header, the body or the form, the content type).
 */
export function attacksOn(
  { method, path, operation }: FuzzOperation,
  known: KnownValues,
  forgeUids: readonly string[],
): fc.Arbitrary<FuzzCase> {
  const parameters = (operation.parameters ?? []) as Json[];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const jsonBody = operation.requestBody?.content?.['application/json']?.schema as Json | undefined;
  const formBody = operation.requestBody?.content?.['multipart/form-data']?.schema as Json | undefined;

  const pathValues = Object.fromEntries(
    pathParams.map((parameter) => [
      parameter.name,
      encodeURIComponent(String(plausible(parameter.schema, parameter.name, known))),
    ]),
  );
  const validQuery = Object.fromEntries(
    queryParams
      .filter((parameter) => parameter.required || parameter.name in known)
      .map((parameter) => [parameter.name, String(plausible(parameter.schema, parameter.name, known))]),
  );
  const validBody = jsonBody ? plausible(jsonBody, '', known) : undefined;
  const request = (
    attack: string,
    parts: {
      path?: Record<string, string>;
      query?: Record<string, string | string[]>;
      headers?: Record<string, string>;
      payload?: unknown;
      mustRefuse?: boolean;
    },
  ): FuzzCase => ({
    attack,
    method,
    url: expandPath(path, { ...pathValues, ...parts.path }) + queryString(parts.query ?? validQuery),
    headers: parts.headers ?? {},
    // fetch sends no body with GET; the body attacks below are for the other methods.
    payload: method === 'GET' ? undefined : 'payload' in parts ? parts.payload : validBody,
    ...(parts.mustRefuse ? { mustRefuse: true } : {}),
  });
  const json = { 'content-type': 'application/json' };

  const bodyAttacks: fc.Arbitrary<FuzzCase>[] = [
    // Text that is not JSON at all is refused by every route; valid JSON that is not an object by every JSON route
    // (a route without a body ignores a JSON one).
    fc
      .constantFrom('{"uid": ', '[', '{"a":1}'.repeat(1_000), '\u00ff\u00fe', '{"a":"\\ud800', '')
      .map((raw) => request('malformed JSON', { headers: json, payload: raw, mustRefuse: true })),
    fc
      .constantFrom('null', '[]', '[{}]', '0', '-1.5', '"text"', 'true', `${'['.repeat(5_000)}${']'.repeat(5_000)}`)
      .map((raw) => request('JSON body not an object', { headers: json, payload: raw, mustRefuse: Boolean(jsonBody) })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/json; charset=utf-16',
        'application/xml',
        'text/html',
      )
      .map((contentType) =>
        request(`content-type ${contentType}`, {
          headers: { 'content-type': contentType },
          payload: 'a=1&uid=x',
          mustRefuse: true,
        }),
      ),
  ];
  if (jsonBody) {
    const fields = Object.entries((jsonBody.properties ?? {}) as Record<string, Json>).filter(([, schema]) =>
      JSON.stringify(schema).includes('"string"'),
    );
    const valid = (validBody ?? {}) as Record<string, unknown>;
    bodyAttacks.push(
      // The same fields as a form: a JSON route takes JSON only.
      fc.constant(
        request('JSON fields as a form', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(
            Object.entries(valid).map(([key, value]) => [
              key,
              typeof value === 'string' ? value : JSON.stringify(value),
            ]),
          ).toString(),
          mustRefuse: true,
        }),
      ),
      fc.constant(request('JSON fields as multipart', { payload: formOf(valid), mustRefuse: true })),
      // No body at all, where the body is required.
      fc.constant(request('no body', { payload: undefined, mustRefuse: operation.requestBody?.required !== false })),
    );
    if (fields.length > 0) {
      bodyAttacks.push(
        fc
          .tuple(
            fc.constantFrom(...fields.map(([key]) => key)),
            fc.constantFrom('\ud800', 'a\udc00b', '\ud83d', `${'x'.repeat(100)}\udbff`),
          )
          .map(([key, text]) =>
            request(`body.${key} lone surrogate`, { payload: { ...valid, [key]: text }, mustRefuse: true }),
          ),
      );
    }
  }
  const attacks: fc.Arbitrary<FuzzCase>[] = [
    // The request as a client would send it, so that answers that succeed are checked against their schema too.
    fc.constant(request('as documented', {})),
    forgedAuthorizations(forgeUids).map((authorization) =>
      request('authorization forged', { headers: { authorization } }),
    ),
    ...(method === 'GET' ? [] : bodyAttacks),
    fc
      .tuple(
        fc.constantFrom(...queryParams.map((parameter) => parameter.name as string), 'unknown'),
        adversarialText,
        fc.boolean(),
      )
      .map(([key, value, repeated]) =>
        request(`query.${key} ${repeated ? 'repeated' : 'adversarial'}`, {
          query: { ...validQuery, [key]: repeated ? [value.slice(0, 50), 'x'] : value.slice(0, 20_000) },
        }),
      ),
  ];
  if (pathParams.length > 0) {
    attacks.push(
      fc
        .tuple(fc.constantFrom(...pathParams.map((parameter) => parameter.name as string)), adversarialSegment)
        .map(([name, segment]) => request(`path.${name} adversarial`, { path: { [name]: segment } })),
    );
  }
  if (jsonBody) attacks.push(brokenBody(jsonBody, known).map(({ attack, body }) => request(attack, { payload: body })));
  if (formBody) {
    attacks.push(brokenForm(formBody, known).map(({ attack, form }) => request(attack, { payload: form() })));
    attacks.push(
      fc.constant(request('JSON where a form belongs', { payload: plausible(formBody, '', known), mustRefuse: true })),
    );
  }
  return fc.oneof(...attacks);
}
