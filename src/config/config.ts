import path from 'node:path';
import { z } from 'zod';
import { decodeUtf8, readSmallFile } from '../io/files.js';
import { parseJson } from '../io/json.js';
import type { Workspace } from '../io/workspace.js';
import { NotUtf8PathError, realpathText } from '../io/paths.js';
import { lexicallyInside } from '../io/write.js';
import { onFirstUse } from '../model/first-use.js';
import { cap, plain } from '../render/sanitize.js';
import { ASSURANCES, EFFORTS } from '../policy/assurance.js';
import { waiverSchema, type WaiverEntry } from '../policy/waivers.js';
import { allCodes, packs } from '../packs/registry.js';
import type { Pack } from '../packs/pack.js';
import { closest } from '../io/text.js';

export const DEFAULT_CONFIG_FILE = '.audit-gate.json';

/** A pinned target as the targets option, input and --target spell it: `pack:dir`. */
const TARGET_PIN = /^([a-z][a-z0-9-]*):(.+)$/;

/** The pack id and directory of a `pack:dir` pin, or undefined when it is not spelt so. */
export function splitTarget(pin: string): { pack: string; dir: string } | undefined {
  const m = TARGET_PIN.exec(pin);
  return m ? { pack: m[1]!, dir: m[2]! } : undefined;
}

/** The keys every config may hold, whatever packs are registered; built on first use. */
const coreConfigShape = onFirstUse(() => ({
  $schema: z.string().optional(),
  paths: z
    .array(z.string().min(1))
    .optional()
    .describe('Directories to verify, relative to the root; replaces discovery'),
  papers: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'Paper dirs verified as papers whatever they hold (one whose audits may all be missing), besides those the workflow names',
    ),
  targets: z
    .array(z.string().regex(TARGET_PIN, 'pack:dir, e.g. addenda-b:bundles/b1'))
    .optional()
    .describe(
      "Directories verified as one pack's target whatever they hold, as pack:dir (addenda-b:bundles/b1), besides those the workflow names",
    ),
  exclude: z
    .array(z.string().max(1024))
    .max(256)
    .optional()
    .describe(
      'gitignore-style patterns that discovery skips (at most 256: each is matched against every path)',
    ),
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
  waivers: z
    .array(waiverSchema())
    .optional()
    .describe(
      'Findings accepted for now: each matching finding stays visible but does not block; a waiver that matches nothing is itself a finding',
    ),
}));

type CoreConfigShape = ReturnType<typeof coreConfigShape>;

export type PackSetting = false | Record<string, unknown>;
export type Config = {
  [K in keyof CoreConfigShape]?: z.infer<CoreConfigShape[K]>;
} & {
  /** Which packs run (a list of ids), or each pack's options by id (`false` leaves it out). */
  packs?: string[] | Record<string, PackSetting>;
  /** Earlier form of `packs.<id>`: a pack's options under a top-level key named after it. */
  [packId: string]: unknown;
};

/**
 * The config schema for the registered packs: `packs.<id>` is validated by that pack's options
 * schema, so this file never names a pack. A top-level key named after a pack is the earlier
 * form of `packs.<id>` (e.g. `{"<id>": {"min_supports": 2}}`) and is still accepted.
 */
export function configSchema(list: readonly Pack[] = packs()) {
  const byId = (f: (p: Pack) => z.ZodType) => Object.fromEntries(list.map((p) => [p.id, f(p)]));
  return z
    .object({
      ...coreConfigShape(),
      packs: z
        .union([
          z.array(z.string()).describe('Packs whose targets discovery looks for (default: all)'),
          z
            .object(byId((p) => z.union([z.literal(false), p.options()]).optional()))
            .strict()
            .describe('Each pack’s options by pack id; false leaves the pack out'),
        ])
        .optional(),
      ...byId((p) => p.options().optional().describe(`Earlier form of packs.${p.id}`)),
    })
    .strict();
}

/** The packs a config selects, or undefined for all of them. */
export function selectedPacks(config: Config): string[] | undefined {
  const p = config.packs;
  if (p === undefined || Array.isArray(p)) return p;
  const off = Object.keys(p).filter((id) => p[id] === false);
  return off.length
    ? packs()
        .map((x) => x.id)
        .filter((id) => !off.includes(id))
    : undefined;
}

/** The options a config gives one pack (`packs.<id>`, or the earlier top-level `<id>`). */
export function packConfig(config: Config, id: string): Record<string, unknown> | undefined {
  const p = config.packs;
  const own = p !== undefined && !Array.isArray(p) && p[id] !== false ? p[id] : undefined;
  return own ?? (config[id] as Record<string, unknown> | undefined);
}

