import type { Annotation } from './annotations.js';

/**
 * GitHub shows at most 10 error and 10 warning annotations per step (notices likewise) and 50
 * per job from workflow commands (`::error file=…::`); the rest are dropped without a word. The
 * fallback (used when the token cannot create a check run, e.g. on a fork pull request) therefore
 * emits the most severe first, up to those caps, and then says how many it left out.
 */
export const PER_STEP = { failure: 10, warning: 10, notice: 10 } as const;
export const PER_JOB = 50;

export interface CommandProps {
  title: string;
  file: string;
  startLine: number;
  endLine: number;
  startColumn?: number;
  endColumn?: number;
}

export interface CommandSink {
  error(message: string, props: CommandProps): void;
  warning(message: string, props: CommandProps): void;
  notice(message: string, props: CommandProps): void;
  info(message: string): void;
}

/**
 * Emits annotations as workflow commands within GitHub's caps; returns how many were emitted.
 * `reserved` counts the slots the caller uses itself (the step's own ::error:: when it fails, a
 * warning already printed): GitHub drops whatever comes past the cap, and that must not be the
 * line with the verdict.
 */
export function emitWorkflowAnnotations(
  annotations: Annotation[],
  sink: CommandSink,
  reserved: Partial<Record<Annotation['annotation_level'], number>> = {},
): { emitted: number; omitted: number } {
  const used = { failure: 0, warning: 0, notice: 0, ...reserved };
  let emitted = 0;
  const rank = { failure: 0, warning: 1, notice: 2 } as const;
  const sorted = [...annotations].sort(
    (a, b) => rank[a.annotation_level] - rank[b.annotation_level],
  );
  for (const a of sorted) {
    const level = a.annotation_level;
    if (used[level] >= PER_STEP[level] || emitted >= PER_JOB) continue;
    const props: CommandProps = {
      title: a.title,
      file: a.path,
      startLine: a.start_line,
      endLine: a.end_line,
    };
    if (a.start_column !== undefined) props.startColumn = a.start_column;
    if (a.end_column !== undefined) props.endColumn = a.end_column;
    if (level === 'failure') sink.error(a.message, props);
    else if (level === 'warning') sink.warning(a.message, props);
    else sink.notice(a.message, props);
    used[level]++;
    emitted++;
  }
  const omitted = annotations.length - emitted;
  if (omitted > 0) {
    sink.info(
      `${omitted} more annotation${omitted === 1 ? '' : 's'} not shown (GitHub shows at most 10 errors and 10 warnings per step); ` +
        'every finding is in the job summary and the JSON report.',
    );
  }
  return { emitted, omitted };
}
