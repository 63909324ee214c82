/**
 * The reference run (AUDIT_GATE_REFERENCE=1, set by whoever runs the tool, never read from the
 * checkout): one thread, nothing remembered between lookups. Every path is resolved afresh, every
 * file hashed on the main thread, every target checked in order. It is slow and obviously
 * correct; the benchmarks check that the fast run's report equals its report.
 */
export const REFERENCE_RUN = process.env.AUDIT_GATE_REFERENCE === '1';
