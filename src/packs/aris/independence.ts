import { valueExcerpt } from '../../render/sanitize.js';

const FAMILIES: readonly [string, readonly string[]][] = [
  ['anthropic', ['claude', 'opus', 'sonnet', 'haiku']],
  ['openai', ['gpt', 'codex', 'oracle', 'chatgpt', 'o1', 'o3', 'o4']],
  ['google', ['gemini', 'palm', 'bard']],
  ['deepseek', ['deepseek']],
  ['minimax', ['minimax', 'abab']],
  ['moonshot', ['kimi', 'moonshot']],
  ['qwen', ['qwen', 'tongyi']],
  ['xai', ['grok']],
  ['meta', ['llama']],
  ['mistral', ['mistral', 'mixtral']],
];
const WHOLE_TOKEN = new Set(['o1', 'o3', 'o4']);

/** The model family a model name belongs to, as the legacy verifier recognises it. */
export function modelFamily(name: unknown): string {
  const n = (typeof name === 'string' ? name : '').trim().toLowerCase();
  if (n === 'deterministic' || n.startsWith('deterministic:')) return 'deterministic';
  const tokens = new Set(n.split(/[^a-z0-9.]+/));
  const found = new Set<string>();
  for (const [family, needles] of FAMILIES) {
    if (
      needles.some((needle) => (WHOLE_TOKEN.has(needle) ? tokens.has(needle) : n.includes(needle)))
    ) {
      found.add(family);
    }
  }
  return found.size === 1 ? [...found][0]! : 'unknown';
}

/** Python's str() of a JSON value, so issue strings match the legacy verifier's exactly. */
export function pyStr(v: unknown): string {
  if (v === undefined || v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** Python's truthiness, which the legacy "field missing or empty" test relies on. */
export function pyTruthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (v !== null && typeof v === 'object') return Object.keys(v).length > 0;
  return Boolean(v);
}

export type IndependenceIssue =
  | { kind: 'missing_field'; field: string }
  | { kind: 'invalid_review_independence'; value: string }
  | { kind: 'unrecognized_model_family'; executor: string; reviewer: string }
  | {
      kind: 'executor_family_mismatch' | 'reviewer_family_mismatch';
      /** Python's str() of the declared value ("None" when absent), for the legacy issue string. */
      got: string;
      want: string;
      /** The field is absent or null. */
      absent: boolean;
    }
  | {
      kind:
        | 'same_family_independence_mismatch'
        | 'cross_family_independence_mismatch'
        | 'deterministic_independence_mismatch';
      /** The families the model names give, for the message. */
      executor: string;
      reviewer: string;
    }
  | { kind: 'acceptance_status_mismatch'; got: string; want: string };

export interface IndependenceResult {
  /** What the report shows: the declared value, or legacy-unspecified. */
  label: string;
  issues: IndependenceIssue[];
}

/**
 * Review independence (report v2): artifacts that declare any of the five fields must declare
 * all of them, and the declared families and acceptance must follow from the model names.
 */
export function checkIndependence(data: Record<string, unknown>): IndependenceResult {
  const fields = [
    'review_independence',
    'acceptance_status',
    'executor_model',
    'executor_family',
    'reviewer_family',
  ];
  if (!fields.some((k) => Object.hasOwn(data, k)))
    return { label: 'legacy-unspecified', issues: [] };
  const issues: IndependenceIssue[] = [];
  for (const k of fields) if (!pyTruthy(data[k])) issues.push({ kind: 'missing_field', field: k });
  const independence = Object.hasOwn(data, 'review_independence')
    ? pyStr(data.review_independence)
    : '';
  if (!['same-family', 'cross-family', 'deterministic'].includes(independence)) {
    issues.push({ kind: 'invalid_review_independence', value: independence });
  }
  const executor = modelFamily(data.executor_model);
  const reviewer = modelFamily(data.reviewer_model);
  if (reviewer === 'unknown' || (independence !== 'deterministic' && executor === 'unknown')) {
    issues.push({ kind: 'unrecognized_model_family', executor, reviewer });
  }
  if (data.executor_family !== executor) {
    issues.push({
      kind: 'executor_family_mismatch',
      got: pyStr(data.executor_family),
      want: executor,
      absent: data.executor_family === undefined || data.executor_family === null,
    });
  }
  if (data.reviewer_family !== reviewer) {
    issues.push({
      kind: 'reviewer_family_mismatch',
      got: pyStr(data.reviewer_family),
      want: reviewer,
      absent: data.reviewer_family === undefined || data.reviewer_family === null,
    });
  }
  let expected = 'accepted';
  if (independence === 'same-family') {
    expected = 'provisional';
    if (executor === 'deterministic' || reviewer === 'deterministic' || executor !== reviewer) {
      issues.push({ kind: 'same_family_independence_mismatch', executor, reviewer });
    }
  } else if (independence === 'cross-family') {
    if (reviewer === 'deterministic' || executor === reviewer)
      issues.push({ kind: 'cross_family_independence_mismatch', executor, reviewer });
  } else if (reviewer !== 'deterministic') {
    // The legacy verifier treats any other value (including an invalid one) as deterministic.
    issues.push({ kind: 'deterministic_independence_mismatch', executor, reviewer });
  }
  if (data.acceptance_status !== expected) {
    issues.push({
      kind: 'acceptance_status_mismatch',
      got: pyStr(data.acceptance_status),
      want: expected,
    });
  }
  return { label: independence, issues };
}

export function independenceIssueString(i: IndependenceIssue): string {
  switch (i.kind) {
    case 'missing_field':
      return `missing_field:${i.field}`;
    case 'invalid_review_independence':
      return `invalid_review_independence:${valueExcerpt(i.value)}`;
    case 'unrecognized_model_family':
      return `unrecognized_model_family:executor=${i.executor},reviewer=${i.reviewer}`;
    case 'executor_family_mismatch':
    case 'reviewer_family_mismatch':
    case 'acceptance_status_mismatch':
      return `${i.kind}:${valueExcerpt(i.got)}_vs_${i.want}`;
    default:
      return i.kind;
  }
}
