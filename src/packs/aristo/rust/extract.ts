import type { Node, Parser } from 'web-tree-sitter';
import { bodyHash, rustTrim, textHash } from '../hash.js';
import type { VerifyLevel } from '../schema.js';
import { rustStringValue } from './literal.js';

/**
 * Finds every aristo annotation in one Rust source, as the SDK's walker does
 * (`aristo-core/src/walk/extract.rs`): `#[aristo::intent(…)]` / `#[aristo::assume(…)]` (or bare
 * `#[intent(…)]` / `#[assume(…)]`) on fns, methods, structs, enums, traits and their methods,
 * impls, inline or file modules and type aliases; `aristo::intent_stmt!(…)` /
 * `assume_stmt!(…)` statements inside fn and method bodies. Each gets the SDK's site label,
 * covered region and hashes. Arguments the SDK's parser refuses (it skips the annotation
 * silently) are returned as `malformed`.
 */

export type CoveredRegionName =
  'function' | 'statement' | 'impl_methods' | 'module_inline_body' | 'type';

export interface ExtractedAnnotation {
  kind: 'intent' | 'assume';
  form: 'attribute' | 'statement';
  text: string;
  id?: string;
  /** The verify argument as the SDK resolves it; absent means `true` (the project default). */
  verify: VerifyLevel;
  parent?: string | string[];
  /** e.g. `impl RingBuffer::push` */
  label: string;
  /** 1-based line of the annotation's first token. */
  line: number;
  /** `<label> (line N)`, as in the index. */
  site: string;
  covered_region: CoveredRegionName;
  text_hash: string;
  body_hash: string;
}

export interface Malformed {
  line: number;
  detail: string;
}

export interface Extraction {
  annotations: ExtractedAnnotation[];
  malformed: Malformed[];
  /** Where the source stops being Rust tree-sitter understands, when it does. */
  syntaxError?: { line: number; column: number };
  /** Where the items or blocks nest deeper than {@link MAX_NESTING}: the file is not walked. */
  tooDeep?: { line: number; column: number };
}

/**
 * The walk recurses once per nested module, block or expression holding a candidate word; a
 * hostile file nesting thousands deep would overflow the stack, so deeper nesting is refused.
 */
export const MAX_NESTING = 256;

class TooDeep extends Error {
  constructor(readonly at: Node) {
    super('nesting too deep');
  }
}

/** Words an annotation cannot be written without: a source lacking all of them is not parsed. */
const CANDIDATE = /\b(?:intent|assume)(?:_stmt)?\b/g;

export function mayHoldAnnotations(source: string): boolean {
  CANDIDATE.lastIndex = 0;
  return CANDIDATE.test(source);
}

const ITEMS = new Set([
  'function_item',
  'function_signature_item',
  'struct_item',
  'enum_item',
  'trait_item',
  'impl_item',
  'mod_item',
  'type_item',
  'union_item',
  'const_item',
  'static_item',
  'macro_definition',
  'use_declaration',
  'extern_crate_declaration',
  'foreign_mod_item',
]);
const COMMENTS = new Set(['line_comment', 'block_comment']);

export function extractAnnotations(parser: Parser, source: string): Extraction {
  const tree = parser.parse(source);
  if (!tree) throw new Error('tree-sitter returned no tree');
  try {
    return new Walker(source).run(tree.rootNode);
  } catch (e) {
    if (!(e instanceof TooDeep)) throw e;
    const at = { line: e.at.startPosition.row + 1, column: e.at.startPosition.column + 1 };
    return { annotations: [], malformed: [], tooDeep: at };
  } finally {
    tree.delete();
  }
}

class Walker {
  private readonly found: ExtractedAnnotation[] = [];
  private readonly malformed: Malformed[] = [];
  /** Offsets (UTF-16, as tree-sitter's indices for a JS string) of candidate words. */
  private readonly hits: number[] = [];
  private depth = 0;
  /** The whole file's body hash (a unit struct's region), computed once for every such item. */
  private wholeFile: string | undefined;

