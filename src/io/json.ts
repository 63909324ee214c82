import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { decodeUtf8 } from './files.js';
import { LineIndex } from './lines.js';
import { REFERENCE_RUN } from './reference.js';

export interface Position {
  line: number;
  column: number;
}

export interface DuplicateKey {
  key: string;
  line: number;
}

export type JsonParse =
  | { ok: true; value: unknown; doc: JsonDoc }
  | { ok: false; reason: 'bom' | 'syntax' | 'empty'; message: string; position: Position };

/** A parsed JSON document that can say on which line any value or key stands. */
export class JsonDoc {
  /** Per object node, its keys → property nodes; built on first lookup, so each lookup is O(depth). */
  private readonly keyIndex = new WeakMap<Node, Map<string, Node>>();
  private lineIndex: LineIndex | undefined;

  /**
   * `tree` is built from `text` on the first `lineOf` when not given: most documents are read
   * for their values only, and a syntax tree costs several times the parse.
   */
  constructor(
    private readonly text: string,
    readonly duplicates: DuplicateKey[],
    private syntaxTree?: Node,
    lines?: LineIndex,
  ) {
    this.lineIndex = lines;
  }

  get tree(): Node {
    return (this.syntaxTree ??= parseTree(this.text, [], STRICT)!);
  }

  /**
   * Line of the property `path` (its key), or of the array element; undefined when absent.
   * For a repeated key it is the last occurrence, the one whose value the parsed value holds.
   */
  lineOf(path: (string | number)[]): number | undefined {
    let node: Node = this.tree;
    let anchor: Node = node;
    for (const segment of path) {
      if (typeof segment === 'string') {
        if (node.type !== 'object') return undefined;
        const prop = this.propertiesOf(node).get(segment);
        const value = prop?.children?.[1];
        if (!prop || !value) return undefined;
        node = value;
        anchor = prop;
      } else {
        if (node.type !== 'array' || !node.children) return undefined;
        const element = node.children[segment];
        if (!element) return undefined;
        node = element;
        anchor = element;
      }
    }
    return (this.lineIndex ??= new LineIndex(this.text)).position(anchor.offset).line;
  }

  private propertiesOf(object: Node): Map<string, Node> {
    let props = this.keyIndex.get(object);
    if (!props) {
      // A Map, not a plain object: "__proto__" and "constructor" are ordinary keys here.
      props = new Map();
      for (const prop of object.children ?? []) {
        const [keyNode, valueNode] = prop.children ?? [];
        // Later occurrences overwrite earlier ones: the last one wins, as in toValue.
        if (keyNode && valueNode) props.set(String(keyNode.value), prop);
      }
      this.keyIndex.set(object, props);
    }
    return props;
  }
}

/**
 * Strict JSON (RFC 8259): no comments, no trailing commas, no BOM, no NaN. Duplicate keys
 * are recorded (the last one wins, as in most parsers) so callers can flag the ambiguity.
 */
export function parseJson(text: string): JsonParse {
  if (text.charCodeAt(0) === 0xfeff) {
    return {
      ok: false,
      reason: 'bom',
      message: 'starts with a UTF-8 byte order mark (BOM)',
      position: { line: 1, column: 1 },
    };
  }
  if (text.trim() === '')
    return { ok: false, reason: 'empty', message: 'is empty', position: { line: 1, column: 1 } };
  return (REFERENCE_RUN ? undefined : parseValid(text)) ?? parseJsonTree(text);
}

/**
 * parseJson by way of a full syntax tree: the reference for its fast path, and the reader of
 * everything that path declines (syntax errors with their positions, deep nesting).
 */
export function parseJsonTree(text: string): JsonParse {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return TOO_DEEP;
  try {
    return parseStrict(text, new LineIndex(text));
  } catch (err) {
    // A backstop: MAX_JSON_DEPTH leaves the recursive parser and value builder far from the stack's end.
    if (!(err instanceof RangeError)) throw err;
    return TOO_DEEP;
  }
}