/** Where a config came from, which decides whether it is trusted (see `loadConfig`). */
export interface ConfigSource {
  /** The root as given (its real path is the workspace's root). */
  root: string;
  /** A config file named by the workflow or CLI (--config, the Action's config input). */
  file?: string;
  /** Inline JSON given by the workflow (the Action's config-json input). */
  json?: string;
}

export type LoadedConfig =
  | {
      ok: true;
      config: Config;
      /** Workflow-owned (outside the checkout, or inline): its keys apply even when pinned. */
      trusted: boolean;
      /** The file read (absent for inline JSON and when no config exists). */
      path?: string;
      /** Line of a key path in the config, where it is known. */
      lineOf: (key: (string | number)[]) => number | undefined;
    }
  | {
      ok: false;
      path?: string;
      message: string;
      line?: number;
      /** Not read at all: the checkout's file leads outside it or into .git/. */
      refused?: true;
      /** The file named does not exist. */
      missing?: true;
    };

const MAX_CONFIG_BYTES = 1024 * 1024;
const noLines = () => undefined;

/**
 * Loads the config: inline JSON, else the named file, else `<root>/.audit-gate.json` if present.
 * Trust follows where the bytes live, not how they were named: a file whose path or real path
 * lies inside the workspace is checkout content (untrusted), whoever named it; a file outside it
 * named by the workflow, and inline JSON, are trusted. Checkout content must really stay in the
 * checkout: a symlink leading outside the workspace, or into .git/, is refused unread.
 */
export function loadConfig(ws: Workspace, source: ConfigSource): LoadedConfig {
  if (source.json !== undefined) return parseConfig(source.json, { trusted: true });
  const file = path.resolve(source.file ?? path.join(ws.root, DEFAULT_CONFIG_FILE));
  const place = locate(ws, source.root, file);
  if (place.refused) return { ok: false, path: file, message: place.refused, refused: true };
  const read = readSmallFile(place.real, MAX_CONFIG_BYTES);
  if (!read.ok) {
    if (read.kind === 'missing' && source.file === undefined)
      return { ok: true, config: {}, trusted: false, lineOf: noLines };
    return {
      ok: false,
      path: file,
      message: read.detail,
      ...(read.kind === 'missing' ? { missing: true as const } : {}),
    };
  }
  const text = decodeUtf8(read.bytes);
  if (!text.ok) return { ok: false, path: file, message: text.detail };
  return parseConfig(text.text, { trusted: place.trusted, path: file });
}

/** Where a config file really is, and whether the checkout decides its content. */
function locate(
  ws: Workspace,
  givenRoot: string,
  file: string,
): { trusted: boolean; real: string; refused?: string } {
  const named = lexicallyInside(file, ws.root) || lexicallyInside(file, givenRoot);
  let real: string;
  try {
    real = realpathText(file);
  } catch (err) {
    // Read at its decoded real path, it would be its U+FFFD twin.
    if (err instanceof NotUtf8PathError)
      return { trusted: !named, real: file, refused: err.message };
    // Missing (or a dangling link): the read reports it, and nothing is read.
    return { trusted: !named, real: file };
  }
  const inside = ws.contains(real);
  if (!named && !inside) return { trusted: true, real };
  // The checkout's own file: it may not lead out of the checkout (its target's content, such as
  // a runner file or .git/config with the checkout's token, must never reach a message).
  if (!inside)
    return { trusted: false, real, refused: 'is a symlink that leads outside the workspace' };
  if (
    path
      .relative(ws.root, real)
      .split(path.sep)
      .some((s) => s.toLowerCase() === '.git')
  )
    return { trusted: false, real, refused: 'leads into .git/, which is not checkout content' };
  return { trusted: false, real };
}

/** A value taken from the config, as it may appear in a message: short and escaped. */
function quoted(s: string): string {
  return plain(JSON.stringify(cap(s, 40)));
}

/** Unknown config keys named in one message; the rest are counted. */
const MAX_UNKNOWN_NAMED = 5;

/** The keys the config schema allows at `keyPath` (from its JSON Schema; only read on an error). */
function keysAt(keyPath: readonly (string | number)[]): string[] {
  type Node = { properties?: Record<string, Node>; items?: Node; anyOf?: Node[]; oneOf?: Node[] };
  const flat = (n: Node | undefined): Node[] =>
    !n || typeof n !== 'object'
      ? []
      : [n, ...[...(n.anyOf ?? []), ...(n.oneOf ?? [])].flatMap(flat)];
  let nodes = flat(
    z.toJSONSchema(configSchema(), { io: 'input', unrepresentable: 'any' }) as unknown as Node,
  );
  for (const k of keyPath)
    nodes = nodes.flatMap((n) =>
      flat(
        typeof k === 'number'
          ? n.items
          : Object.hasOwn(n.properties ?? {}, k)
            ? n.properties![k]
            : undefined,
      ),
    );
  return [...new Set(nodes.flatMap((n) => Object.keys(n.properties ?? {})))];
}

