import path from 'node:path';
import type { z } from 'zod';
import { listNames } from '../../io/files.js';
import { NotUtf8PathError } from '../../io/paths.js';
import type { Workspace } from '../../io/workspace.js';
import { ARISTO } from './codes.js';
import { MAX_TOML_BYTES, readText } from './files.js';
import { idFromProofFileName } from './ids.js';
import type { Findings } from './model.js';
import { schemas, type ProofFile } from './schema.js';
import { parseToml, type TomlDoc, type TomlPath } from './toml.js';

export const PROOFS_DIR = '.aristo/proofs';

export interface LoadedProof {
  id: string;
  /** Repo-relative path of the .proof file. */
  rel: string;
  doc: TomlDoc;
  proof: ProofFile;
}

/**
 * The names in `.aristo/proofs/` ending in `.proof`, whatever they are (a directory named x.proof
 * is reported, not skipped). A proofs directory that leads out of the repository, or into a git
 * directory, is not listed: the names of files elsewhere would reach the report.
 */
export function listProofNames(
  ws: Workspace,
  targetDir: string,
  subject: string,
  f: Findings,
): string[] {
  const dir = ws.resolve(targetDir, PROOFS_DIR);
  if (!dir.ok) {
    if (dir.reason === 'outside_root')
      f.add(
        ARISTO.proofUnreadable,
        subject,
        `${dir.rel} ${dir.gitDir ? 'lies in a git directory or links into one' : 'leads out of the repository'}, so no proof in it is read.`,
        { path: dir.rel },
        {
          remediation:
            'Make .aristo/proofs a real directory inside the repository, holding the .proof files.',
        },
      );
    return [];
  }
  try {
    return listNames(dir.real)
      .filter((n) => n.endsWith('.proof'))
      .sort();
  } catch (err) {
    // A name that is not UTF-8 would be read as its U+FFFD twin: no proof here can be trusted.
    if (err instanceof NotUtf8PathError)
      f.add(ARISTO.proofUnreadable, subject, `${dir.rel} ${err.message}.`, { path: dir.rel });
    return [];
  }
}

/**
 * Reads and parses one proof. Every problem is a finding on `subject`, located in the file; the
 * proof is returned only when the SDK could parse it (unknown keys only warn, as the SDK ignores them).
 */
export function loadProof(
  ws: Workspace,
  targetDir: string,
  name: string,
  subject: string,
  f: Findings,
): LoadedProof | undefined {
  const read = readText(ws, path.join(targetDir, PROOFS_DIR), name, MAX_TOML_BYTES);
  const rel = read.rel;
  if (!read.ok) {
    f.add(ARISTO.proofUnreadable, subject, `${rel} ${read.detail}.`, { path: rel });
    return undefined;
  }
  const decoded = idFromProofFileName(name);
  if (!decoded.ok) {
    f.add(ARISTO.proofFilenameInvalid, subject, `${name} ${decoded.detail}.`, { path: rel });
    return undefined;
  }
  const id = decoded.id;
  const parsed = parseToml(read.text);
  if (!parsed.ok) {
    f.add(
      ARISTO.proofUnparseable,
      subject,
      `${rel}: parse: ${parsed.message} (line ${parsed.line}, column ${parsed.column}).`,
      { path: rel, line: parsed.line, column: parsed.column },
      { id },
    );
    return undefined;
  }
  const doc = parsed.doc;
  const { ProofFileStrict, ProofFile } = schemas();
  const data = validate(ProofFileStrict, ProofFile, doc, rel, subject, f, ARISTO.proofSchema, id);
  return data ? { id, rel, doc, proof: data } : undefined;
}

/**
 * Validates `doc` with `strict`; unknown keys become warnings and the `loose` reading is
 * returned, any other issue is an error of `code` at its line and nothing is returned.
 */
export function validate<T>(
  strict: z.ZodType,
  loose: z.ZodType<T>,
  doc: TomlDoc,
  rel: string,
  subject: string,
  f: Findings,
  code: typeof ARISTO.proofSchema | typeof ARISTO.indexInvalid | typeof ARISTO.waiverInvalid,
  id?: string,
  base: TomlPath = [],
): T | undefined {
  const data = base.reduce<unknown>(
    (v, k) => (v as Record<string | number, unknown>)?.[k],
    doc.data,
  );
  const first = strict.safeParse(data, { reportInput: true });
  if (first.success) return first.data as T;
  let errors = 0;
  for (const issue of first.error.issues) {
    const at = [...base, ...(issue.path as (string | number)[])];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        f.add(
          ARISTO.unknownKey,
          subject,
          `${rel}: unknown key \`${dotted([...at, key])}\` (the SDK ignores it).`,
          { path: rel, line: doc.lineOf([...at, key]) },
          { ...(id !== undefined ? { id } : {}) },
        );
      continue;
    }
    errors++;
    f.add(
      code,
      subject,
      `${rel}: ${dotted(at) || 'the top level'}: ${issueText(issue)}.`,
      {
        path: rel,
        line: doc.lineOf(at),
      },
      { ...(id !== undefined ? { id } : {}) },
    );
  }
  if (errors > 0) return undefined;
  const second = loose.safeParse(data);
  return second.success ? second.data : undefined;
}

export function dotted(p: TomlPath): string {
  return p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

/** zod's issue in the words of the SDK's TOML parser (serde), where there is an equivalent. */
export function issueText(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined
        ? 'missing field'
        : `invalid type: ${typeName(input)}, expected ${issue.expected === 'bigint' ? 'an integer' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `unknown variant \`${shown(input)}\`, expected one of ${issue.values.map((v) => `\`${shown(v)}\``).join(', ')}`;
    case 'invalid_union':
      return (issue as { note?: string }).note === 'No matching discriminator'
        ? `unknown variant \`${shown(isMap(input) ? input['kind'] : input)}\` for kind`
        : 'matches none of the accepted shapes';
    case 'too_small':
    case 'too_big':
      return `${shown(input)} is out of range (${issue.message})`;
    default:
      return issue.message;
  }
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * A value as a message shows it: a scalar as itself, anything else by its type. TOML tables are
 * objects without a prototype, which String() cannot convert.
 */
function shown(v: unknown): string {
  return v !== null && (typeof v === 'object' || typeof v === 'function') ? typeName(v) : String(v);
}

function typeName(v: unknown): string {
  if (typeof v === 'bigint') return 'integer';
  if (typeof v === 'number') return 'float';
  if (v instanceof Date) return 'datetime';
  if (Array.isArray(v)) return 'sequence';
  if (v !== null && typeof v === 'object') return 'map';
  return typeof v;
}