  constructor(private readonly source: string) {
    CANDIDATE.lastIndex = 0;
    for (let m = CANDIDATE.exec(source); m; m = CANDIDATE.exec(source)) this.hits.push(m.index);
  }

  run(root: Node): Extraction {
    this.sequence(root, undefined);
    const out: Extraction = { annotations: this.found, malformed: this.malformed };
    if (root.hasError) out.syntaxError = firstError(root);
    return out;
  }

  /** Whether [start, end) holds a candidate word: subtrees without one are skipped unvisited. */
  private holds(n: Node): boolean {
    const { startIndex: s, endIndex: e } = n;
    let lo = 0;
    let hi = this.hits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.hits[mid]! < s) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.hits.length && this.hits[lo]! < e;
  }

  private slice(n: Node, end?: Node): string {
    return this.source.slice(n.startIndex, (end ?? n).endIndex).replace(/\r\n/g, '\n');
  }

  /**
   * A list of items or statements (a file, a module or block body): outer attributes are the
   * siblings before the item they belong to.
   */
  private sequence(container: Node, site: string | undefined): void {
    if (!this.holds(container)) return;
    this.nested(container, () => this.sequenceIn(container, site));
  }

  /** Runs `walk` one level deeper, refusing nesting past {@link MAX_NESTING}. */
  private nested(n: Node, walk: () => void): void {
    if (this.depth >= MAX_NESTING) throw new TooDeep(n);
    this.depth++;
    try {
      walk();
    } finally {
      this.depth--;
    }
  }

  private sequenceIn(container: Node, site: string | undefined): void {
    let attrs: Node[] = [];
    for (const child of container.children) {
      if (!child) continue;
      if (child.type === 'attribute_item') {
        attrs.push(child);
        continue;
      }
      if (COMMENTS.has(child.type)) continue;
      if (ITEMS.has(child.type)) this.item(child, attrs);
      else {
        this.unread(attrs, child);
        if (site !== undefined && this.statementMacro(child, site)) {
          // done
        } else if (child.isNamed) this.descend(child, site);
      }
      attrs = [];
    }
  }

  /** Any other node: look for blocks (closures, match arms, loops) holding items or statements. */
  private descend(n: Node, site: string | undefined): void {
    if (!this.holds(n)) return;
    this.nested(n, () => this.descendIn(n, site));
  }

  private descendIn(n: Node, site: string | undefined): void {
    if (n.type === 'block' || n.type === 'declaration_list') {
      this.sequence(n, site);
      return;
    }
    for (const child of n.namedChildren) {
      if (!child) continue;
      if (ITEMS.has(child.type)) this.item(child, []);
      else this.descend(child, site);
    }
  }

  private item(n: Node, attrs: Node[]): void {
    const name = n.childForFieldName('name');
    const body = n.childForFieldName('body');
    switch (n.type) {
      case 'function_item': {
        const label = `fn ${name?.text ?? ''}`;
        this.attributes(attrs, label, body, 'function');
        if (body) this.sequence(body, label);
        return;
      }
      case 'struct_item':
        // A unit struct has no field list; the SDK's span for it falls back to the whole file.
        this.attributes(attrs, `struct ${name?.text ?? ''}`, body ?? 'whole-file', 'type');
        return;
      case 'enum_item':
        this.attributes(attrs, `enum ${name?.text ?? ''}`, body, 'type');
        return;
      case 'trait_item': {
        const label = `trait ${name?.text ?? ''}`;
        this.attributes(attrs, label, body, 'type');
        if (body) this.members(body, (m) => `${label}::${m}`, false);
        return;
      }
      case 'impl_item': {
        const label = implSite(n);
        this.attributes(attrs, label, body, 'impl_methods');
        if (body) this.members(body, (m) => `${label}::${m}`, true);
        return;
      }
      case 'mod_item':
        this.attributes(attrs, `mod ${name?.text ?? ''}`, body ?? name, 'module_inline_body');
        if (body) this.sequence(body, undefined);
        return;
      case 'type_item':
        this.attributes(attrs, `type ${name?.text ?? ''}`, n.childForFieldName('type'), 'type');
        return;
      default:
        this.unread(attrs, n);
        return;
    }
  }

  /**
   * Aristo attributes on something the SDK does not read them from (a const, a static, a
   * statement, an associated item): it skips them, so no proof can be about them.
   */
  private unread(attrs: Node[], on: Node): void {
    for (const a of attrs) {
      if (!this.holds(a)) continue;
      const attr = a.namedChildren.find((c) => c?.type === 'attribute');
      const kind = attr ? attributeKind(attr) : undefined;
      if (!kind) continue;
      const what = on.type
        .replace(/_(item|declaration|statement|expression)$/, '')
        .replace(/_/g, ' ');
      this.malformed.push({
        line: a.startPosition.row + 1,
        detail: `#[${kind}] is on a ${what}, which the SDK does not read annotations from`,
      });
    }
  }

  /** The fns of a trait or impl body; only impl method bodies are searched for statements. */
  private members(body: Node, label: (method: string) => string, intoBodies: boolean): void {
    if (!this.holds(body)) return;
    let attrs: Node[] = [];
    for (const child of body.children) {
      if (!child) continue;
      if (child.type === 'attribute_item') {
        attrs.push(child);
        continue;
      }
      if (COMMENTS.has(child.type)) continue;
      const site = label(child.childForFieldName('name')?.text ?? '');
      if (child.type === 'function_item') {
        const block = child.childForFieldName('body');
        this.attributes(attrs, site, block, 'function');
        if (intoBodies && block) this.sequence(block, site);
      } else if (child.type === 'function_signature_item') {
        this.attributes(attrs, site, signature(child), 'function');
      } else this.unread(attrs, child);
      attrs = [];
    }
  }

  private attributes(
    attrs: Node[],
    label: string,
    region: Node | [Node, Node] | 'whole-file' | null,
    covered: CoveredRegionName,
  ): void {
    // Once per item, however many attributes it has: 150,000 of them on one 3 MB fn re-sliced and
    // re-hashed its body each time.
    let hash: string | undefined;
    const regionHash = () =>
      region === 'whole-file'
        ? (this.wholeFile ??= bodyHash(this.source.replace(/\r\n/g, '\n')))
        : (hash ??= bodyHash(
            Array.isArray(region)
              ? this.slice(region[0], region[1])
              : region
                ? this.slice(region)
                : '',
          ));
    for (const a of attrs) {
      if (!this.holds(a)) continue;
      const attr = a.namedChildren.find((c) => c?.type === 'attribute');
      const kind = attr ? attributeKind(attr) : undefined;
      if (!attr || !kind) continue;
      const line = a.startPosition.row + 1;
      const args = attr.childForFieldName('arguments');
      if (!args || args.type !== 'token_tree') {
        this.malformed.push({ line, detail: `#[${kind}] needs arguments: ("<claim>", id = "…")` });
        continue;
      }
      this.annotation(kind, 'attribute', args, label, line, covered, regionHash);
    }
  }

  /** `aristo::intent_stmt!(…);` or `intent_stmt! { … }` as a statement of a fn body. */
  private statementMacro(n: Node, site: string): boolean {
    let mac: Node | null = null;
    if (n.type === 'expression_statement') {
      const inner = n.namedChild(0);
      if (inner?.type === 'macro_invocation') mac = inner;
    } else if (n.type === 'macro_invocation' && n.lastChild?.firstChild?.type === '{') mac = n;
    if (!mac || !this.holds(mac)) return false;
    const path = mac.childForFieldName('macro');
    const name = path ? macroKind(path) : undefined;
    if (!name) return false;
    const args = mac.namedChildren.find((c) => c?.type === 'token_tree');
    if (!args) return false;
    this.annotation(name, 'statement', args, site, n.startPosition.row + 1, 'statement', () =>
      bodyHash(this.slice(n)),
    );
    return true;
  }

  private annotation(
    kind: 'intent' | 'assume',
    form: 'attribute' | 'statement',
    args: Node,
    label: string,
    line: number,
    covered: CoveredRegionName,
    regionHash: () => string,
  ): void {
    const parsed = parseArgs(args);
    if (!parsed.ok) {
      this.malformed.push({ line, detail: parsed.detail });
      return;
    }
    const a: ExtractedAnnotation = {
      kind,
      form,
      text: parsed.text,
      verify: parsed.verify,
      label,
      line,
      site: `${label} (line ${line})`,
      covered_region: covered,
      text_hash: textHash(parsed.text),
      body_hash: regionHash(),
    };
    if (parsed.id !== undefined) a.id = parsed.id;
    if (parsed.parent !== undefined) a.parent = parsed.parent;
    this.found.push(a);
  }
}