/**
 * Objects and arrays nested deeper than this are refused. Both the syntax tree's parser and its
 * value builder recurse, so without a limit of its own the verdict on a deep document would be
 * wherever the stack ran out, which moves with how much stack the optimised frames of the moment
 * use: the same file could be read in one run and refused in the next.
 */
export const MAX_JSON_DEPTH = 512;

const TOO_DEEP: JsonParse = {
  ok: false,
  reason: 'syntax',
  message: `nests arrays or objects more than ${MAX_JSON_DEPTH} deep`,
  position: { line: 1, column: 1 },
};

/**
 * Index of the quote that closes the string opened at `open`, or -1 when none does (text that is
 * not JSON). A quote after an odd run of backslashes is escaped.
 */
function stringEnd(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end !== -1) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** Whether brackets outside strings open more than `max` levels at some point (any text). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
      if (i === -1) return false;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A file's JSON read with positions: the value and its document, or what is wrong and where. */
export type LocatedJson =
  | { state: 'ok'; value: unknown; doc: JsonDoc; text: string }
  | { state: 'malformed'; detail: string; line: number };

/**
 * Parses JSON text (see parseJson). With `rejectDuplicates`, a repeated key is malformed at its
 * line: readers disagree on which value wins, so a contract file must not be ambiguous.
 */
export function parseJsonText(text: string, rejectDuplicates = false): LocatedJson {
  const parsed = parseJson(text);
  if (!parsed.ok) return { state: 'malformed', detail: parsed.message, line: parsed.position.line };
  const dup = rejectDuplicates ? parsed.doc.duplicates[0] : undefined;
  if (dup) return { state: 'malformed', detail: `repeats the key "${dup.key}"`, line: dup.line };
  return { state: 'ok', value: parsed.value, doc: parsed.doc, text };
}

/** Decodes a file's bytes as strict UTF-8, then parses them as located JSON (see parseJsonText). */
export function parseJsonBytes(bytes: Buffer, rejectDuplicates = false): LocatedJson {
  const text = decodeUtf8(bytes);
  if (!text.ok) return { state: 'malformed', detail: text.detail, line: 1 };
  return parseJsonText(text.text, rejectDuplicates);
}

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/**
 * The fast path for well-formed JSON: the engine's own parser for the value, and one scan of the
 * text for repeated keys. Undefined for anything else (a syntax error, deep nesting), which
 * `parseStrict` then reads and reports as before.
 */
function parseValid(text: string): JsonParse | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const scanned = repeatedKeys(text);
  if (scanned === undefined) return undefined;
  let lines: LineIndex | undefined;
  const duplicates = scanned.map(({ key, offset }) => ({
    key,
    line: (lines ??= new LineIndex(text)).position(offset).line,
  }));
  return { ok: true, value, doc: new JsonDoc(text, duplicates, undefined, lines) };
}

/**
 * Every repeated key of a well-formed JSON text (each occurrence after the first, in text
 * order, at the offset of its opening quote), or undefined when objects and arrays nest deeper
 * than MAX_JSON_DEPTH (parseJsonTree refuses it). Keys are compared decoded: "a" and "\u0061" are the same key.
 */
function repeatedKeys(text: string): { key: string; offset: number }[] | undefined {
  const out: { key: string; offset: number }[] = [];
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i); // the text is well-formed: every string is closed
      if (keyNext) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        const keys = open[open.length - 1]!;
        if (keys.has(key)) out.push({ key, offset: i });
        else keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (open.length === MAX_JSON_DEPTH) return undefined;
      open.push(c === 0x7b ? new Set() : null);
      keyNext = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      open.pop();
      keyNext = false;
    } else if (c === 0x2c) {
      keyNext = open[open.length - 1] !== null;
    }
  }
  return out;
}

