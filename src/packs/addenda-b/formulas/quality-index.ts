/** The QualityIndex rule of L1843-1846. */
export function qualityIndexPassStatus(
  gateFailures: unknown[],
  score: number,
  threshold: number,
): string {
  if (gateFailures.length > 0) return 'failed_required_gate';
  if (score >= threshold) return 'passed';
  return 'failed_threshold';
}
