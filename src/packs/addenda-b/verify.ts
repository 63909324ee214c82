import type { CodeDef, Location } from '../../model/finding.js';
import { NOT_READY_BECAUSE, type Subject, type Target } from '../../model/subject.js';
import { Findings } from '../kit/index.js';
import type { PackContext, PackResult } from '../pack.js';
import { readBundle, type Bundle, type BundleRecord } from './bundle.js';
import { ADDENDA_B } from './codes.js';
import { BUILD_READY_CODES } from './build-ready.js';
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

/** Runs every rule over a read bundle; a rule that throws fails the target (an internal error). */
export function checkBundle(
  bundle: Bundle,
  rules: readonly Rule[] = RULES,
): Array<{ code: string; message: string; at: Location }> {
  const out: Array<{ code: string; message: string; at: Location }> = [];
  for (const rule of rules) {
    const report = (at: BundleRecord | Location, message: string) =>
      out.push({ code: rule.meta.code, message, at: 'data' in at ? at.at : at });
    try {
      rule.check(bundle, report);
    } catch (err) {
      throw new Error(`rule ${rule.meta.code} failed: ${(err as Error).message}`, { cause: err });
    }
  }
  return out;
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
  const raw = [
    ...issues.map((i) => ({ code: i.code.code, message: i.message, at: i.at })),
    ...checkBundle(bundle),
  ];
  const collected = new Findings(id, { scope: 'in this bundle' });
  for (const r of raw) collected.add(CODE_DEFS.get(r.code)!, r.message, r.at);
  const findings = collected.finish();
  const skipped = notChecked();
  const unreadable = issues.some((i) => i.code === ADDENDA_B.bundleUnreadable);
  const target: Target = {
    id,
    pack: 'addenda-b',
    kind: 'run',
    path: rel,
    enforcement: 'blocking',
    terminal_state: unreadable ? 'unreadable' : findings.length ? 'failed' : 'passed',
    // Codes this build cannot decide are never counted as passing: a clean bundle stays provisional.
    ready: findings.length === 0 && skipped.length === 0,
    context:
      skipped.length > 0
        ? {
            [NOT_READY_BECAUSE]: `${skipped.length} DOC23 Addenda B codes are not checked by this build (docs/addenda-b.md)`,
          }
        : {},
  };
  const subject: Subject = {
    id,
    target: id,
    pack: 'addenda-b',
    kind: 'run',
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
