// The trace pack's fast paths against their reference: what each shortcut returns must be what the
// slow, obviously correct path returns, on adversarial inputs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hasher, sha256Hex } from '../src/io/hashing.js';
import { parseJsonText } from '../src/io/json.js';
import { Findings } from '../src/packs/kit/index.js';
import type { TraceCodeDef } from '../src/packs/trace/codes.js';
import type { RunCtx } from '../src/packs/trace/context.js';
import { readRunJson } from '../src/packs/trace/format/files.js';
import { contentId, documentMembers } from '../src/packs/trace/producer/ids.js';

const made: string[] = [];
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A run context whose listing holds one file, `name`, with `text`. */
function ctxWith(name: string, text: string): RunCtx {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-speed-'));
  made.push(dir);
  const real = path.join(dir, name);
  fs.writeFileSync(real, text);
  return {
    f: new Findings<TraceCodeDef>('trace:r', { scope: 'in this run' }),
    listing: new Map([[name, { rel: name, abs: real, kind: 'file', real }]]),
    hasher: new Hasher(1),
  } as unknown as RunCtx;
}

describe('readRunJson: canonical files skip the located parse, with the same outcome', () => {
  const texts: Record<string, string> = {
    canonical: '{"a":1,"b":[true,null],"c":{"d":"e"}}\n',
    'Python-only floats (proved by the exact scanner)':
      '{"budget":2.5e+16,"tolerance":1e-07,"weight":1.0,"x":-0.5}\n',
    'a float only JavaScript writes': '{"tolerance":0.0000001}\n',
    'no final newline': '{"a":1}',
    'two final newlines': '{"a":1}\n\n',
    'CRLF ending': '{"a":1}\r\n',
    pretty: '{\n  "a": 1,\n  "b": 2\n}\n',
    'unsorted keys': '{"b":1,"a":2}\n',
    'a repeated key': '{"a":1,"a":2}\n',
    'a repeated key, pretty': '{\n  "a": 1,\n  "a": 2\n}\n',
    'a __proto__ key': '{"__proto__":{"x":1},"a":1}\n',
    'escapes Python would not write': '{"a":"\\u00e9\\/"}\n',
    'control characters, escaped as Python does': '{"a":"\\u001f\\n\\t"}\n',
    '-0': '{"a":-0}\n',
    'a BOM': '\ufeff{"a":1}\n',
    'deep nesting': `{"a":${'['.repeat(600)}${']'.repeat(600)}}\n`,
    'not JSON': '{"a":}\n',
    'NaN literal': '{"a":NaN}\n',
    'an array at the top': '[1,2]\n',
    'trailing text': '{"a":1} x\n',
  };
  for (const [what, text] of Object.entries(texts)) {
    it(what, () => {
      const got = readRunJson(ctxWith('spec.json', text), 'spec.json');
      const ref = parseJsonText(text, true);
      expect(got.state).toBe(ref.state);
      if (got.state !== 'ok' || ref.state !== 'ok') {
        expect(got).toEqual(ref);
        return;
      }
      expect(got.value).toEqual(ref.value);
      expect(Object.getOwnPropertyNames(got.value)).toEqual(Object.getOwnPropertyNames(ref.value));
      expect(got.text).toBe(ref.text);
      // The member spans the shortcut hands on give the raw text the canonicalizing path gives.
      expect(documentMembers(got.text, got.members)).toEqual(documentMembers(text, undefined));
      for (const key of Object.keys(ref.value as object))
        expect(got.doc.lineOf([key])).toBe(ref.doc.lineOf([key]));
    });
  }
});

describe('content ids and result hashes: the same bytes as the reference construction', () => {
  const reference = (kind: string, raw: Record<string, string>) => {
    const keys = Object.keys(raw).sort();
    const payload = `{${keys.map((k) => `${JSON.stringify(k)}:${raw[k]}`).join(',')}}`;
    return `${kind}_v1_${createHash('sha256').update(payload).digest('hex')}`;
  };
  const fields: Record<string, string>[] = [
    { chunk_id: '"a"', sha256: '"b"', span: '[0,1]', uri: '"u"' },
    { uri: '"u"', span: '[0,1]', sha256: '"b"', chunk_id: '"a"' },
    { b: '1', a: '2', '10': '3', '9': '4', é: '5', '\ud83d\ude00': '6', 'q"': '7' },
    {},
    { only: 'null' },
  ];
  for (const raw of fields)
    it(`fields ${Object.keys(raw).join(', ') || '(none)'}`, () =>
      expect(contentId('x', raw)).toBe(reference('x', raw)));

  it('a statement and its citations hash as one UTF-8 string, lone surrogates included', () => {
    for (const statement of ['plain', 'é and 😀', 'ends lone \ud83d', '\ude00 starts lone', ''])
      for (const cites of ['', 'ev:0-1:ab', '\ude00'])
        expect(sha256Hex(`${statement}|${cites}`)).toBe(
          createHash('sha256')
            .update(Buffer.concat([Buffer.from(statement), Buffer.from(`|${cites}`)]))
            .digest('hex'),
        );
  });
});
