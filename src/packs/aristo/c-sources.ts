import fs from 'node:fs';
import path from 'node:path';
import type { Node, Parser } from 'web-tree-sitter';
import type { Workspace } from '../../io/workspace.js';
import { isPlainRelative } from '../kit/index.js';
import { MAX_SOURCE_BYTES, readText } from './files.js';
import { rustTrim, rustTrimStart } from './hash.js';
import { parseToml } from './toml.js';
import { cParser, rustParser } from './grammar.js';
import { extractAnnotations, type ExtractedAnnotation } from './rust/extract.js';

/** An annotation the SDK's C front-end (`walk/extract_c.rs`) reads from a C file. */
export interface CAnnotation {
  kind: 'intent' | 'assume';
  text: string;
  verify: ExtractedAnnotation['verify'];
  id?: string;
  parent?: string | string[];
  /** The site the SDK writes: `fn <name> (line N)`, N the directive's line. */
  site: string;
}

/** A C file an index entry names: its annotations, or why the SDK could not have read it. */
export type CSource =
  | { annotations: CAnnotation[] }
  | { unread: 'link' | 'missing' | 'excluded' | 'config-unreadable' };

/** Folders the SDK's walk never enters, wherever they are (`walk/fs.rs`, DEFAULT_IGNORED_DIRS). */
const SDK_SKIPPED_DIRS = new Set(['target', '.git', '.aristo', 'node_modules']);

/** The folder of `file`'s path the SDK's walk never enters, if there is one. */
export function skippedFolder(file: string): string | undefined {
  return file.split('/').find((segment) => SDK_SKIPPED_DIRS.has(segment));
}

/**
 * Whether a path names a C source the SDK's walk parses (`walk/fs.rs`): its extension, as Rust's
 * `Path::extension` reads it (the last dot of the name, not a leading one), is `c` or `h`.
 */
export function isCSource(file: string): boolean {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && (name.slice(dot + 1) === 'c' || name.slice(dot + 1) === 'h');
}

/**
 * The C files `files` name (workspace-relative) that lie outside the folders the walk skips, each
 * read as the SDK's walk reaches it — no
 * symlink on the way, a regular file at the end — and parsed with the SDK's own C grammar.
 */
export async function loadCSources(
  ws: Workspace,
  targetDir: string,
  files: Iterable<string>,
): Promise<Map<string, CSource>> {
  const out = new Map<string, CSource>();
  let parsers: { c: Parser; rust: Parser } | undefined;
  let excluded: ((file: string) => boolean) | 'unreadable' | undefined;
  try {
    for (const file of files) {
      if (out.has(file) || skippedFolder(file) !== undefined) continue;
      excluded ??= indexExcludes(ws, targetDir);
      if (excluded === 'unreadable' || excluded(file)) {
        out.set(file, { unread: excluded === 'unreadable' ? 'config-unreadable' : 'excluded' });
        continue;
      }
      const reached = walkedTo(targetDir, file);
      const read = reached === 'file' ? readText(ws, targetDir, file, MAX_SOURCE_BYTES) : undefined;
      if (!read?.ok) {
        out.set(file, { unread: reached === 'link' ? 'link' : 'missing' });
        continue;
      }
      parsers ??= { c: await cParser(), rust: await rustParser() };
      out.set(file, { annotations: cAnnotations(parsers.c, parsers.rust, read.text) });
    }
  } finally {
    parsers?.c.delete();
    parsers?.rust.delete();
  }
  return out;
}

/**
 * What `aristo.toml`'s `[index].exclude` keeps out of the SDK's walk (globset patterns over the
 * path from the workspace, matched as the SDK builds them: `*` crosses `/` too); 'unreadable'
 * where the file exists but is not TOML the SDK reads, so that it would refuse to walk at all.
 */
function indexExcludes(ws: Workspace, dir: string): ((file: string) => boolean) | 'unreadable' {
  const read = readText(ws, dir, 'aristo.toml', MAX_SOURCE_BYTES);
  if (!read.ok) return read.missing ? () => false : 'unreadable';
  const toml = parseToml(read.text);
  if (!toml.ok) return 'unreadable';
  const index = toml.doc.data['index'];
  if (index === undefined) return () => false;
  if (typeof index !== 'object' || index === null || Array.isArray(index)) return 'unreadable';
  const patterns = (index as Record<string, unknown>)['exclude'];
  if (patterns === undefined) return () => false;
  if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string'))
    return 'unreadable';
  const res = patterns.map(globRegExp);
  if (res.some((r) => r === undefined)) return 'unreadable';
  return (file) => res.some((r) => r!.test(file));
}

/**
 * A globset pattern as a regular expression over a whole path, or undefined for one it would
 * refuse. Each wildcard matches at least as much as globset's (so an excluded file is never
 * taken for walked): `*` and `**` any run of characters, `?` any one, `[…]` a class, `{a,b}` either.
 */
