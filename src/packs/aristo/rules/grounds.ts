import { codePointCompare, groupDigits } from '../../kit/index.js';
import { ARISTO } from '../codes.js';
import { parseLineRange, RANGE_BUDGET_FACTOR, RANGE_BUDGET_SLACK, rustBlank } from '../hash.js';
import { grounds, type Rule } from './types.js';

/** SDK check 11 (first half): cited annotations exist, are load-bearing and not refuted. */
export const groundIdInvalid: Rule = {
  meta: {
    code: ARISTO.groundIdInvalid,
    description:
      'intent/assume grounds cite existing ids; intents neither verify=false nor refuted',
    needsBody: true,
  },
  check(ctx) {
    for (const { ground: g, loc, at } of grounds(ctx)) {
      if (g.kind !== 'intent' && g.kind !== 'assume') continue;
      const e = ctx.entries.get(g.id);
      if (!e) {
        ctx.report(
          this.meta.code,
          [...at, 'id'],
          loc,
          `cited id \`${g.id}\` not found in current index`,
        );
        continue;
      }
      if (g.kind !== 'intent') continue;
      if (e.verify === false)
        ctx.report(
          this.meta.code,
          [...at, 'id'],
          loc,
          `cited intent \`${g.id}\` is verify=false (documentation only); cannot ground a proof in a docs-only claim`,
        );
      if (e.status === 'counterexample')
        ctx.report(
          this.meta.code,
          [...at, 'id'],
          loc,
          `cited intent \`${g.id}\` has status=counterexample (refuted); cannot ground a proof in a refuted claim`,
        );
    }
  },
};

/** SDK check 11 (second half): a stamped at_text_hash still matches the cited annotation. */
export const groundStaleText: Rule = {
  meta: {
    code: ARISTO.groundStaleText,
    description: 'stamped at_text_hash equals the cited text_hash',
    needsBody: true,
  },
  check(ctx) {
    for (const { ground: g, loc, at } of grounds(ctx)) {
      if (g.kind !== 'intent' && g.kind !== 'assume') continue;
      const e = ctx.entries.get(g.id);
      if (e && g.at_text_hash !== undefined && g.at_text_hash !== e.text_hash)
        ctx.report(
          this.meta.code,
          [...at, 'at_text_hash'],
          loc,
          `at_text_hash for cited \`${g.id}\` differs from current; cited entry's text changed since verification — re-check whether the new wording still supports this step`,
        );
    }
  },
};

/** Stricter than the SDK: a code ground's file stays inside the repository. */
export const groundCodeOutsideRepo: Rule = {
  meta: {
    code: ARISTO.groundCodeOutsideRepo,
    description:
      'code grounds cite files inside the repository (no .., absolute path or symlink out)',
    needsBody: true,
  },
  check(ctx) {
    for (const { ground: g, loc, at } of grounds(ctx)) {
      if (g.kind !== 'code') continue;
      const file = ctx.code(g.file);
      if (file.state === 'outside')
        ctx.report(
          this.meta.code,
          [...at, 'file'],
          loc,
          `code file \`${g.file}\` ${file.detail}; audit-gate reads only files inside the repository (stricter than the SDK, which would read it)`,
        );
    }
  },
};

/** SDK check 12 (first half): the cited file and lines exist. */
export const groundCodeInvalid: Rule = {
  meta: {
    code: ARISTO.groundCodeInvalid,
    description: 'code grounds cite a readable file and a valid range inside it',
    needsBody: true,
  },
  check(ctx) {
    for (const { ground: g, loc, at } of grounds(ctx)) {
      if (g.kind !== 'code') continue;
      const file = ctx.code(g.file);
      if (file.state === 'outside') continue;
      if (file.state === 'unreadable') {
        ctx.report(
          this.meta.code,
          [...at, 'file'],
          loc,
          `code file \`${g.file}\` does not exist under workspace root`,
        );
        continue;
      }
      const range = parseLineRange(g.lines);
      if (!range) {
        ctx.report(
          this.meta.code,
          [...at, 'lines'],
          loc,
          `lines \`${g.lines}\` is not a valid range (expected \`N\` or \`N-M\` with N ≤ M)`,
        );
        continue;
      }
      if (range.hi > file.lines.length)
        ctx.report(
          this.meta.code,
          [...at, 'lines'],
          loc,
          `line range \`${g.lines}\` exceeds file length ${file.lines.length}`,
        );
    }
  },
};

/** SDK check 12 (second half): a stamped code_text_hash still matches the cited lines. */
export const groundStaleCode: Rule = {
  meta: {
    code: ARISTO.groundStaleCode,
    description:
      'stamped code_text_hash equals the cited lines’ hash; a range past the file’s hashing budget is aristo.ground_unchecked',
    needsBody: true,
  },
  check(ctx) {
    for (const { ground: g, loc, at } of grounds(ctx)) {
      if (g.kind !== 'code' || g.code_text_hash === undefined) continue;
      const file = ctx.code(g.file);
      const range = parseLineRange(g.lines);
      if (file.state !== 'ok' || !range || range.hi > file.lines.length) continue;
      const hash = file.rangeHash(range.lo, range.hi);
      if (hash === undefined)
        ctx.report(
          ARISTO.groundUnchecked,
          [...at, 'code_text_hash'],
          loc,
          `code_text_hash for \`${g.file}:${g.lines}\` was not re-hashed: the proofs of this workspace together cite more of \`${g.file}\` in distinct line ranges than audit-gate re-hashes (${RANGE_BUDGET_FACTOR} times the file and ${groupDigits(RANGE_BUDGET_SLACK)} characters)`,
        );
      else if (hash !== g.code_text_hash)
        ctx.report(
          this.meta.code,
          [...at, 'code_text_hash'],
          loc,
          `code_text_hash for \`${g.file}:${g.lines}\` differs from current file content; the cited code drifted since verification`,
        );
    }
  },
};

/** SDK check 13: prior-step grounds cite an earlier step (compared as the SDK's Rust strings are). */
export const groundPriorStepInvalid: Rule = {
  meta: {
    code: ARISTO.groundPriorStepInvalid,
    description: 'prior-step grounds cite an existing, earlier step',
    needsBody: true,
  },
  check(ctx) {
    const paths = new Set(ctx.body?.steps.map((s) => s.path));
    for (const { step, ground: g, loc, at } of grounds(ctx)) {
      if (g.kind !== 'prior-step') continue;
      if (!paths.has(g.path))
        ctx.report(
          this.meta.code,
          [...at, 'path'],
          loc,
          `prior-step \`${g.path}\` does not resolve to any step in this tree`,
        );
      // Rust compares the strings byte by byte (UTF-8), which is code point order.
      else if (codePointCompare(g.path, step.path) >= 0)
        ctx.report(
          this.meta.code,
          [...at, 'path'],
          loc,
          `prior-step \`${g.path}\` is not earlier than owning step \`${step.path}\`; prior-step grounds must reference EARLIER steps only (no cycles)`,
        );
    }
  },
};

/** SDK check 14: a composition ground says why. */
export const groundCompositionEmpty: Rule = {
  meta: {
    code: ARISTO.groundCompositionEmpty,
    description: 'composition grounds have a reason',
    needsBody: true,
  },
  check(ctx) {
    for (const { ground: g, loc, at } of grounds(ctx))
      if (g.kind === 'composition' && rustBlank(g.reason))
        ctx.report(this.meta.code, [...at, 'reason'], loc, 'composition ground has empty reason');
  },
};