function parseConfig(text: string, origin: { trusted: boolean; path?: string }): LoadedConfig {
  const at = origin.path !== undefined ? { path: origin.path } : {};
  const parsed = parseJson(text);
  if (!parsed.ok) return { ...at, ok: false, message: parsed.message, line: parsed.position.line };
  const doc = parsed.doc;
  // Readers disagree on which of a repeated key's values counts; a config must not be ambiguous.
  const dup = doc.duplicates[0];
  if (dup)
    return {
      ...at,
      ok: false,
      message: `repeats the key ${quoted(dup.key)} (line ${dup.line}); keep one`,
      line: dup.line,
    };
  const result = configSchema().safeParse(parsed.value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const keyPath = issue.path as (string | number)[];
    const where = keyPath.length ? `"${keyPath.join('.')}"` : 'the top level';
    // zod lists every unknown key; a message names only the first, short and escaped.
    if (issue.code === 'unrecognized_keys') {
      // Every unknown key at once (up to a few), each with the key it most likely meant.
      const unknown = result.error.issues.flatMap((i) =>
        i.code === 'unrecognized_keys'
          ? i.keys.map((k) => ({ at: i.path as (string | number)[], key: k }))
          : [],
      );
      const named = unknown.slice(0, MAX_UNKNOWN_NAMED).map(({ at: p, key }) => {
        const near = closest(key, keysAt(p));
        return `${quoted([...p, key].join('.'))}${near ? ` (did you mean ${quoted(near)}?)` : ''}`;
      });
      const more = unknown.length - named.length;
      const first = unknown[0]!;
      return {
        ...at,
        ok: false,
        message: `unknown key${unknown.length > 1 ? 's' : ''} ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
        line: doc.lineOf([...first.at, first.key]) ?? doc.lineOf(first.at) ?? 1,
      };
    }
    return {
      ...at,
      ok: false,
      message: `${where}: ${issue.message}`,
      line: doc.lineOf(keyPath) ?? 1,
    };
  }
  const config = result.data as Config;
  const twice = packs().find(
    (p) => config[p.id] !== undefined && packConfig({ ...config, [p.id]: undefined }, p.id),
  );
  if (twice)
    return {
      ...at,
      ok: false,
      message: `gives the options of the ${twice.id} pack twice ("${twice.id}" and "packs.${twice.id}"); keep "packs.${twice.id}"`,
      line: doc.lineOf([twice.id]) ?? 1,
    };
  // A waiver of a code no rule has would only ever read "matches no finding": say it is a typo.
  const codes = config.waivers?.length ? allCodes().map((c) => c.code) : [];
  const typo = (config.waivers ?? []).findIndex((w) => !codes.includes(w.code));
  if (typo >= 0) {
    const code = config.waivers![typo]!.code;
    const near = closest(code, codes);
    return {
      ...at,
      ok: false,
      message: `"waivers.${typo}.code": no rule has the code ${quoted(code)}${near ? ` (did you mean ${quoted(near)}?)` : ''}`,
      line: doc.lineOf(['waivers', typo, 'code']) ?? 1,
    };
  }
  return {
    ...at,
    ok: true,
    config,
    trusted: origin.trusted,
    lineOf: (key) => doc.lineOf(key),
  };
}

/** What a published or merged report is held to by the config of the workflow that judges it. */
export interface WorkflowRules {
  /** Its waivers: a report's own waived marks count only where these waive the finding too. */
  waivers: WaiverEntry[];
  /** Options it sets that targets record (`Pack.recordedOptions`): each target must say it ran with them. */
  required: { pack: string; option: string }[];
}

/**
 * The rules of a config the workflow owns (inline JSON, or a file outside the checkout), for
 * judging a published report: the checkout's own config never counts there, and a config that
 * cannot be read waives nothing (fail closed).
 */
export function workflowRules(
  ws: Workspace,
  source: ConfigSource,
  packs: readonly { id: string; recordedOptions?: readonly string[] }[],
): WorkflowRules {
  if (source.json === undefined && source.file === undefined) return { waivers: [], required: [] };
  const loaded = loadConfig(ws, source);
  if (!loaded.ok || !loaded.trusted) return { waivers: [], required: [] };
  const required = packs.flatMap((p) =>
    (p.recordedOptions ?? [])
      .filter((option) => packConfig(loaded.config, p.id)?.[option] === true)
      .map((option) => ({ pack: p.id, option })),
  );
  return { waivers: (loaded.config.waivers ?? []).map((waiver) => ({ waiver })), required };
}
