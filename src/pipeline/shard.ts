import fs from 'node:fs';
import path from 'node:path';
import { sha256Hex } from '../io/hashing.js';
import { indexedSize, type DirEntry } from '../io/walk.js';

/**
 * Sharding: `verify --shard K/N` checks a deterministic share of the discovered targets, and
 * `merge` puts the shard reports back together. Every shard discovers the whole list itself and
 * cuts it the same way, so a shard's report says what it was cut from (the digest of the whole
 * list and of the settings) and which targets it was given: merge can then prove the shards
 * cover the list exactly once (src/policy/merge.ts). The record is `ShardRecord` in the report.
 */
export interface ShardSpec {
  index: number;
  count: number;
}

/** More shards than this is a typo, not a matrix (GitHub runs at most 256 jobs per matrix). */
export const MAX_SHARDS = 256;

/** `K/N` → {index: K, count: N}, or why not. */
export function parseShard(text: string): ShardSpec | string {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  if (!m) return `--shard must be K/N (for example 2/4), not "${text}"`;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS) return `--shard: N must be 1 to ${MAX_SHARDS}, not ${count}`;
  if (index < 1 || index > count) return `--shard: K must be 1 to ${count}, not ${index}`;
  return { index, count };
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The digest of a whole target list, whatever order it was discovered in. */
export function targetsDigest(ids: readonly string[]): string {
  return `sha256:${sha256Hex([...ids].sort(byId).join('\n'))}`;
}

/** JSON with sorted object keys, so equal settings always hash alike. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort(byId)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export function configDigest(settings: unknown): string {
  return `sha256:${sha256Hex(canonical(settings))}`;
}

/** Entries a size estimate looks at per target at most (a hostile tree cannot stall planning). */
const MAX_ENTRIES = 20_000;

/**
 * What checking a target will read, cheaply: the sizes of the files under its directory (lstat,
 * symlinks not followed, .git and node_modules skipped), plus one so empty targets still spread.
 */
export function estimateBytes(dir: string): number {
  let bytes = 1;
  let seen = 0;
  const stack = [dir];
  while (stack.length > 0 && seen < MAX_ENTRIES) {
    const d = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) break;
      const abs = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.git' && e.name !== 'node_modules') stack.push(abs);
      } else if (e.isFile()) {
        try {
          bytes += fs.lstatSync(abs).size;
        } catch {
          // vanished or unreadable: it weighs nothing
        }
      }
    }
  }
  return bytes;
}

/**
 * Estimates from the directories discovery already listed (no second readdir): the sizes of the
 * files under a target's directory, as the git index records them (a checkout tracks nearly
 * every file, so nearly nothing is stat'ed), else by lstat. Every shard job checks out the same
 * commit, so every shard reads the same sizes and cuts alike. A directory the walk did not list
 * is walked by estimateBytes.
 */
export function byteEstimator(walked: readonly DirEntry[]): (dir: string) => number {
  // Sorted by `abs/`, a directory's subdirectories follow it contiguously ("a-b/" sorts before "a/").
  const key = (abs: string) => abs + path.sep;
  const sorted = [...walked].sort((a, b) => byId(key(a.abs), key(b.abs)));
  const index = new Map(sorted.map((d, i) => [d.abs, i]));
  return (dir) => {
    const start = index.get(dir);
    if (start === undefined) return estimateBytes(dir);
    let bytes = 1;
    const prefix = dir + path.sep;
    for (let i = start; i < sorted.length; i++) {
      const d = sorted[i]!;
      if (i > start && !d.abs.startsWith(prefix)) break;
      for (const name of d.files) {
        if (d.links.has(name)) continue;
        const indexed = indexedSize(d, name);
        if (indexed !== undefined) {
          bytes += indexed;
          continue;
        }
        try {
          bytes += fs.lstatSync(path.join(d.abs, name)).size;
        } catch {
          // vanished or unreadable: it weighs nothing
        }
      }
    }
    return bytes;
  };
}

/**
 * Cuts weighted targets into `count` shards: largest first, each to the least-loaded shard (the
 * lowest index on a tie), equal weights in id order. The same list always cuts the same way.
 */
export function assignShards(
  targets: readonly { id: string; bytes: number }[],
  count: number,
): string[][] {
  const shards: string[][] = Array.from({ length: count }, () => []);
  const load = new Array<number>(count).fill(0);
  const order = [...targets].sort((a, b) => b.bytes - a.bytes || byId(a.id, b.id));
  for (const t of order) {
    let best = 0;
    for (let i = 1; i < count; i++) if (load[i]! < load[best]!) best = i;
    shards[best]!.push(t.id);
    load[best]! += t.bytes;
  }
  return shards;
}
