import path from 'node:path';
import { z } from 'zod';
import { decodeUtf8, readSmallFile } from './io/files.js';
import { parseJson } from './io/json.js';
import { ASSURANCES, EFFORTS } from './policy/assurance.js';

export const DEFAULT_CONFIG_FILE = '.audit-gate.json';

/** The optional config file (`.audit-gate.json` at the root, or --config). Discovery needs none. */
export const Config = z
  .object({
    $schema: z.string().optional(),
    paths: z
      .array(z.string().min(1))
      .optional()
      .describe('Directories to verify, relative to the root; replaces discovery'),
    exclude: z
      .array(z.string())
      .optional()
      .describe('gitignore-style patterns that discovery skips'),
    assurance: z
      .enum(ASSURANCES)
      .optional()
      .describe('Default assurance for papers without .aris/assurance.txt'),
    effort: z.enum(EFFORTS).optional().describe('Default effort (max/beast imply submission)'),
    fail_on: z
      .enum(['blocking', 'problem'])
      .optional()
      .describe('blocking (default): only blocking findings fail; problem: any warning fails too'),
    allow_empty: z.boolean().optional().describe('Succeed when nothing was found to verify'),
    fixtures: z
      .string()
      .optional()
      .describe('Conformance fixture directory to run as part of verify'),
    packs: z
      .array(z.string())
      .optional()
      .describe('Packs whose targets discovery looks for (default: all)'),
    trace: z
      .object({ min_supports: z.number().int().min(0).optional() })
      .strict()
      .optional()
      .describe('Options of the trace pack'),
  })
  .strict();
export type Config = z.infer<typeof Config>;

export type LoadedConfig =
  | { ok: true; config: Config; path?: string }
  | { ok: false; path: string; message: string; line?: number };

export function loadConfig(root: string, explicit?: string): LoadedConfig {
  const file = explicit ? path.resolve(explicit) : path.join(root, DEFAULT_CONFIG_FILE);
  const read = readSmallFile(file, 1024 * 1024);
  if (!read.ok) {
    if (read.kind === 'missing' && !explicit) return { ok: true, config: {} };
    return { ok: false, path: file, message: `${read.detail}` };
  }
  const text = decodeUtf8(read.bytes);
  if (!text.ok) return { ok: false, path: file, message: text.detail };
  const parsed = parseJson(text.text);
  if (!parsed.ok)
    return { ok: false, path: file, message: parsed.message, line: parsed.position.line };
  // Readers disagree on which of a repeated key's values counts; a config must not be ambiguous.
  const dup = parsed.doc.duplicates[0];
  if (dup)
    return {
      ok: false,
      path: file,
      message: `repeats the key ${JSON.stringify(dup.key)} (line ${dup.line}); keep one`,
      line: dup.line,
    };
  const result = Config.safeParse(parsed.value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? `"${issue.path.join('.')}"` : 'the top level';
    return {
      ok: false,
      path: file,
      message: `${where}: ${issue.message}`,
      line: parsed.doc.lineOf(issue.path as (string | number)[]) ?? 1,
    };
  }
  return { ok: true, config: result.data, path: file };
}