/** `intent` / `assume` for `aristo::intent`, `aristo::assume` or the bare names. */
function attributeKind(attr: Node): 'intent' | 'assume' | undefined {
  const path = attr.namedChild(0);
  if (!path) return undefined;
  let name: string | undefined;
  if (path.type === 'identifier') name = path.text;
  else if (path.type === 'scoped_identifier') {
    const head = path.childForFieldName('path');
    if (head?.type === 'identifier' && head.text === 'aristo')
      name = path.childForFieldName('name')?.text;
  }
  return name === 'intent' || name === 'assume' ? name : undefined;
}

function macroKind(path: Node): 'intent' | 'assume' | undefined {
  let name: string | undefined;
  if (path.type === 'identifier') name = path.text;
  else if (path.type === 'scoped_identifier') {
    const head = path.childForFieldName('path');
    if (head?.type === 'identifier' && head.text === 'aristo')
      name = path.childForFieldName('name')?.text;
  }
  return name === 'intent_stmt' ? 'intent' : name === 'assume_stmt' ? 'assume' : undefined;
}

/** `impl Trait for Type` / `impl Type`, paths without generic arguments (the SDK's `impl_site`). */
function implSite(n: Node): string {
  const ty = typePath(n.childForFieldName('type'));
  const tr = n.childForFieldName('trait');
  return tr ? `impl ${typePath(tr)} for ${ty}` : `impl ${ty}`;
}

