import { ARISTO } from './codes.js';
import { textHash } from './hash.js';
import { isAnnotationId } from './ids.js';
import { isCSource, skippedFolder, type CAnnotation, type CSource } from './c-sources.js';
import { INDEX_PATH, normalFile, type LoadedIndex } from './index-file.js';
import type { Entry, Findings } from './model.js';
import type { IndexEntry } from './schema.js';
import type { SourceAnnotation, SourceScan } from './sources.js';

export interface Entries {
  byId: Map<string, Entry>;
  /** Annotations with no id and no index entry to take one from: no proof can be matched to them. */
  unidentified: SourceAnnotation[];
}

interface Ctx {
  subject: string;
  f: Findings;
  /** Repo-relative path of a workspace-relative file. */
  repoPath: (file: string) => string;
  /** The C sources index entries name, read and parsed as the SDK's walk would (loadCSources). */
  cSources: ReadonlyMap<string, CSource>;
}

/**
 * The annotations as they are now. The source is the truth: ids, texts and hashes come from the
 * parsed Rust; the index only lends ids to annotations written without one (matched by file
 * and site) and stands in for files the parser does not cover. Where a committed index
 * disagrees with the source, that is a finding (`aristo stamp --check`).
 */
export function buildEntries(scan: SourceScan, index: LoadedIndex | undefined, c: Ctx): Entries {
  const byId = new Map<string, Entry>();
  const unidentified: SourceAnnotation[] = [];
  const indexRel = index?.rel ?? INDEX_PATH;
  const matched = new Set<string>();
  const bySite = new Map<string, string>();
  if (index)
    for (const [id, e] of index.entries) bySite.set(`${normalFile(e.file)}\0${e.site}`, id);

  for (const a of scan.annotations) {
    const at = { path: c.repoPath(a.file), line: a.line };
    let id = a.id;
    if (id !== undefined && !isAnnotationId(id)) {
      c.f.add(
        ARISTO.annotationIdInvalid,
        c.subject,
        `${at.path}:${a.line}: id \`${id}\` is not a valid annotation id; the SDK skips this annotation.`,
        at,
      );
      continue;
    }
    const parents = a.parent === undefined ? [] : Array.isArray(a.parent) ? a.parent : [a.parent];
    const badParent = parents.find((p) => !isAnnotationId(p));
    if (badParent !== undefined) {
      c.f.add(
        ARISTO.annotationIdInvalid,
        c.subject,
        `${at.path}:${a.line}: parent \`${badParent}\` is not a valid annotation id; the SDK skips this annotation.`,
        at,
      );
      continue;
    }
    if (id === undefined) {
      id = bySite.get(`${a.file}\0${a.site}`);
      if (id === undefined) {
        if (index)
          c.f.add(
            ARISTO.indexOutOfSync,
            c.subject,
            `${index.rel} has no entry for the annotation at ${at.path}:${a.line} (${a.site}), written without an id.`,
            { path: index.rel, line: 1 },
            { related: [at] },
          );
        unidentified.push(a);
        continue;
      }
    }
    const first = byId.get(id);
    if (first) {
      c.f.add(
        ARISTO.duplicateId,
        c.subject,
        `${at.path}:${a.line}: id \`${id}\` is already used at ${c.repoPath(first.file)}:${first.line}; the SDK keeps the first and skips this one.`,
        at,
        {
          related: [{ path: c.repoPath(first.file), ...(first.line ? { line: first.line } : {}) }],
        },
      );
      continue;
    }
    const entry: Entry = {
      id,
      kind: a.kind,
      text: a.text,
      verify: a.kind === 'assume' ? false : a.verify,
      status: 'unknown',
      text_hash: a.text_hash,
      body_hash: a.body_hash,
      file: a.file,
      site: a.site,
      covered_region: a.covered_region,
      line: a.line,
      from: 'source',
      ...(a.parent !== undefined ? { parent: a.parent } : {}),
    };
    byId.set(id, entry);
    if (index) {
      matched.add(id);
      const committed = index.entries.get(id);
      if (!committed)
        c.f.add(
          ARISTO.indexOutOfSync,
          c.subject,
          `${index.rel} has no entry \`${id}\` for the annotation at ${at.path}:${a.line}.`,
          { path: index.rel, line: 1 },
          { related: [at] },
        );
      else {
        const drift = differences(entry, a, committed);
        if (drift.length)
          c.f.add(
            ARISTO.indexOutOfSync,
            c.subject,
            `${index.rel} entry \`${id}\` disagrees with the source at ${at.path}:${a.line}: ${drift.join(', ')}.`,
            { path: index.rel, line: index.doc.lineOf([id]) },
            { related: [at] },
          );
      }
    }
  }

  if (!index) return { byId, unidentified };
  const notParsed = new Map<string, string[]>();
  const usedC = new Set<CAnnotation>();
  for (const [id, e] of index.entries) {
    if (matched.has(id)) continue;
    const file = normalFile(e.file);
    const why = unmatched(id, file, e, scan, c, usedC);
    if (why !== undefined) {
      c.f.add(
        ARISTO.indexOutOfSync,
        c.subject,
        `${index.rel} entry \`${id}\` (${e.file}, ${e.site}) has no annotation in the source${why}.`,
        { path: index.rel, line: index.doc.lineOf([id]) },
      );
      continue;
    }
    if (byId.has(id)) continue; // the source wins
    byId.set(id, fromIndex(id, e));
    const list = notParsed.get(file) ?? [];
    list.push(id);
    notParsed.set(file, list);
  }
  for (const [file, ids] of notParsed)
    c.f.add(
      ARISTO.sourceNotParsed,
      c.subject,
      `${c.repoPath(file)} is not parsed${scan.failed.has(file) ? ' (see the parse error)' : ' (not Rust)'}: ${ids.map((i) => `\`${i}\``).join(', ')} checked against ${indexRel} alone.`,
      { path: c.repoPath(file) },
    );
  return { byId, unidentified };
}

/**
 * Why an index entry that no annotation matched is out of sync (`''`: its file is parsed and holds
 * no such annotation), or undefined where the index stands for a file the Rust parser cannot
 * read. The SDK writes an entry only for a file its walk parsed, spelled as the walk spells it:
 * Rust, or C (`.c`, `.h`) outside the folders it skips, reached without a link. A C entry must be
 * what the SDK's C front-end reads from its file (`cSources`, its own grammar): the same kind,
 * text, hash, site, id, verify and parent, one entry per annotation (`used`).
 */
function unmatched(
  id: string,
  file: string,
  e: IndexEntry,
  scan: SourceScan,
  c: Ctx,
  used: Set<CAnnotation>,
): string | undefined {
  if (scan.covered.has(file)) return '';
  if (scan.failed.has(file)) return undefined;
  const skipped = skippedFolder(file);
  if (skipped !== undefined) return `: the SDK's walk never enters ${skipped}/ folders`;
  if (!isCSource(file)) {
    if (file.endsWith('.rs')) return ': the file does not exist';
    return ': the SDK indexes only Rust (.rs) and C (.c, .h) files';
  }
  const src = c.cSources.get(file);
  if (!src || 'unread' in src)
    return src?.unread === 'link'
      ? `: ${file} is reached through a symbolic link, which the SDK's walk does not follow`
      : src?.unread === 'excluded'
        ? `: aristo.toml's [index].exclude keeps ${file} out of the SDK's walk`
        : src?.unread === 'config-unreadable'
          ? ': aristo.toml is not a config the SDK reads (its [index].exclude), so it would walk nothing'
          : ': the file does not exist';
  if (file !== e.file) return `: the SDK writes its file as ${file}`;
  if (e.text_hash !== textHash(e.text))
    return `: its text_hash is not the hash of its text (the SDK writes ${textHash(e.text)})`;
  const a = src.annotations.find(
    (x) =>
      !used.has(x) &&
      x.kind === e.kind &&
      x.text === e.text &&
      x.site === e.site &&
      (x.id ?? id) === id &&
      (e.kind !== 'intent' || x.verify === e.verify) &&
      list(x.parent).join('\0') === list(e.parent).join('\0'),
  );
  if (!a)
    return `: ${file} has no \`// @aristo ${e.kind}(…)\` directive the SDK would index as this entry (its text, id, verify and parent, above the definition of ${e.site})`;
  used.add(a);
  return undefined;
}

