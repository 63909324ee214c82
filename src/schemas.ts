import type { z } from 'zod';
import { configSchema } from './config/config.js';
import { fixtureSchema } from './conformance/schema.js';
import { reportSchemas } from './model/report.js';
import { packs } from './packs/registry.js';

/**
 * Every file format audit-gate reads or writes; schemas/<name>.schema.json is generated from
 * these: the core's, and each registered pack's own.
 */
export function schemas(): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {
    'gate-report': reportSchemas().GateReport,
    config: configSchema(),
    fixture: fixtureSchema(),
  };
  for (const p of packs()) Object.assign(out, p.schemas?.());
  return out;
}
