import { quoteValue } from '../../../render/sanitize.js';
import { ARIS } from '../codes.js';
import { jsonType, type ArtifactRule } from './context.js';

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** Each cited input still exists inside the workspace and hashes to what the audit recorded. */
export const inputHashes: ArtifactRule = {
  meta: {
    name: 'input-hashes',
    description:
      'audited_input_hashes is an object, and every input it cites is a readable file inside the workspace whose sha256 is the recorded one.',
    codes: [
      ARIS.hashesNotObject,
      ARIS.inputOutsideRoot,
      ARIS.inputMissing,
      ARIS.inputUnreadable,
      ARIS.inputNotFile,
      ARIS.inputHashMalformed,
      ARIS.inputStale,
    ],
  },
  async check(ctx) {
    const { data, rel } = ctx;
    const raw = data.audited_input_hashes;
    if (
      Object.hasOwn(data, 'audited_input_hashes') &&
      (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    ) {
      ctx.issue(
        ARIS.hashesNotObject,
        `"audited_input_hashes" in ${rel} is ${jsonType(raw)}, not an object of path → sha256.`,
        'audited_input_hashes_not_dict',
        ctx.lineOf('audited_input_hashes'),
      );
    }
    for (const ref of ctx.inputs) {
      const key = () => quoteValue(ref.key); // quoted only for a message
      const r = ref.resolved;
      if (!r.ok) {
        if (r.reason === 'outside_root')
          ctx.stale(
            ARIS.inputOutsideRoot,
            ref,
            ':outside_root',
            `Input ${key()} ${r.detail}; it was not read.`,
          );
        else if (r.reason === 'missing')
          ctx.stale(
            ARIS.inputMissing,
            ref,
            ':file_gone',
            `Input ${key()} cited by ${rel} no longer exists.`,
          );
        else
          ctx.stale(
            ARIS.inputUnreadable,
            ref,
            `:read_error_${r.detail}`,
            `Input ${key()} ${r.detail}.`,
          );
        continue;
      }
      const h = await ctx.audit.hashes(r.real);
      if (!h.ok) {
        if (h.reason === 'missing')
          ctx.stale(
            ARIS.inputMissing,
            ref,
            ':file_gone',
            `Input ${key()} cited by ${rel} no longer exists.`,
          );
        else if (h.reason === 'not_file')
          ctx.stale(
            ARIS.inputNotFile,
            ref,
            ':not_a_file',
            `Input ${key()} ${h.detail}, not a file.`,
          );
        else
          ctx.stale(
            ARIS.inputUnreadable,
            ref,
            `:read_error_${h.detail}`,
            `Input ${key()} could not be read: ${h.detail}.`,
          );
        continue;
      }
      const recorded =
        typeof ref.recorded === 'string' ? ref.recorded.replace(/^sha256:/, '') : undefined;
      if (recorded === undefined || !HEX64.test(recorded)) {
        ctx.stale(
          ARIS.inputHashMalformed,
          ref,
          ':malformed_hash',
          `The hash recorded for ${key()} is ${recorded === undefined ? jsonType(ref.recorded) : quoteValue(recorded)}, not sha256:<64 hex>.`,
        );
        continue;
      }
      if (recorded.toLowerCase() !== h.sha256) {
        ctx.stale(
          ARIS.inputStale,
          ref,
          '',
          `${r.rel} changed after ${ctx.spec.skill} audited it (recorded ${short(recorded)}, now ${short(h.sha256)}).`,
          [{ path: r.rel }],
        );
      }
    }
  },
};

function short(hex: string): string {
  return `${hex.slice(0, 12)}…`;
}
