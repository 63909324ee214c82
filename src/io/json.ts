import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { decodeUtf8 } from './files.js';
import { LineIndex } from './lines.js';

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

  constructor(
    readonly tree: Node,
    private readonly lines: LineIndex,
    readonly duplicates: DuplicateKey[],
  ) {}

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
    return this.lines.position(anchor.offset).line;
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
  const lines = new LineIndex(text);
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
  try {
    return parseStrict(text, lines);
  } catch (err) {
    // Both the parser and the value builder recurse; runaway nesting overflows the stack.
    if (!(err instanceof RangeError)) throw err;
    return {
      ok: false,
      reason: 'syntax',
      message: 'nests arrays or objects too deeply to read',
      position: { line: 1, column: 1 },
    };
  }
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

function parseStrict(text: string, lines: LineIndex): JsonParse {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  if (errors.length > 0 || !tree) {
    const first = errors[0];
    const pos = lines.position(first?.offset ?? 0);
    const what = first ? printParseErrorCode(first.error) : 'InvalidSymbol';
    return {
      ok: false,
      reason: 'syntax',
      message: `${describe(what)} at line ${pos.line}, column ${pos.column}`,
      position: pos,
    };
  }
  const duplicates: DuplicateKey[] = [];
  const value = toValue(tree, lines, duplicates);
  return { ok: true, value, doc: new JsonDoc(tree, lines, duplicates) };
}

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
