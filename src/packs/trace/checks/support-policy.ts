import { pythonInt, pythonIntOf } from '../producer/python-int.js';

/** The producer's default minimum of evidence supports per derived claim (no recorded policy). */
export const DEFAULT_MIN_SUPPORTS = 2;

/** The support minimum that applies to a run, and where it came from (said in every finding). */
export interface SupportPolicy {
  min: number;
  source: string;
}

/** The gate's floor (config `trace.min_supports` or `--min-supports`): a whole number ≥ 0, or none. */
export function supportFloor(option: unknown): number | undefined {
  return typeof option === 'number' && Number.isInteger(option) && option >= 0 ? option : undefined;
}

/**
 * The run's recorded policy (`metadata.reasoning_policy.min_supports_per_claim`) read as the
 * producer's verifier reads it (absent or unusable: 2; otherwise at least 1), raised to the gate's
 * floor when that is higher. Before the header is read (or when it is unusable) the producer's
 * default stands in for the run's policy.
 */
export function supportPolicy(
  floor: number | undefined,
  metadata?: Record<string, unknown>,
): SupportPolicy {
  const policy = metadata?.reasoning_policy;
  const raw =
    policy && typeof policy === 'object' && !Array.isArray(policy)
      ? (policy as Record<string, unknown>).min_supports_per_claim
      : undefined;
  let run = DEFAULT_MIN_SUPPORTS;
  let runSource = `the producer’s default of ${DEFAULT_MIN_SUPPORTS} (the run records no min_supports_per_claim)`;
  if (typeof raw === 'number' && Number.isFinite(raw)) {
    run = Math.max(1, Math.trunc(raw));
    runSource = `the run’s recorded policy (metadata.reasoning_policy.min_supports_per_claim = ${raw})`;
  } else if (typeof raw === 'string') {
    run = Math.max(1, pythonInt(raw) ?? 1);
    runSource = `the run’s recorded policy (metadata.reasoning_policy.min_supports_per_claim = ${JSON.stringify(raw.slice(0, 40))})`;
  }
  if (floor !== undefined && floor > run)
    return {
      min: floor,
      source: `the gate’s floor (packs.trace.min_supports or --min-supports = ${floor}), above ${runSource}`,
    };
  return { min: run, source: runSource };
}

/**
 * Whether the run's recorded policy lets a derived claim marked `structured.insufficient_evidence`
 * stand in a run that reports insufficient evidence (the contract's "policy-driven" exemption).
 * The producer records no such policy and never marks claims, so real runs never get it: without
 * it, the mark would only let a forged claim through.
 */
export function allowsMarkedInsufficient(metadata?: Record<string, unknown>): boolean {
  const policy = metadata?.reasoning_policy;
  return (
    !!policy &&
    typeof policy === 'object' &&
    (policy as Record<string, unknown>).allow_marked_insufficient_claims === true
  );
}

/**
 * The minimum the producer runs a spec with (executor._resolve_min_supports), which its header
 * records as reasoning_policy.min_supports_per_claim: the spec's min_supports_per_claim, read by
 * int() and at least 1, else its policy's 2. Undefined where int() refuses the value: the producer
 * stops there and writes no run.
 */
export function producerMinSupports(constraints: Record<string, unknown>): number | undefined {
  const raw = constraints['min_supports_per_claim'];
  if (typeof raw !== 'boolean' && typeof raw !== 'number' && typeof raw !== 'string')
    return DEFAULT_MIN_SUPPORTS;
  const n = pythonIntOf(raw);
  return n === undefined ? undefined : Math.max(1, n);
}