function globRegExp(glob: string): RegExp | undefined {
  // Backtracking grows with the power of the wildcards: a pattern with more than a few is not
  // matched here (its C entries are then refused, never taken for walked).
  if (glob.length > 1024 || (glob.replace(/\*+/g, '*').match(/[*?]/g)?.length ?? 0) > 8)
    return undefined;
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      while (glob[i + 1] === '*') i++;
      re += '.*';
    } else if (ch === '?') re += '.';
    else if (ch === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) return undefined;
      const body = glob
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      re += `[${body}]`;
      i = end;
    } else if (ch === '{') {
      braces++;
      re += '(?:';
    } else if (ch === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (ch === ',' && braces > 0) re += '|';
    else if (ch === '\\' && i + 1 < glob.length)
      re += glob[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else re += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  if (braces !== 0) return undefined;
  try {
    return new RegExp(`^(?:${re})$`, 's');
  } catch {
    return undefined;
  }
}

/**
 * Whether `file` (a plain relative path) is a regular file the SDK's walk of `dir` reaches: every
 * component a real folder, the last a regular file, none a symlink ('link' where one is: the
 * walk follows none).
 */
function walkedTo(dir: string, file: string): 'file' | 'link' | undefined {
  if (!isPlainRelative(file)) return undefined;
  const parts = file.split('/');
  let at = dir;
  for (let i = 0; i < parts.length; i++) {
    at = path.join(at, parts[i]!);
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(at, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (st === undefined) return undefined;
    if (st.isSymbolicLink()) return 'link';
    if (i < parts.length - 1 ? !st.isDirectory() : !st.isFile()) return undefined;
  }
  return 'file';
}

/** The function the SDK's Rust wrapper below stands for; its label is checked. */
const WRAPPED = '__aristo_c_directive';

/**
 * `extract_from_c_source`, step for step: the translation unit's top-level children in source
 * order; a run of `// @aristo intent(…)` / `assume(…)` comments on consecutive rows attaches to a
 * function definition that starts on the row right below the last of them; any other child
 * breaks the run. The arguments are read with the Rust annotation grammar, as the SDK reads them
 * with `syn` (an argument list it cannot read drops the annotation).
 */
export function cAnnotations(c: Parser, rust: Parser, source: string): CAnnotation[] {
  const tree = c.parse(source);
  if (!tree) return [];
  const found: CAnnotation[] = [];
  try {
    let pending: { kind: 'intent' | 'assume'; args: string; comment: Node }[] = [];
    for (const child of tree.rootNode.children) {
      if (!child) continue;
      if (child.type === 'comment') {
        const d = directive(child.text);
        if (!d) {
          pending = [];
          continue;
        }
        const last = pending.at(-1);
        if (last && child.startPosition.row !== last.comment.endPosition.row + 1) pending = [];
        pending.push({ ...d, comment: child });
        continue;
      }
      const last = pending.at(-1);
      if (
        child.type === 'function_definition' &&
        last &&
        child.startPosition.row === last.comment.endPosition.row + 1
      ) {
        const name = functionName(child);
        if (name !== undefined && child.childForFieldName('body'))
          for (const p of pending) {
            const args = readArgs(rust, p.kind, p.args);
            if (args)
              found.push({ ...args, site: `fn ${name} (line ${p.comment.startPosition.row + 1})` });
          }
      }
      pending = [];
    }
  } finally {
    tree.delete();
  }
  return found;
}

/** `parse_directive`: `// @aristo intent(<args>)` or `assume(<args>)`, the raw arguments. */
function directive(comment: string): { kind: 'intent' | 'assume'; args: string } | undefined {
  // Trimmed as Rust trims (U+0085 is whitespace there, U+FEFF is not), never as JavaScript does.
  if (!comment.startsWith('//')) return undefined;
  const body = rustTrimStart(comment.slice(2));
  if (!body.startsWith('@aristo')) return undefined;
  const rest = rustTrimStart(body.slice('@aristo'.length));
  const kind = rest.startsWith('intent') ? 'intent' : rest.startsWith('assume') ? 'assume' : null;
  if (!kind) return undefined;
  const args = rustTrim(rest.slice(kind.length));
  if (!args.startsWith('(') || !args.endsWith(')')) return undefined;
  return { kind, args: args.slice(1, -1) };
}

/** `c_function_name`: down the declarator chain to the function declarator's identifier. */
function functionName(fn: Node): string | undefined {
  let cur = fn.childForFieldName('declarator');
  for (let i = 0; i < 16 && cur; i++) {
    if (cur.type === 'function_declarator') {
      let name = cur.childForFieldName('declarator');
      for (let j = 0; j < 16 && name; j++) {
        if (name.type === 'identifier') return name.text;
        name = name.childForFieldName('declarator');
      }
      return undefined;
    }
    cur = cur.childForFieldName('declarator');
  }
  return undefined;
}

/**
 * The arguments read as the SDK reads them (`syn::parse_str::<AnnotationArgs>`, the grammar of
 * the Rust attribute): here as the one attribute of a wrapper function, which must come out as
 * exactly one well-formed annotation on that function, else none (as the SDK drops it).
 */
function readArgs(
  rust: Parser,
  kind: 'intent' | 'assume',
  args: string,
): Omit<CAnnotation, 'site'> | undefined {
  if (args.includes('\n') || args.includes('\r')) return undefined;
  const attribute = `#[aristo::${kind}(${args})]`;
  const source = `${attribute}\nfn ${WRAPPED}() {}\n`;
  // The arguments must be the attribute's whole argument list: an unbalanced `)` in them would
  // close it early and leave the rest to be read as something else, where syn refuses them.
  const tree = rust.parse(source);
  if (!tree) return undefined;
  try {
    const item = tree.rootNode.children[0];
    const args0 = item?.type === 'attribute_item' ? item.namedChildren[0] : undefined;
    const list = args0?.type === 'attribute' ? args0.childForFieldName('arguments') : undefined;
    if (item?.text !== attribute || list?.text !== `(${args})`) return undefined;
  } finally {
    tree.delete();
  }
  const x = extractAnnotations(rust, source);
  const [a] = x.annotations;
  if (x.syntaxError || x.tooDeep || x.malformed.length || x.annotations.length !== 1)
    return undefined;
  if (!a || a.kind !== kind || a.form !== 'attribute' || a.label !== `fn ${WRAPPED}`)
    return undefined;
  return {
    kind,
    text: a.text,
    verify: a.verify,
    ...(a.id !== undefined ? { id: a.id } : {}),
    ...(a.parent !== undefined ? { parent: a.parent } : {}),
  };
}
