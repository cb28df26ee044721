/**
 * JSON with every object's keys in sorted order, so that two equal bodies compare and hash equal
 * whatever order their keys came in: a body read back from PostgreSQL's jsonb, or parsed from a
 * client that orders its keys otherwise. Otherwise written as JSON.stringify writes it: keys holding
 * `undefined` left out, an object with toJSON (a Date) written as what toJSON gives.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const { toJSON } = value as { toJSON?: unknown };
    if (typeof toJSON === 'function') return canonicalJson(toJSON.call(value));
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
