// Shared by the Addenda B fixture builder and its section modules (s5, s7, s8).
import { createHash } from 'node:crypto';

export const sha = (s) => `sha256:${createHash('sha256').update(String(s)).digest('hex')}`;
export const clone = (v) => JSON.parse(JSON.stringify(v));
const T0 = Date.parse('2026-03-02T09:00:00Z');
export const at = (minutes) => new Date(T0 + minutes * 60000).toISOString();

// ── mutation helpers ────────────────────────────────────────────────────────────────────────────

export const rec = (m, type, pred = () => true) => {
  const r = m.records.find((x) => x.type === type && pred(x));
  if (!r) throw new Error(`no ${type} in the model`);
  return r;
};
export const byId = (m, type, field, id) => rec(m, type, (x) => x[field] === id);
export const regItem = (m, file, pred = () => true) => {
  const v = m.registry[file];
  const r = Array.isArray(v) ? v.find(pred) : v;
  if (!r) throw new Error(`no item in ${file}`);
  return r;
};
export const value = (m, id) => byId(m, 'FormulaValue', 'value_id', id).value;
export const insertAfter = (m, type, pred, ...items) => {
  const i = m.records.findIndex((x) => x.type === type && pred(x));
  m.records.splice(i + 1, 0, ...items);
};
