import { codePointCompare } from '../../io/text.js';

/**
 * Canonical JSON of plain data: keys sorted by code point (as Python sorts them; UTF-16 order
 * differs past U+FFFF), no whitespace, members whose value is undefined left out (as
 * JSON.stringify does). For parsed JSON this is Python's `json.dumps(sort_keys=True,
 * separators=(",", ":"), ensure_ascii=False)` for strings and integers; content ids and byte
 * comparisons are computed over it.
 */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) {
    let s = '[';
    for (let i = 0; i < v.length; i++) s += (i ? ',' : '') + canonicalJson(v[i]);
    return s + ']';
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort(codePointCompare);
  let s = '{';
  let first = true;
  for (const k of keys) {
    const value = o[k];
    if (value === undefined) continue;
    s += (first ? '' : ',') + JSON.stringify(k) + ':' + canonicalJson(value);
    first = false;
  }
  return s + '}';
}
