import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import draft04 from 'ajv-draft-04';
import formats from 'ajv-formats';

/**
 * Checks a SARIF log the way code scanning would take it.
 *
 * 1. The OASIS SARIF 2.1.0 JSON Schema (draft-04), `sarif-schema-2.1.0.json` beside this file:
 *    oasis-tcs/sarif-spec, sarif-2.1/schema/sarif-schema-2.1.0.json at commit
 *    a560296ca8c921f3bdb8d4a8db57ab83dae968a7 (the 2.1.0 errata01 schema GitHub's docs link to).
 * 2. GitHub's upload rules ("SARIF support for code scanning" and its limits page): at most 20 runs,
 *    25,000 results and 25,000 rules per run, 1,000 locations per result, 20 tags per rule; a
 *    `ruleId` and `message.text` on every result; locations relative to the repository (no scheme,
 *    no leading `/`, no `..`) with `startLine` ≥ 1; and what GitHub's SARIF ruleset asks of rule and
 *    tool metadata (rule `shortDescription`, `fullDescription`, `help`, `helpUri`; driver `name`,
 *    `version`, `informationUri`).
 * 3. Ours: `partialFingerprints` differ between results (equal ones merge into one alert), and no
 *    `automationDetails` (upload-sarif's `category` only applies to a run without one).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = JSON.parse(
  fs.readFileSync(path.join(here, 'sarif-schema-2.1.0.json'), 'utf8'),
) as Record<string, unknown>;

// CommonJS modules: their classes are on `.default` under Node's ESM interop.
const ajv = new draft04.default({ allErrors: true, strict: false });
formats.default(ajv);
const validateSchema = ajv.compile(schema);

interface Loc {
  physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number } };
}
interface SarifLog {
  version?: string;
  runs?: {
    automationDetails?: unknown;
    tool?: {
      driver?: {
        name?: string;
        version?: string;
        informationUri?: string;
        rules?: {
          id?: string;
          shortDescription?: { text?: string };
          fullDescription?: { text?: string };
          help?: { text?: string };
          helpUri?: string;
          properties?: { tags?: unknown[] };
        }[];
      };
    };
    results?: {
      ruleId?: string;
      message?: { text?: string };
      locations?: Loc[];
      relatedLocations?: Loc[];
      partialFingerprints?: Record<string, string>;
    }[];
  }[];
}

function locationProblems(where: string, loc: Loc): string[] {
  const uri = loc.physicalLocation?.artifactLocation?.uri;
  const line = loc.physicalLocation?.region?.startLine;
  const out: string[] = [];
  if (typeof uri !== 'string' || uri === '') out.push(`${where}: no artifactLocation.uri`);
  else if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') || uri.split('/').includes('..'))
    out.push(`${where}: uri "${uri}" is not relative to the repository`);
  if (typeof line !== 'number' || line < 1) out.push(`${where}: startLine must be ≥ 1`);
  return out;
}

/** Every problem code scanning (or its SARIF ruleset) would raise; empty when the log is fine. */
export function sarifProblems(log: unknown): string[] {
  const problems: string[] = [];
  if (!validateSchema(log))
    for (const e of validateSchema.errors ?? [])
      problems.push(`schema: ${e.instancePath || '/'} ${e.message ?? ''}`);
  const l = log as SarifLog;
  if (l.version !== '2.1.0') problems.push('version must be 2.1.0');
  const runs = l.runs ?? [];
  if (runs.length > 20) problems.push(`${runs.length} runs, more than 20`);
  for (const [r, run] of runs.entries()) {
    const d = run.tool?.driver;
    if (!d?.name) problems.push(`runs[${r}]: tool.driver.name missing`);
    if (!d?.version) problems.push(`runs[${r}]: tool.driver.version missing`);
    if (!d?.informationUri) problems.push(`runs[${r}]: tool.driver.informationUri missing`);
    if (run.automationDetails !== undefined)
      problems.push(`runs[${r}]: automationDetails set, so upload-sarif's category is ignored`);
    const rules = d?.rules ?? [];
    if (rules.length > 25_000) problems.push(`runs[${r}]: more than 25,000 rules`);
    for (const rule of rules) {
      for (const k of ['shortDescription', 'fullDescription', 'help'] as const)
        if (!rule[k]?.text) problems.push(`rule ${rule.id}: ${k}.text missing`);
      if (!rule.helpUri) problems.push(`rule ${rule.id}: helpUri missing`);
      if ((rule.properties?.tags ?? []).length > 20) problems.push(`rule ${rule.id}: > 20 tags`);
    }
    const results = run.results ?? [];
    if (results.length > 25_000) problems.push(`runs[${r}]: more than 25,000 results`);
    const prints = new Map<string, number>();
    for (const [i, res] of results.entries()) {
      const where = `runs[${r}].results[${i}]`;
      if (!res.ruleId) problems.push(`${where}: ruleId missing`);
      if (!res.message?.text) problems.push(`${where}: message.text missing`);
      const locs = [...(res.locations ?? []), ...(res.relatedLocations ?? [])];
      if ((res.locations ?? []).length === 0) problems.push(`${where}: no location`);
      if (locs.length > 1000) problems.push(`${where}: more than 1,000 locations`);
      for (const [j, loc] of locs.entries())
        problems.push(...locationProblems(`${where}[${j}]`, loc));
      const fp = JSON.stringify(res.partialFingerprints ?? {});
      if (fp === '{}') problems.push(`${where}: no partialFingerprints`);
      else if (prints.has(fp))
        problems.push(`${where}: same partialFingerprints as results[${prints.get(fp)}]`);
      else prints.set(fp, i);
    }
  }
  return problems;
}
