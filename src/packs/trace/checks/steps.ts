import type { Answered } from './claims.js';
import { TRACE, type TraceCodeDef } from '../codes.js';
import type { RuleMeta } from '../../kit/index.js';
import type { EventVisitor } from './event-visitor.js';
import { q, qid, type RunCtx } from '../context.js';
import { REQUIRED_OUTPUTS, type StepOutput } from '../format/schema.js';

/** Steps: every started step finishes, none is unknown or repeated, the required outputs exist. */
export class StepChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'steps',
    description:
      'Every started step finishes once, no step is unknown to the plan or starts before its dependencies, the required outputs exist, and nothing follows the final answer.',
    codes: [
      TRACE.stepDuplicate,
      TRACE.stepUnknown,
      TRACE.stepUnfinished,
      TRACE.stepRequiredMissing,
      TRACE.stepBeforeDependency,
      TRACE.claimAfterStep,
    ],
  };
  readonly on: EventVisitor['on'] = {
    step_started: (ev, l) => this.started_(ev.step_id, l.no),
    step_finished: (ev, l) => this.finished_(ev.step_id, ev.output, l.no),
    tool_called: (ev, l) => this.ref(ev.step_id, l.no, 'tool call'),
    tool_returned: (ev, l) => this.ref(ev.step_id, l.no, 'tool result'),
    evidence_registered: (ev, l) => this.ref(ev.step_id, l.no, 'evidence registration'),
    claim_emitted: (ev, l) => {
      this.ref(ev.step_id, l.no, 'claim');
      this.claimEmitted(ev.step_id, ev.claim.id, l.no);
    },
  };

  private readonly started = new Map<string, number>();
  private readonly finished = new Map<string, number>();
  readonly outputs = new Set<string>();
  insufficientLine: number | undefined;
  /** Where the finalize output was written: no claim may follow it. */
  private finalizeLine: number | undefined;
  /** Whether a finalize output gives an answer (a non-blank final_answer, or final claim ids). */
  private presentsAnswer = false;
  /** The first finalize output that gives a final_answer but names no final claim. */
  answerWithoutClaims: number | undefined;
  /** Steps started while some of their dependencies had not finished. */
  private readonly early: { stepId: string; line: number; waiting: string[] }[] = [];
  /** Claim and evidence ids the step outputs name, resolved once the whole trace is read. */
  readonly outputRefs: OutputRef[] = [];
  /** Each finalize output that names claims: its first final claim and its final_answer. */
  readonly finalAnswers: { line: number; first: string; answer: unknown }[] = [];

  constructor(private readonly ctx: RunCtx) {}

  started_(stepId: string, line: number): void {
    const f = this.ctx.f;
    const first = this.started.get(stepId);
    if (first !== undefined) {
      f.add(
        TRACE.stepDuplicate,
        `Step ${q(stepId)} is started again on line ${line}; it was already started on line ${first}.`,
        this.ctx.at(line),
      );
      return;
    }
    this.started.set(stepId, line);
    // A node runs once everything it depends on has finished (the producer's topological order);
    // a dependency that never finishes is reported as unfinished or missing instead.
    const waiting = (this.ctx.planDeps?.get(stepId) ?? []).filter((d) => !this.finished.has(d));
    if (waiting.length > 0) this.early.push({ stepId, line, waiting });
    if (this.ctx.planNodes && !this.ctx.planNodes.has(stepId)) {
      f.add(
        TRACE.stepUnknown,
        `Step ${q(stepId)} is started on line ${line} but plan.json has no node with that id.`,
        this.ctx.at(line),
        [{ path: this.ctx.rel('plan.json'), line: 1 }],
      );
    }
  }

  finished_(stepId: string, output: StepOutput, line: number): void {
    const outputKind = output.kind;
    const f = this.ctx.f;
    if (!this.started.has(stepId)) {
      f.add(
        TRACE.stepUnknown,
        `Step ${q(stepId)} finishes on line ${line} without having been started.`,
        this.ctx.at(line),
      );
    }
    const first = this.finished.get(stepId);
    if (first !== undefined) {
      f.add(
        TRACE.stepDuplicate,
        `Step ${q(stepId)} finishes again on line ${line}; it already finished on line ${first}.`,
        this.ctx.at(line),
      );
      return;
    }
    this.finished.set(stepId, line);
    // A step's output is of its plan node's kind (a derive node may find evidence insufficient):
    // relabelled, a derive step's output could pass for the verify step's.
    const nodeKind = this.ctx.planKinds?.get(stepId);
    if (
      nodeKind !== undefined &&
      outputKind !== nodeKind &&
      !(nodeKind === 'derive' && outputKind === 'insufficient_evidence')
    ) {
      f.add(
        TRACE.stepRequiredMissing,
        `Step ${q(stepId)} is the plan's ${nodeKind} node, but its output on line ${line} is a ${outputKind} output: it counts as neither.`,
        this.ctx.at(line),
      );
      return;
    }
    this.outputs.add(outputKind);
    for (const [field, kind] of OUTPUT_ID_FIELDS) {
      const ids = (output as unknown as Partial<Record<string, string[]>>)[field];
      for (const id of ids ?? []) this.outputRefs.push({ kind, id, field, line });
    }
    if (outputKind === 'insufficient_evidence') this.insufficientLine ??= line;
    if (outputKind === 'finalize') {
      this.finalizeLine ??= line;
      const out = output as { final_answer?: unknown; final_claim_ids?: unknown };
      const text = typeof out.final_answer === 'string' && out.final_answer.trim() !== '';
      const claims = Array.isArray(out.final_claim_ids) && out.final_claim_ids.length > 0;
      if (text || claims) this.presentsAnswer = true;
      if (text && !claims) this.answerWithoutClaims ??= line;
      const first = claims ? (out.final_claim_ids as unknown[])[0] : undefined;
      if (typeof first === 'string')
        this.finalAnswers.push({ line, first, answer: out.final_answer });
    }
  }

  /**
   * What the run presents as its answer: the claim ids its verify step validates or its finalize
   * step names, and whether any finalize output gives an answer at all.
   */
  answered(): Answered {
    const ids = new Set(
      this.outputRefs
        .filter((r) => r.field === 'validated_claim_ids' || r.field === 'final_claim_ids')
        .map((r) => r.id),
    );
    return { ids, presents: this.presentsAnswer };
  }

  /**
   * A claim belongs to a step still running, and to a run not yet finalized. Stricter than the
   * producer's schema, which lets a claim's step_id be empty: no real run emits one outside a step.
   */
  claimEmitted(stepId: string, claimId: string, line: number): void {
    const done = this.finished.get(stepId);
    const nodeKind = this.ctx.planKinds?.get(stepId);
    const why =
      nodeKind !== undefined && nodeKind !== 'derive'
        ? `in step ${q(stepId)}, the plan's ${nodeKind} node (only the derive step emits claims)`
        : done !== undefined
          ? `in step ${q(stepId)}, which already finished on line ${done}`
          : this.finalizeLine !== undefined
            ? `after the run finalized its answer on line ${this.finalizeLine}`
            : stepId === ''
              ? 'outside any step (its step_id is empty)'
              : undefined;
    if (why)
      this.ctx.f.add(
        TRACE.claimAfterStep,
        `Claim ${qid(claimId)} is emitted on line ${line} ${why}: no step would have checked it.`,
        this.ctx.at(line),
      );
  }

  /** An event that belongs to a step (tool call, evidence, claim) must name a started step. */
  ref(stepId: string, line: number, what: string): void {
    if (stepId === '' || this.started.has(stepId)) return;
    this.ctx.f.add(
      TRACE.stepUnknown,
      `The ${what} on line ${line} belongs to step ${q(stepId)}, which has not been started.`,
      this.ctx.at(line),
    );
  }

  finish(lastLine: number): void {
    const f = this.ctx.f;
    for (const { stepId, line, waiting } of this.early) {
      const late = waiting.filter((d) => this.finished.has(d));
      if (late.length === 0) continue;
      f.add(
        TRACE.stepBeforeDependency,
        `Step ${q(stepId)} is started on line ${line} before its dependency ${late
          .slice(0, 3)
          .map((d) => `${q(d, 80)} finished (line ${this.finished.get(d)})`)
          .join(
            ', ',
          )}${late.length > 3 ? ` and ${late.length - 3} more` : ''}: the plan’s order was not followed.`,
        this.ctx.at(line),
        [{ path: this.ctx.rel('plan.json'), line: 1 }],
      );
    }
    for (const [stepId, line] of this.started) {
      if (!this.finished.has(stepId)) {
        f.add(
          TRACE.stepUnfinished,
          `Step ${q(stepId)} starts on line ${line} and never finishes: the run stopped part-way.`,
          this.ctx.at(line),
        );
      }
    }
    const seen = new Set(this.outputs);
    if (seen.has('insufficient_evidence')) seen.add('derive');
    const missing = REQUIRED_OUTPUTS.filter((k) => !seen.has(k));
    if (missing.length > 0) {
      const names = missing.map((k) => (k === 'derive' ? 'derive (or insufficient_evidence)' : k));
      f.add(
        TRACE.stepRequiredMissing,
        `The run has no finished ${names.join(', ')} step output (checked through line ${lastLine}).`,
        this.ctx.at(),
      );
    }
  }
}

export interface OutputRef {
  kind: 'claim' | 'evidence';
  id: string;
  field: string;
  line: number;
}

/** The id lists of the step outputs, and what each names. */
const OUTPUT_ID_FIELDS: readonly [string, OutputRef['kind']][] = [
  ['evidence_ids', 'evidence'],
  ['claim_ids', 'claim'],
  ['validated_claim_ids', 'claim'],
  ['rejected_claim_ids', 'claim'],
  ['missing_support_claim_ids', 'claim'],
  ['final_claim_ids', 'claim'],
];
