import { z } from 'zod';
import { allCodes, packs } from './packs/registry.js';
import { codePointCompare } from './io/text.js';
import { schemas } from './schemas.js';

/** The JSON Schema files generated from the zod schemas, keyed by file name. */
export function schemaFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas())) {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
    });
    out[`${name}.schema.json`] =
      JSON.stringify(
        { $id: `https://audit-gate.dev/schemas/${name}.schema.json`, title: name, ...json },
        null,
        2,
      ) + '\n';
  }
  return out;
}

/** The pages packs generate (Pack.docs), keyed by file name under docs/. */
export function packDocs(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of packs())
    for (const [name, render] of Object.entries(p.docs ?? {})) out[`${name}.md`] = render();
  return out;
}

/** docs/codes.md: the registry of validation codes, generated so it cannot drift. */
export function codesMarkdown(): string {
  const rows = allCodes()
    .slice()
    .sort((a, b) => codePointCompare(a.code, b.code))
    .map(
      (c) =>
        `| \`${c.code}\` | ${c.severity} | ${c.title} | ${c.remediation} | ${c.invariant_id ?? ''} |`,
    );
  return [
    '# Validation codes',
    '',
    'Generated from the code registry by `npm run docs`; do not edit by hand. Codes are stable public API.',
    'Severity is the default; in draft assurance, paper findings are reported as warnings and do not block.',
    '',
    '| code | severity | what it means | what to do | producer invariant |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
