// Generated files must match their sources: run `npm run docs` after changing a schema or a code.
import fs from 'node:fs';
import path from 'node:path';
import { codesMarkdown, packDocs, schemaFiles } from '../src/docs.js';
import { allCodes, namespaces, packs } from '../src/packs/registry.js';

describe('generated files are current', () => {
  it('schemas/*.schema.json', () => {
    const generated = schemaFiles();
    const committed = fs
      .readdirSync('schemas')
      .filter((f) => f.endsWith('.schema.json'))
      .sort();
    expect(committed).toEqual(Object.keys(generated).sort());
    for (const [name, text] of Object.entries(generated))
      expect(fs.readFileSync(path.join('schemas', name), 'utf8')).toBe(text);
  });
  it('docs/codes.md', () => {
    expect(fs.readFileSync('docs/codes.md', 'utf8')).toBe(codesMarkdown());
  });
  it("the packs' generated pages (docs/<name>.md)", () => {
    for (const [name, text] of Object.entries(packDocs()))
      expect(fs.readFileSync(path.join('docs', name), 'utf8')).toBe(text);
  });
  it('codes are unique and namespaced', () => {
    const codes = allCodes().map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[a-z][a-z0-9_-]*\.[a-z0-9_]+$/);
    // A pack's codes live in its declared namespaces (e.g. validation.* for a seed's own codes).
    for (const p of packs())
      for (const c of p.codes)
        expect(namespaces(p).some((ns) => c.code.startsWith(`${ns}.`))).toBe(true);
  });
});

describe('the threat model cites tests that exist', () => {
  // `file.test.ts › name`: the name as jest reports it (describe and test titles joined by a
  // space), cut with … where the doc shortens it. Each piece must be in the file's titles.
  it('every `…test.ts › …` in docs/threat-model.md names a test of that file', () => {
    const doc = fs.readFileSync('docs/threat-model.md', 'utf8');
    const cited = [...doc.matchAll(/`([\w./-]+\.test\.ts) › ([^`]+)`/g)];
    expect(cited.length).toBeGreaterThan(50);
    const missing = cited.flatMap(([, file, name]) => {
      const at = path.join('__tests__', file!);
      if (!fs.existsSync(at)) return [`${file}: no such test file`];
      const titles = [
        ...fs
          .readFileSync(at, 'utf8')
          .matchAll(/\b(?:describe|it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs),
      ].map((m) => m[2]!.replace(/\\(.)/g, '$1'));
      const heads = titles.filter((t) => name!.startsWith(`${t} `));
      const found = (piece: string) =>
        titles.some((t) => t.includes(piece)) ||
        heads.some(
          (h) =>
            piece.startsWith(`${h} `) && titles.some((t) => t.includes(piece.slice(h.length + 1))),
        );
      return name!
        .replace(/\\\|/g, '|')
        .split('…')
        .map((p) => p.trim())
        .filter((p) => p && !found(p))
        .map((p) => `${file} › ${p}`);
    });
    expect(missing).toEqual([]);
  });
});
