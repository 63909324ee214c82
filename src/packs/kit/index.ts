/**
 * What every pack shares: the capped findings collector, safe listing and reading inside a target,
 * located JSON and JSONL reading, schema issue → message, canonical JSON, a target's findings for its outputs, and the rule shape.
 * The kit names no pack; packs import it, never each other.
 */
export {
  Findings,
  MAX_PER_CODE,
  type FindingsOptions,
  type Lazy,
  type Report,
} from './findings.js';
export {
  inDir,
  isPlainRelative,
  inGitDir,
  listTarget,
  readable,
  usable,
  type EntryKind,
  type TargetEntry,
} from './files.js';
export { parseJsonBytes, parseJsonText, type JsonDoc, type LocatedJson } from '../../io/json.js';
export {
  MAX_LINE_BYTES,
  streamLines,
  streamText,
  type Line,
  type StreamOutcome,
  type StreamSummary,
  type TextOutcome,
} from './jsonl.js';
export {
  firstIssue,
  type IssueOptions,
  type IssueText,
  type SchemaIssue,
} from '../../render/schema-issue.js';
export { canonicalJson } from './canonical.js';
export { codePointCompare, groupDigits, hasText } from '../../io/text.js';
export { findingsByTarget } from './outputs.js';
export { runRules, type Rule, type RuleMeta } from './rule.js';
