/**
 * Bytes of cited spans hashed per run, at most. Real runs cite a few kilobytes per support; a
 * hostile trace could cite one large span thousands of times, or thousands of large spans, and
 * hashing each would take hours. Past the budget a support is reported as unverifiable.
 */
export const MAX_SPAN_BYTES = 1024 * 1024 * 1024;

/** Why a support past the budget cannot be checked, for its finding. */
export const SPAN_BUDGET_SPENT = `the run's supports cite more than ${MAX_SPAN_BYTES / 1024 / 1024 / 1024} GiB of bytes in all, more than the verifier hashes`;

/**
 * The snippet hashes of one run's cited spans: each distinct span (source kind, id, b0, b1) is
 * hashed once, and all of them together at most MAX_SPAN_BYTES.
 */
export class SpanHashes {
  private readonly done = new Map<string, string>();
  private left = MAX_SPAN_BYTES;

  /** The sha256 `digest()` gives of span [b0, b1) of `id`, or undefined past the budget. */
  hash(
    source: string,
    id: string,
    b0: number,
    b1: number,
    digest: () => string,
  ): string | undefined {
    const key = `${source}\0${id}\0${b0}\0${b1}`;
    const known = this.done.get(key);
    if (known !== undefined) return known;
    if (b1 - b0 > this.left) return undefined;
    this.left -= b1 - b0;
    const sha = digest();
    this.done.set(key, sha);
    return sha;
  }
}
