import { cap, plain, plainSchemaMessage, schemaIssueText, valueExcerpt } from './sanitize.js';

/** The part of a zod issue a finding message needs. */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

export interface IssueText {
  /** The issue's path inside the validated value, for `JsonDoc.lineOf`. */
  path: (string | number)[];
  /** Where, for a message: "audits.0.artifact", or "the top level". */
  where: string;
  /** Why, for a message: the schema's message. */
  why: string;
}

export interface IssueOptions {
  /** Segments put before the issue's path in `where` (the value sat inside e.g. `event`). */
  prefix?: readonly (string | number)[];
  /**
   * `excerpt` (default) shows every key taken from the file as a short escaped excerpt and names
   * unrecognised keys briefly; `verbatim` joins the path and keeps the schema's message (both escaped).
   */
  style?: 'excerpt' | 'verbatim';
}

/** The most characters of a schema's own message a `verbatim` issue keeps. */
const VERBATIM_MESSAGE_MAX = 300;

/**
 * The first issue of a failed schema (zod) parse, as where and why for a finding message: the one
 * way every pack turns a schema violation into a located finding.
 */
export function firstIssue(
  error: { issues: readonly SchemaIssue[] },
  options: IssueOptions = {},
): IssueText {
  const issue = error.issues[0]!;
  const path = issue.path.filter((x): x is string | number => typeof x !== 'symbol');
  const prefix = options.prefix ?? [];
  // Keys come from the file: each is shown as an escaped excerpt, and the message escaped and
  // capped, since a schema's message may repeat a key.
  if (options.style === 'verbatim')
    return {
      path,
      where:
        [...prefix, ...path]
          .map((x) => (typeof x === 'number' ? String(x) : valueExcerpt(x)))
          .join('.') || 'the top level',
      why: plain(cap(plainSchemaMessage(issue.message), VERBATIM_MESSAGE_MAX)),
    };
  const { where, why } = schemaIssueText({ ...issue, path: [...prefix, ...path] });
  return { path, where, why };
}
