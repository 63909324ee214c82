import { TRACE, type TraceCodeDef } from '../codes.js';
import { q, type RunCtx } from '../context.js';
import type { RuleMeta } from '../../kit/index.js';
import type { EventVisitor } from './event-visitor.js';

interface CallInfo {
  line: number;
  stepId: string;
  tool: string;
  results: number;
}

/** Tool linkage: each call has exactly one result in the same step, no result is orphaned, no tool is unknown. */
export class ToolChecks implements EventVisitor {
  static readonly meta: RuleMeta<TraceCodeDef> = {
    name: 'tools',
    description:
      'Each tool call names a known tool and has exactly one result in its own step; no result is orphaned.',
    codes: [
      TRACE.toolStepMismatch,
      TRACE.toolCallDuplicate,
      TRACE.toolResultDuplicate,
      TRACE.toolResultMissing,
      TRACE.toolResultOrphan,
      TRACE.toolUnknown,
    ],
  };
  readonly on: EventVisitor['on'] = {
    tool_called: (ev, l) => this.called(ev.step_id, ev.call, l.no),
    tool_returned: (ev, l) => this.returned(ev.step_id, ev.result, l.no),
  };

  private readonly calls = new Map<string, CallInfo>();
  /** The descriptor's tools as a message names them, built once per run. */
  private listed?: string;
  /** Call ids that have a result (what a tool_call support may cite, as in the producer). */
  readonly answered = new Set<string>();
  /** Call ids with a result that reports failure (`success: false`), and that result's line. */
  readonly failed = new Map<string, { line: number; why: string }>();

  constructor(private readonly ctx: RunCtx) {}

  get count(): number {
    return this.calls.size;
  }

  called(
    eventStep: string,
    call: { id: string; tool_name: string; step_id: string },
    line: number,
  ): void {
    const f = this.ctx.f;
    if (call.step_id !== eventStep) {
      f.add(
        TRACE.toolStepMismatch,
        `Tool call ${q(call.id)} on line ${line} says it belongs to step ${q(call.step_id)} but is recorded in step ${q(eventStep)}.`,
        this.ctx.at(line),
      );
    }
    const prev = this.calls.get(call.id);
    if (prev) {
      f.add(
        TRACE.toolCallDuplicate,
        `Tool call id ${q(call.id)} on line ${line} was already used on line ${prev.line}.`,
        this.ctx.at(line),
      );
      return;
    }
    this.calls.set(call.id, { line, stepId: eventStep, tool: call.tool_name, results: 0 });
    const tools = this.ctx.tools;
    if (tools === undefined) return;
    if (tools === 'none') {
      f.add(
        TRACE.toolUnknown,
        `Tool call ${q(call.id)} on line ${line} uses tool ${q(call.tool_name)}, but run_meta.json has no runtime_descriptor listing the run’s tools.`,
        this.ctx.at(line),
        [{ path: this.ctx.rel('run_meta.json'), line: 1 }],
      );
    } else if (!tools.has(call.tool_name)) {
      f.add(
        TRACE.toolUnknown,
        `Tool call ${q(call.id)} on line ${line} uses tool ${q(call.tool_name)}, which the run’s runtime descriptor does not list (${(this.listed ??= listTools(tools))}).`,
        this.ctx.at(line),
        [{ path: this.ctx.rel('run_meta.json'), line: 1 }],
      );
    }
  }

  returned(
    eventStep: string,
    result: { call_id: string; success: boolean; error?: string | null },
    line: number,
  ): void {
    const f = this.ctx.f;
    const call = this.calls.get(result.call_id);
    if (!call) {
      f.add(
        TRACE.toolResultOrphan,
        `The tool result on line ${line} answers call ${q(result.call_id)}, which no earlier tool_called event made.`,
        this.ctx.at(line),
      );
      return;
    }
    call.results++;
    this.answered.add(result.call_id);
    // A result that records an error failed, whatever its success flag says.
    const why = !result.success
      ? 'success: false'
      : result.error !== undefined && result.error !== null
        ? 'an error recorded, though success: true'
        : undefined;
    if (why !== undefined && !this.failed.has(result.call_id))
      this.failed.set(result.call_id, { line, why });
    if (call.results > 1) {
      f.add(
        TRACE.toolResultDuplicate,
        `Tool call ${q(result.call_id)} (line ${call.line}) gets another result on line ${line}; a call has exactly one result.`,
        this.ctx.at(line),
        [this.ctx.at(call.line)],
      );
      return;
    }
    if (eventStep !== call.stepId) {
      f.add(
        TRACE.toolStepMismatch,
        `The result on line ${line} is recorded in step ${q(eventStep)} but its call ${q(result.call_id)} (line ${call.line}) was made in step ${q(call.stepId)}.`,
        this.ctx.at(line),
        [this.ctx.at(call.line)],
      );
    }
  }

  finish(): void {
    for (const [id, call] of this.calls) {
      if (call.results === 0) {
        this.ctx.f.add(
          TRACE.toolResultMissing,
          `Tool call ${q(id)} (${q(call.tool)}, step ${q(call.stepId)}) on line ${call.line} never gets a result.`,
          this.ctx.at(call.line),
        );
      }
    }
  }
}

/** The first few tool names of a descriptor, for a message (a descriptor may list thousands). */
function listTools(tools: ReadonlySet<string>): string {
  const names = [...tools].slice(0, 5).map((t) => q(t));
  if (names.length === 0) return 'no tools';
  return `${names.join(', ')}${tools.size > 5 ? ` and ${tools.size - 5} more` : ''}`;
}