/**
 * The first key `text` repeats within one object, for a `value` that JSON.parse made of it (which
 * kept only the last): undefined when none is repeated, "" when one is but objects nest past
 * MAX_JSON_DEPTH, where it is not named. Cheap enough for every line of a large JSONL file: the
 * keys the text spells are counted against the keys the value holds, and the objects are
 * searched for the repeated one only when those differ.
 */
export function repeatedKey(text: string, value: unknown): string | undefined {
  return keysSpelled(text) === keysHeld(value) ? undefined : firstRepeatedKey(text);
}

/** The first key a well-formed JSON text repeats in one object ("" past MAX_JSON_DEPTH). */
export function firstRepeatedKey(text: string): string | undefined {
  const found = repeatedKeys(text);
  return found === undefined ? '' : found[0]?.key;
}

/**
 * How many object keys a well-formed JSON text spells: the strings a colon follows. Where it
 * exceeds the keys of the value JSON.parse made of the text, a key is repeated.
 */
export function keysSpelled(text: string): number {
  let keys = 0;
  let open = text.indexOf('"');
  while (open !== -1) {
    const end = stringEnd(text, open);
    if (end === -1) return keys; // not JSON: the caller parsed it, so never
    let after = end + 1;
    let c = text.charCodeAt(after);
    while (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) c = text.charCodeAt(++after);
    if (c === 0x3a) keys++;
    open = text.indexOf('"', after);
  }
  return keys;
}

/** How many keys the objects of a parsed JSON value hold, all levels (no recursion: any depth). */
function keysHeld(value: unknown): number {
  let keys = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++)
        if (v[i] !== null && typeof v[i] === 'object') stack.push(v[i]);
      continue;
    }
    for (const k in v) {
      keys++;
      const child = (v as Record<string, unknown>)[k];
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return keys;
}

function parseStrict(text: string, lines: LineIndex): JsonParse {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, STRICT);
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    const pos = lines.position(first?.offset ?? 0);
    const what = first ? printParseErrorCode(first.error) : 'InvalidSymbol';
    // A comma before } or ] is the commonest slip, and the parser only says what it missed.
    const closer = text.charCodeAt(first?.offset ?? 0);
    const trailingComma =
      (what === 'ValueExpected' || what === 'PropertyNameExpected') &&
      (closer === 0x7d || closer === 0x5d);
    return {
      ok: false,
      reason: 'syntax',
      message: `is not valid JSON: ${SYNTAX[what] ?? describe(what)} at line ${pos.line}, column ${pos.column}${trailingComma ? ' (a comma before a closing bracket is not allowed)' : ''}`,
      position: pos,
    };
  }
  const duplicates: DuplicateKey[] = [];
  const value = toValue(tree, lines, duplicates);
  return { ok: true, value, doc: new JsonDoc(text, duplicates, tree, lines) };
}

/** What jsonc-parser's error codes mean, in words. */
const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'unexpected text',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a quoted key is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon is expected',
  CommaExpected: 'a comma is expected',
  CloseBraceExpected: 'a closing } is expected',
  CloseBracketExpected: 'a closing ] is expected',
  EndOfFileExpected: 'text follows the value',
  InvalidCommentToken: 'a comment, which JSON does not allow,',
  UnexpectedEndOfComment: 'an unclosed comment',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number ends too early',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'a malformed escape',
  InvalidCharacter: 'a control character inside a string',
};

function describe(code: string): string {
  // "InvalidSymbol" -> "invalid symbol"
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Builds the value without prototype pitfalls: a "__proto__" key is an ordinary property. */
function toValue(node: Node, lines: LineIndex, duplicates: DuplicateKey[]): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const [keyNode, valueNode] = prop.children ?? [];
        if (!keyNode || !valueNode) continue;
        const key = String(keyNode.value);
        if (seen.has(key)) duplicates.push({ key, line: lines.position(keyNode.offset).line });
        seen.add(key);
        Object.defineProperty(out, key, {
          value: toValue(valueNode, lines, duplicates),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map((c) => toValue(c, lines, duplicates));
    default:
      return node.value;
  }
}
