import type { CodeDef, Finding, Location } from '../../model/finding.js';
import { NOT_READY_BECAUSE, type Subject, type Target } from '../../model/subject.js';
import { Findings, type Lazy } from '../kit/index.js';
import type { PackContext, PackResult } from '../pack.js';
import { readBundle, type Bundle, type BundleRecord } from './bundle.js';
import { ADDENDA_B } from './codes.js';
import { BUILD_READY_CODES } from './build-ready-codes.js';
import { notChecked, type NotChecked } from './not-checked.js';
import { idFieldOf } from './records.js';
import { codeDef, type Rule } from './rules/rule.js';
import { RULES } from './rules/index.js';

/** What the report carries beyond the findings (PackResult.extension). */
export interface AddendaBExtension {
  kind: 'addenda-b-bundle';
  task_id: string | null;
  run_id: string | null;
  records: number;
  rules_run: number;
  /** Ids of the receipts in the bundle (a fixture's expected_receipt_refs are checked against them). */
  receipt_refs: string[];
  /** Codes this build cannot decide: listed, never counted as passing. */
  not_checked: NotChecked[];
}

/** Every code the pack can emit: its own, then one per rule. */
export const ADDENDA_B_CODES: readonly CodeDef[] = [
  ...Object.values(ADDENDA_B),
  // A code the suite gate shares with a bundle rule (build_ready_gate_failed) is one definition.
  ...RULES.filter((r) => !r.meta.code.startsWith('addenda_b.')).map(
    (r) => BUILD_READY_CODES.find((c) => c.code === r.meta.code) ?? codeDef(r.meta),
  ),
];

const CODE_DEFS = new Map(ADDENDA_B_CODES.map((c) => [c.code, c]));

/** Where a rule's violations go: its code, where, and the message (worded only if kept). */
type Sink = (def: CodeDef, at: Location, message: Lazy<string>) => void;

/** Runs every rule over a read bundle; a rule that throws fails the target (an internal error). */
function runRules(bundle: Bundle, rules: readonly Rule[], sink: Sink): void {
  for (const rule of rules) {
    const def = CODE_DEFS.get(rule.meta.code) ?? codeDef(rule.meta);
    const report = (at: BundleRecord | Location, message: Lazy<string>) =>
      sink(def, 'data' in at ? at.at : at, message);
    try {
      rule.check(bundle, report);
    } catch (err) {
      throw new Error(`rule ${rule.meta.code} failed: ${(err as Error).message}`, { cause: err });
    }
  }
}

/** Every violation the rules find, uncapped and worded (for tests of single rules). */
export function checkBundle(
  bundle: Bundle,
  rules: readonly Rule[] = RULES,
): Array<{ code: string; message: string; at: Location }> {
  const out: Array<{ code: string; message: string; at: Location }> = [];
  runRules(bundle, rules, (def, at, message) =>
    out.push({ code: def.code, at, message: typeof message === 'string' ? message : message() }),
  );
  return out;
}

/**
 * The reader's issues and the rules' violations, straight into the capped collector: a hostile
 * bundle can make a rule report millions of findings, and only those kept are worded.
 */
export function collectFindings(
  id: string,
  bundle: Bundle,
  issues: ReadonlyArray<{ code: CodeDef; message: string; at: Location }>,
  rules: readonly Rule[] = RULES,
): Finding[] {
  const collected = new Findings(id, { scope: 'in this bundle' });
  for (const i of issues) collected.add(i.code, i.message, i.at);
  runRules(bundle, rules, (def, at, message) => collected.add(def, message, at));
  return collected.finish();
}

/** The own ids of the bundle's receipts (record types named *Receipt). */
function receiptIds(bundle: Bundle): string[] {
  const out: string[] = [];
  for (const r of bundle.group('receipts')) {
    const id = r.data[idFieldOf(r.type) ?? 'receipt_id'];
    if (typeof id === 'string') out.push(id);
  }
  return out;
}

/** Verifies one Addenda B bundle directory: one subject, fail closed. */
export async function verifyBundle(dir: string, ctx: PackContext): Promise<PackResult> {
  const ws = ctx.workspace;
  const rel = ws.rel(dir);
  const id = `addenda-b:${rel}`;
  const { bundle, issues } = readBundle(ws, dir);
  const findings = collectFindings(id, bundle, issues);
  const skipped = notChecked();
  const unreadable = issues.find((i) => i.code === ADDENDA_B.bundleUnreadable);
  const target: Target = {
    id,
    pack: 'addenda-b',
    kind: 'bundle',
    path: rel,
    enforcement: 'blocking',
    terminal_state: unreadable ? 'unreadable' : findings.length ? 'failed' : 'passed',
    // Codes this build cannot decide are never counted as passing: a clean bundle stays provisional.
    ready: findings.length === 0 && skipped.length === 0,
    context: unreadable
      ? { [NOT_READY_BECAUSE]: unreadable.message.replace(/\.$/, '') }
      : skipped.length > 0
        ? {
            [NOT_READY_BECAUSE]: `${skipped.length} DOC23 Addenda B codes are not checked by this build (docs/addenda-b.md)`,
          }
        : {},
  };
  const subject: Subject = {
    id,
    target: id,
    pack: 'addenda-b',
    kind: 'bundle',
    name: bundle.meta?.run_id ?? rel,
    path: rel,
    status: unreadable ? 'UNREADABLE' : findings.length ? 'VIOLATIONS' : 'OK',
    reason: `${bundle.records.length} records, ${RULES.length} rules; ${skipped.length} codes not checked`,
    outcome: 'pass',
  };
  const extension: AddendaBExtension = {
    kind: 'addenda-b-bundle',
    task_id: bundle.meta?.task_id ?? null,
    run_id: bundle.meta?.run_id ?? null,
    records: bundle.records.length,
    rules_run: RULES.length,
    receipt_refs: receiptIds(bundle),
    not_checked: skipped,
  };
  return { target, subjects: [subject], findings, extension };
}