const NAMED_TYPES = new Set([
  'type_identifier',
  'identifier',
  'primitive_type',
  'crate',
  'self',
  'super',
]);

/**
 * A type's path without generic arguments: `a::b::C`. A loop down the path, not a recursion: a
 * path of 200,000 segments overflowed the stack (the walk's nesting guard does not see paths).
 */
function typePath(n: Node | null): string {
  const names: string[] = [];
  for (let cur = n; ;) {
    if (!cur) {
      names.push('<type>');
      break;
    }
    if (cur.type === 'generic_type') {
      cur = cur.childForFieldName('type');
      continue;
    }
    if (cur.type === 'scoped_type_identifier' || cur.type === 'scoped_identifier') {
      names.push(cur.childForFieldName('name')?.text ?? '');
      cur = cur.childForFieldName('path');
      if (!cur) break;
      continue;
    }
    names.push(NAMED_TYPES.has(cur.type) ? cur.text : '<type>');
    break;
  }
  return names.reverse().join('::');
}

/** A bodiless fn's signature, as syn spans it: from `fn` (or its qualifiers) to before `;`. */
function signature(n: Node): [Node, Node] | null {
  const kids = n.children.filter((c): c is Node => c !== null);
  const first = kids.find((c) => c.type !== 'visibility_modifier');
  const semi = kids.length - (kids[kids.length - 1]?.type === ';' ? 2 : 1);
  const last = kids[semi];
  return first && last ? [first, last] : null;
}

