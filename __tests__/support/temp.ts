import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Marks `dir` as the top of a git repository with nothing committed or staged yet. */
export function markGitTop(dir: string): void {
  fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
}

/** A fresh repository root in the temp dir (an empty git repository marks the top level). */
export function tempRepo(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'audit-gate-test-')));
  markGitTop(dir);
  return dir;
}

/** A factory of temp repositories that are removed after each test. */
export function tempRepos(): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = tempRepo();
    made.push(d);
    return d;
  };
}

/** Node has no mkfifo; coreutils does. */
export function mkfifo(p: string): void {
  const r = spawnSync('mkfifo', [p]);
  if (r.status !== 0) throw new Error(`mkfifo ${p} failed: ${r.stderr}`);
}

/** Every path under dir with its size and mtime, to prove a run wrote nothing else. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const st = fs.lstatSync(p);
      out[path.relative(dir, p)] = `${st.isDirectory() ? 'd' : st.size}:${st.mtimeMs}`;
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}
