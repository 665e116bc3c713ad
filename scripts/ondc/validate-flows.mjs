// `node scripts/ondc/validate-flows.mjs <validator-url> [flow ...]`: posts the calls a run of the ONDC flows wrote
// (test/system/ondc-flows.spec.ts, var/ondc-flows/<flow>/<action>.json) to ONDC's log-validation-utility, as its
// README says (POST <validator-url>/api/validate with domain, version, bap_id, bpp_id, flow and the payload keyed by
// action), and prints what it found for each flow. ONDC's validator is not part of Mandi: run it yourself
// (docs/ondc.md, "Registry, keys and the test buyer app"), on this machine only, e.g. http://127.0.0.1:3008.
//   flow ...            the folders to check (default: every folder under var/ondc-flows)
//   --dir <path>        where the flows are (default var/ondc-flows)
//   --as <flow id>      check every folder as this validator flow (e.g. 2 for the cash-on-delivery run, 2A, which
//                       the validator's 1.2.0 rules do not check); by default a folder's name up to its first '-'
//   --as-network        post each call as it reads on the network, where a participant's URIs are
//                       https://<subscriber id>/...: a local run's bap_uri and bpp_uri (http://127.0.0.1:<port>/...,
//                       which the validator's url format refuses and which do not contain the ids) and Mandi's own
//                       links under them are rewritten in what is posted, never in the files
// Exits non-zero when a flow is not valid or cannot be checked.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const FLOWS_DIR = fileURLToPath(new URL('../../var/ondc-flows/', import.meta.url));

/**
 * The validator's request for one flow folder: every `<action>.json` under its action's name, with the domain,
 * version and ids the calls carry.
 * @param {string} dir the flow's folder
 * @param {string} flowId the validator's flow id
 */
export async function validationRequest(dir, flowId) {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  if (files.length === 0) throw new Error(`${dir} has no calls (run test/system/ondc-flows.spec.ts first)`);
  /** @type {Record<string, any>} */
  const payload = {};
  for (const file of files)
    payload[file.slice(0, -'.json'.length)] = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  const contexts = Object.values(payload).map((body) => body?.context ?? {});
  const first = (/** @type {string} */ field) => contexts.find((context) => context[field])?.[field];
  return {
    domain: first('domain'),
    version: first('core_version'),
    bap_id: first('bap_id'),
    bpp_id: first('bpp_id'),
    flow: flowId,
    payload,
  };
}

/**
 * A call as it reads on the network: every `http://127.0.0.1:<port>` or `http://localhost:<port>` origin of the run's
 * bap_uri and bpp_uri replaced by `https://<bap_id>` and `https://<bpp_id>`, everywhere in the body.
 * @param {any} body
 * @param {Record<string, string>} origins local origin -> network origin
 */
export function asOnNetwork(body, origins) {
  let text = JSON.stringify(body);
  for (const [local, network] of Object.entries(origins)) text = text.replaceAll(local, network);
  return JSON.parse(text);
}

/**
 * The network origins of a flow's local ones, from its calls' contexts: bap_uri's origin is the bap_id's site,
 * bpp_uri's the bpp_id's.
 * @param {Record<string, any>} payload
 */
export function networkOrigins(payload) {
  /** @type {Record<string, string>} */
  const origins = {};
  for (const body of Object.values(payload)) {
    const context = body?.context ?? {};
    for (const [uri, id] of [
      [context.bap_uri, context.bap_id],
      [context.bpp_uri, context.bpp_id],
    ]) {
      if (typeof uri !== 'string' || typeof id !== 'string' || !URL.canParse(uri)) continue;
      const { origin, hostname } = new URL(uri);
      if (hostname === '127.0.0.1' || hostname === 'localhost') origins[origin] = `https://${id}`;
    }
  }
  return origins;
}

/**
 * The validator's flow id of a folder: its name up to the first '-' (`4-mandi` is checked as flow 4).
 * @param {string} folder
 */
export function flowIdOf(folder) {
  return folder.split('-', 1)[0];
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { dir: { type: 'string' }, as: { type: 'string' }, 'as-network': { type: 'boolean', default: false } },
  });
  const [validatorUrl, ...flows] = positionals;
  if (!validatorUrl || !URL.canParse(validatorUrl)) {
    throw new Error('Give the validator’s URL: node scripts/ondc/validate-flows.mjs http://127.0.0.1:3008 [flow ...]');
  }
  const root = values.dir ?? FLOWS_DIR;
  const folders =
    flows.length > 0
      ? flows
      : (await readdir(root, { withFileTypes: true }))
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name);
  let failed = 0;
  for (const folder of folders.sort()) {
    const flowId = values.as ?? flowIdOf(folder);
    const request = await validationRequest(path.join(root, folder), flowId);
    if (values['as-network']) {
      const origins = networkOrigins(request.payload);
      for (const [name, body] of Object.entries(request.payload)) request.payload[name] = asOnNetwork(body, origins);
    }
    const response = await fetch(`${validatorUrl.replace(/\/+$/, '')}/api/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const answer = /** @type {any} */ (await response.json().catch(() => ({})));
    const report = answer?.response?.report;
    const valid = response.ok && answer?.success === true;
    if (!valid) failed += 1;
    console.log(
      `flow ${folder} (validator flow ${flowId}, ${Object.keys(request.payload).length} calls): ` +
        (valid
          ? 'valid'
          : `NOT valid (HTTP ${response.status}: ${answer?.response?.message ?? answer?.message ?? ''})`),
    );
    if (report && Object.keys(report).length > 0) console.log(JSON.stringify(report, null, 2));
  }
  if (failed > 0) process.exitCode = 1;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
