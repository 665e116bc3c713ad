/*
 * What a buyer app's search asks of Mandi's catalogue (issue 33, docs/ondc.md, "The catalogue"), as
 * ONDC-RET-Specifications' incremental_catalog_refresh.md defines it and the log-validation-utility checks it
 * (schema/Retail/RET/search.ts, utils checkTagConditions): no `catalog_inc` tag is a full refresh; `catalog_inc` with
 * `mode` start or stop asks for pushed incremental updates from now (or from `start_time`) until stopped; with
 * `start_time` and `end_time` and no mode, for the changes of that span in one answer.
 */

/** What a search asks for. */
export type CatalogRequest =
  | { kind: 'full' }
  | { kind: 'push_start'; since: Date | null }
  | { kind: 'push_stop' }
  | { kind: 'pull'; from: Date; to: Date }
  | { kind: 'invalid'; field: string; message: string };

/** The `catalog_inc` tag's code and its list's codes. */
export const CATALOG_INC_TAG = 'catalog_inc';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function instant(text: unknown): Date | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(text))
    return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** What the search body `{ context, message }` asks of the catalogue. */
export function catalogRequestOf(body: unknown): CatalogRequest {
  const message = isRecord(body) ? body['message'] : undefined;
  const intent = isRecord(message) ? message['intent'] : undefined;
  const tags = isRecord(intent) ? intent['tags'] : undefined;
  if (!Array.isArray(tags)) return { kind: 'full' };
  const inc = tags.find((tag): tag is Record<string, unknown> => isRecord(tag) && tag['code'] === CATALOG_INC_TAG);
  if (!inc) return { kind: 'full' };
  const field = `message.intent.tags.${CATALOG_INC_TAG}`;
  const list = Array.isArray(inc['list']) ? inc['list'].filter(isRecord) : [];
  const value = (code: string) => list.find((entry) => entry['code'] === code)?.['value'];
  const mode = value('mode');
  const start = value('start_time');
  const end = value('end_time');
  if (mode !== undefined) {
    if (mode === 'stop') return { kind: 'push_stop' };
    if (mode !== 'start') return { kind: 'invalid', field: `${field}.mode`, message: 'mode must be start or stop' };
    if (start === undefined) return { kind: 'push_start', since: null };
    const since = instant(start);
    return since
      ? { kind: 'push_start', since }
      : { kind: 'invalid', field: `${field}.start_time`, message: 'start_time must be an RFC 3339 time' };
  }
  const from = instant(start);
  const to = instant(end);
  if (!from) return { kind: 'invalid', field: `${field}.start_time`, message: 'start_time must be an RFC 3339 time' };
  if (!to) return { kind: 'invalid', field: `${field}.end_time`, message: 'end_time must be an RFC 3339 time' };
  if (to.getTime() <= from.getTime())
    return { kind: 'invalid', field: `${field}.end_time`, message: 'end_time must be after start_time' };
  return { kind: 'pull', from, to };
}