function fromIndex(id: string, e: IndexEntry): Entry {
  return {
    id,
    kind: e.kind,
    text: e.text,
    verify: e.kind === 'intent' ? e.verify : false,
    status: e.status,
    text_hash: e.text_hash,
    body_hash: e.body_hash,
    file: normalFile(e.file),
    site: e.site,
    covered_region: e.covered_region,
    from: 'index',
    ...(e.parent !== undefined ? { parent: e.parent } : {}),
  };
}

const list = (p: string | string[] | undefined) =>
  p === undefined ? [] : Array.isArray(p) ? p : [p];

/** The fields where the committed entry differs from the source, with what that means. */
function differences(entry: Entry, a: SourceAnnotation, e: IndexEntry): string[] {
  const out: string[] = [];
  if (e.kind !== entry.kind) out.push(`kind (index ${e.kind}, source ${entry.kind})`);
  if (e.text_hash !== entry.text_hash || e.text !== entry.text)
    out.push('text (the claim changed)');
  if (e.body_hash !== entry.body_hash) out.push('body_hash (the code changed)');
  if (e.kind === 'intent' && e.verify !== a.verify)
    out.push(`verify (index ${String(e.verify)}, source ${String(a.verify)})`);
  // `aristo stamp --check` compares entries as written: ./src/a.rs is not src/a.rs there.
  if (e.file !== entry.file) out.push(`file (index ${e.file}, source ${entry.file})`);
  if (e.site !== entry.site) out.push(`site (index "${e.site}", source "${entry.site}")`);
  if (e.covered_region !== entry.covered_region)
    out.push(`covered_region (index ${e.covered_region}, source ${entry.covered_region})`);
  if (list(e.parent).join('\0') !== list(entry.parent).join('\0')) out.push('parent');
  return out;
}
