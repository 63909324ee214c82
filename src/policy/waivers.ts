import { z } from 'zod';
import { finding, type Finding, type Location } from '../model/finding.js';
import { onFirstUse } from '../model/first-use.js';
import { globRegExp } from '../io/glob.js';
import { GATE } from './codes.js';

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Whether an RFC 3339 date or date-time names a real day and time: Date.parse rolls 2026-02-30
 * over to March 2 and would let such a waiver live two days longer than it says, and reads hour
 * 24 as the next day.
 */
function isCalendarDate(s: string): boolean {
  if (Number.isNaN(Date.parse(s)) || (s.length > 10 && Number(s.slice(11, 13)) > 23)) return false;
  const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(0);
  day.setUTCFullYear(y, m - 1, d);
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** One accepted finding: `config.waivers[]`; built on first use (src/model/first-use.ts). */
export const waiverSchema = onFirstUse(() =>
  z
    .object({
      code: z.string().min(1).describe('The validation code waived, e.g. aris.input_stale'),
      subject: z
        .string()
        .min(1)
        .describe(
          'The subject id the finding is about (as in the JSON report), or a glob: * within a path segment, ** across segments, ? one character',
        ),
      reason: z.string().trim().min(1).describe('Why the finding is accepted (shown where it is)'),
      tracking: z
        .string()
        .min(1)
        .optional()
        .describe('Where the fix is tracked, e.g. an issue URL'),
      expires: z
        .string()
        .regex(DATE, 'must be an RFC 3339 date (YYYY-MM-DD) or date-time')
        .refine(isCalendarDate, 'is not a real date')
        .optional()
        .describe(
          'RFC 3339 date or date-time; from then on the waiver no longer applies (a date means its start, UTC)',
        ),
    })
    .strict(),
);
export type Waiver = z.infer<ReturnType<typeof waiverSchema>>;

/** A waiver as policy sees it: where it is written, for the findings about it. */
export interface WaiverEntry {
  waiver: Waiver;
  location?: Location;
}

/**
 * Where a subject glob's `*` and `?` stop: `/`, and `#` too, since aristo's subject is
 * `<workspace>#<proof id>` and a workspace may be named `.#legacy_x`, so `aristo:.#legacy_*`
 * must not reach its proofs.
 */
const SUBJECT_SEGMENT_ENDS = '/#';

export function waiverMatches(w: Waiver, f: Pick<Finding, 'code' | 'subject'>): boolean {
  return (
    w.code === f.code &&
    (w.subject === f.subject || globRegExp(w.subject, SUBJECT_SEGMENT_ENDS).test(f.subject))
  );
}

export function isExpired(w: Waiver, now: Date): boolean {
  return w.expires !== undefined && Date.parse(w.expires) <= now.getTime();
}

/**
 * The waiver step of policy, over the findings of targets (never run-level findings: a waiver
 * cannot hide a bad config, an internal error or itself). A finding a live waiver matches keeps
 * its code and severity but gets `waived` and stops blocking. The ratchet: a waiver that matches
 * nothing is a `gate.waiver_unmatched` error, so a baseline cannot rot; an expired waiver applies
 * to nothing and is a `gate.waiver_expired` warning (what it covered counts again on its own).
 */
export function applyWaivers(
  findings: Finding[],
  entries: readonly WaiverEntry[],
  now: Date,
): { findings: Finding[]; ratchet: Finding[] } {
  const used = new Set<number>();
  const live = entries.map((e) => !isExpired(e.waiver, now));
  const out = findings.map((f) => {
    const i = entries.findIndex((e, k) => live[k] && waiverMatches(e.waiver, f));
    if (i < 0) return f;
    used.add(i);
    const { reason, tracking } = entries[i]!.waiver;
    return {
      ...f,
      blocking: false,
      waived: tracking !== undefined ? { reason, tracking } : { reason },
    };
  });
  const ratchet: Finding[] = [];
  entries.forEach((e, i) => {
    const w = e.waiver;
    const at = e.location ? { location: e.location } : {};
    const named = `The waiver of ${w.code} for ${w.subject}`;
    if (!live[i])
      ratchet.push(
        finding(GATE.waiverExpired, {
          subject: 'gate',
          message: `${named} expired on ${w.expires}, so it no longer applies.`,
          ...at,
        }),
      );
    else if (!used.has(i))
      ratchet.push(
        finding(GATE.waiverUnmatched, {
          subject: 'gate',
          message: `${named} matches no finding: what it waived is fixed or gone.`,
          ...at,
        }),
      );
  });
  return { findings: out, ratchet };
}
