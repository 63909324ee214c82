import path from 'node:path';
import type { Workspace } from '../../io/workspace.js';
import { ARISTO } from './codes.js';
import { MAX_TOML_BYTES, readText } from './files.js';
import { isAnnotationId } from './ids.js';
import type { Findings } from './model.js';
import { dotted, issueText } from './proofs.js';
import { schemas, type IndexEntry } from './schema.js';
import { parseToml, type TomlDoc } from './toml.js';

export const INDEX_PATH = '.aristo/index.toml';

export interface LoadedIndex {
  rel: string;
  doc: TomlDoc;
  entries: Map<string, IndexEntry>;
}

/**
 * The committed `.aristo/index.toml`, when there is one the SDK would accept. The SDK refuses a
 * bad index whole, so does this: every problem is reported and the index is then not used.
 */
export function loadIndex(
  ws: Workspace,
  targetDir: string,
  subject: string,
  f: Findings,
): LoadedIndex | undefined {
  const read = readText(ws, targetDir, INDEX_PATH, MAX_TOML_BYTES);
  const rel = read.rel;
  if (!read.ok) {
    if (!read.missing)
      f.add(ARISTO.indexInvalid, subject, `${rel} ${read.detail}; the source alone is used.`, {
        path: rel,
      });
    return undefined;
  }
  const parsed = parseToml(read.text);
  if (!parsed.ok) {
    f.add(
      ARISTO.indexInvalid,
      subject,
      `${rel}: parse: ${parsed.message} (line ${parsed.line}, column ${parsed.column}); the source alone is used.`,
      { path: rel, line: parsed.line, column: parsed.column },
    );
    return undefined;
  }
  const doc = parsed.doc;
  let bad = 0;
  const fail = (at: (string | number)[], text: string) => {
    bad++;
    f.add(ARISTO.indexInvalid, subject, `${rel}: ${dotted(at) || 'the top level'}: ${text}.`, {
      path: rel,
      line: doc.lineOf(at),
    });
  };
  const meta = schemas().IndexMeta.safeParse(doc.data['__meta__'], { reportInput: true });
  if (!meta.success)
    for (const issue of meta.error.issues)
      fail(['__meta__', ...(issue.path as (string | number)[])], metaText(issue));
  const entries = new Map<string, IndexEntry>();
  for (const [id, value] of Object.entries(doc.data)) {
    if (id === '__meta__') continue;
    if (!isAnnotationId(id)) {
      fail([id], `\`${id}\` is not a valid annotation id`);
      continue;
    }
    const e = schemas().IndexEntry.safeParse(value, { reportInput: true });
    if (!e.success) {
      for (const issue of e.error.issues)
        fail([id, ...(issue.path as (string | number)[])], issueText(issue));
      continue;
    }
    // IndexFile::validate: canon ids are bound to the server, others are not.
    const bound = e.data.linked !== undefined;
    if (id.startsWith('aristos:') !== bound)
      fail([id], bound ? 'only aristos: ids may be linked' : 'an aristos: id must be linked');
    entries.set(id, e.data);
  }
  return bad > 0 ? undefined : { rel, doc, entries };
}

function metaText(issue: Parameters<typeof issueText>[0]): string {
  return issue.code === 'unrecognized_keys'
    ? `unknown field(s) ${issue.keys.map((k) => `\`${k}\``).join(', ')}`
    : issueText(issue);
}

/** The workspace-relative POSIX path `file` names, for comparing index entries with the walk. */
export function normalFile(file: string): string {
  return path.posix.normalize(file.replace(/\\/g, '/')).replace(/^\.\//, '');
}