function firstError(root: Node): { line: number; column: number } {
  let n: Node = root;
  for (;;) {
    const next = n.children.find((c) => c !== null && (c.hasError || c.isMissing || c.isError));
    if (!next || n.isError || n.isMissing) break;
    n = next;
  }
  return { line: n.startPosition.row + 1, column: n.startPosition.column + 1 };
}

type Args =
  | { ok: true; text: string; id?: string; verify: VerifyLevel; parent?: string | string[] }
  | { ok: false; detail: string };

const LITERALS = new Set(['string_literal', 'raw_string_literal']);

/** The SDK's `AnnotationArgs` parser: `"<text>" (, id = "…" | verify = … | parent = …)* ,?` */
function parseArgs(tree: Node): Args {
  const toks = tree.children.filter((c): c is Node => c !== null).slice(1, -1);
  if (toks.length === 0) return { ok: true, text: '', verify: true };
  const first = toks[0]!;
  const text = LITERALS.has(first.type) ? rustStringValue(first.text) : undefined;
  if (text === undefined)
    return { ok: false, detail: 'the first argument must be the claim, as a string literal' };
  const out: Args & { ok: true } = { ok: true, text, verify: true };
  let i = 1;
  while (i < toks.length) {
    if (toks[i]!.type !== ',')
      return { ok: false, detail: `unexpected \`${toks[i]!.text}\` (expected ",")` };
    i++;
    if (i >= toks.length) break;
    const key = toks[i]!;
    if (key.type !== 'identifier' || toks[i + 1]?.type !== '=')
      return { ok: false, detail: `expected \`key = value\`, found \`${key.text}\`` };
    i += 2;
    let end = i;
    while (end < toks.length && toks[end]!.type !== ',') end++;
    const value = toks.slice(i, end);
    const v = value.length === 1 ? value[0]! : undefined;
    switch (key.text) {
      case 'verify': {
        const level = v ? verifyLevel(v.text) : undefined;
        if (level === undefined)
          return {
            ok: false,
            detail: `invalid verify value \`${value.map((t) => t.text).join(' ')}\` (expected true, false, "false", "test", "neural", or "full")`,
          };
        out.verify = level;
        break;
      }
      case 'id': {
        const s = v && LITERALS.has(v.type) ? rustStringValue(v.text) : undefined;
        if (s === undefined) return { ok: false, detail: 'id must be a string literal' };
        out.id = s;
        break;
      }
      case 'parent': {
        const p = v ? parentValue(v) : undefined;
        if (p === undefined)
          return { ok: false, detail: 'parent must be a string literal or a [list] of them' };
        out.parent = p;
        break;
      }
      default:
        return { ok: false, detail: `unknown annotation argument \`${key.text}\`` };
    }
    i = end;
  }
  return out;
}

/** The SDK's `parse_verify`: `true`, `false` or a quoted method (or `"false"`). */
function verifyLevel(raw: string): VerifyLevel | undefined {
  const t = rustTrim(raw);
  if (t === 'true') return true;
  if (t === 'false' || t === '"false"') return false;
  const m = /^"(test|neural|full)"$/.exec(t);
  return m ? (m[1] as 'test' | 'neural' | 'full') : undefined;
}

function parentValue(v: Node): string | string[] | undefined {
  if (LITERALS.has(v.type)) return rustStringValue(v.text);
  if (v.type !== 'token_tree' || v.firstChild?.type !== '[') return undefined;
  const out: string[] = [];
  const inner = v.children.filter((c): c is Node => c !== null).slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const t = inner[i]!;
    const s = LITERALS.has(t.type) ? rustStringValue(t.text) : undefined;
    if (s === undefined) return undefined;
    out.push(s);
    if (inner[i + 1]?.type === ',') i++;
  }
  return out;
}
