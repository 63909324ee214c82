import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

/**
 * The GitHub client: `@actions/github`'s Octokit (typed REST endpoint methods, pagination, and the
 * runner's proxy settings: HTTPS_PROXY / HTTP_PROXY / NO_PROXY through @actions/http-client, and
 * GITHUB_API_URL for GitHub Enterprise Server) with the retry and throttling plugins.
 */
export type Api = ReturnType<typeof getOctokit>;

export interface ClientOptions {
  token: string;
  /**
   * GITHUB_API_URL (GitHub Enterprise Server, or the test server); default: @actions/github's, i.e.
   * GITHUB_API_URL or https://api.github.com. The proxy is chosen for GITHUB_API_URL.
   */
  baseUrl?: string;
  /** Milliseconds per "second" of retry backoff (default 1000); tests make it small. */
  retryBaseMs?: number;
  /**
   * Minimum gap between write requests, and between writes that notify (comments), instead of the
   * throttling plugin's 1 s and 3 s; tests make it small.
   */
  writeIntervalMs?: number;
  retries?: number;
  log: { warn: (m: string) => void; debug: (m: string) => void };
}

/** A pacing limiter with the shape the throttling plugin's `write` group needs (key().schedule()). */
function pacer(intervalMs: number) {
  let next = 0;
  let chain: Promise<unknown> = Promise.resolve();
  const schedule = <T>(_opts: unknown, fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(async () => {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      next = Date.now() + intervalMs;
    });
    chain = run;
    return run.then(fn);
  };
  return { key: () => ({ schedule }) };
}

/**
 * Retries (5xx and 429, exponential backoff; never 4xx validation errors) and throttling (primary
 * and secondary rate limits, honouring Retry-After). The token is registered nowhere but the
 * Authorization header; Octokit redacts it in errors.
 */
export function createClient(opts: ClientOptions): Api {
  const base = opts.retryBaseMs ?? 1000;
  const maxRateLimitRetries = 2;
  /** A throttling handler: warns, then retries at most `maxRateLimitRetries` times. */
  const onLimit =
    (what: string) =>
    (
      retryAfter: number,
      options: { method: string; url: string },
      _o: unknown,
      retryCount: number,
    ): boolean => {
      opts.log.warn(
        `GitHub API ${what} for ${options.method} ${options.url}; retrying after ${retryAfter}s.`,
      );
      return retryCount < maxRateLimitRetries;
    };
  const throttle: Record<string, unknown> = {
    retryAfterBaseValue: base,
    fallbackSecondaryRateRetryAfter: 60,
    onRateLimit: onLimit('rate limit reached'),
    onSecondaryRateLimit: onLimit('secondary rate limit'),
  };
  if (opts.writeIntervalMs !== undefined) {
    throttle['write'] = pacer(opts.writeIntervalMs);
    throttle['notifications'] = pacer(opts.writeIntervalMs);
  }
  return getOctokit(
    opts.token,
    {
      ...(opts.baseUrl ? { baseUrl: opts.baseUrl.replace(/\/+$/, '') } : {}),
      userAgent: 'audit-gate-action',
      retry: {
        retries: opts.retries ?? 3,
        retryAfterBaseValue: base,
        doNotRetry: [400, 401, 403, 404, 410, 422, 451],
      },
      throttle: throttle as never,
      log: {
        debug: opts.log.debug,
        info: opts.log.debug,
        warn: opts.log.warn,
        error: opts.log.warn,
      },
    },
    retry,
    throttling,
  );
}

/** The HTTP status of a failed request, if it was one. */
export function httpStatus(err: unknown): number | undefined {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : undefined;
}

/** A short, token-free description of a failed request. */
export function describeError(err: unknown): string {
  const status = httpStatus(err);
  const raw = err instanceof Error ? err.message : String(err);
  const msg = raw.split('\n')[0]!.slice(0, 300);
  return status ? `HTTP ${status}: ${msg}` : msg;
}

/** 403/404 on a write: the token may not write here (fork pull request, or missing permissions). */
export function isPermissionError(err: unknown): boolean {
  const s = httpStatus(err);
  if (s === 401 || s === 404) return true;
  if (s !== 403) return false;
  return !/rate limit/i.test(err instanceof Error ? err.message : '');
}
