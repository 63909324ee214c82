import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate, type Schema } from './json-schema.js';

/**
 * A local stand-in for the GitHub REST API (127.0.0.1 only) for the Action's end-to-end tests.
 * Every request is matched to an operation of GitHub's published REST description (the subset in
 * github-openapi.json, refreshed by scripts/refresh-github-openapi.mjs); its path and query
 * parameters and its JSON body are validated against that description, plus the limits GitHub
 * documents in prose or enforces beyond it (annotation title 255 characters, comment body 65,536
 * characters, check-run output.summary / output.text 65,535 UTF-8 bytes, although the description
 * says maxLength 65535). Calls are recorded;
 * faults (403 / 429 / 500 ...) can be injected; check runs and comments are kept in memory so a
 * second run sees the first run's comment.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: { name: string; in: string; required: boolean; schema?: Schema }[];
  requestBody: { required: boolean; schema: Schema } | null;
}

const SPEC = JSON.parse(fs.readFileSync(path.join(here, 'github-openapi.json'), 'utf8')) as {
  operations: Record<string, Operation>;
};

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  operationId?: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  authorization?: string;
  status: number;
  /** Violations of the REST description; a correct client leaves this empty. */
  errors: string[];
}

export interface Fault {
  method?: string;
  /** operationId, e.g. checks/create */
  operationId?: string;
  status: number;
  message?: string;
  headers?: Record<string, string>;
  /** How many matching requests fail (default 1). */
  times?: number;
}

export interface StoredCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  details_url?: string;
  output: { title?: string; summary?: string; text?: string };
  annotations: Record<string, unknown>[];
}

export interface StoredComment {
  id: number;
  issue_number: number;
  body: string;
  login: string;
  created_at: string;
  updated_at: string;
}

interface Route {
  op: Operation;
  regex: RegExp;
  names: string[];
}

const ROUTES: Route[] = Object.values(SPEC.operations).map((op) => {
  const names: string[] = [];
  const src = op.path
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^$()|[\]\\{}-]/g, '\\$&');
      names.push(m[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { op, regex: new RegExp(`^${src}$`), names };
});

function matchRoute(
  method: string,
  pathname: string,
): { route: Route; params: Record<string, string> } | undefined {
  for (const route of ROUTES) {
    if (route.op.method !== method) continue;
    const m = route.regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
    return { route, params };
  }
  return undefined;
}

function checkParam(p: Operation['parameters'][number], raw: string | undefined): string[] {
  if (raw === undefined)
    return p.required ? [`missing required ${p.in} parameter "${p.name}"`] : [];
  const t = p.schema?.['type'];
  let value: unknown = raw;
  if (t === 'integer' || t === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(raw))
      return [`${p.in} parameter "${p.name}" = "${raw}" is not a ${t}`];
    value = Number(raw);
  } else if (t === 'boolean') value = raw === 'true' ? true : raw === 'false' ? false : raw;
  return validate(p.schema, value, `${p.in}.${p.name}`);
}

export class MockGitHub {
  readonly calls: RecordedCall[] = [];
  readonly checkRuns = new Map<number, StoredCheckRun>();
  readonly comments: StoredComment[] = [];
  /** Open pull requests answered by GET /repos/{o}/{r}/pulls. */
  pulls: { number: number; head: { sha: string; ref: string; label: string } }[] = [];
  /**
   * The GitHub App the token belongs to: GITHUB_TOKEN is the `github-actions` App's installation
   * token; a GitHub App token is its App's. Check runs carry it as `app`, comments are authored by
   * `<slug>[bot]`, and GET /user refuses either token (403).
   */
  appSlug = 'github-actions';
  /** A personal access token's user instead: GET /user answers it, and comments are authored by it. */
  userLogin?: string;
  /** The login that comments are created as. */
  get tokenLogin(): string {
    return this.userLogin ?? `${this.appSlug}[bot]`;
  }
  /** Read-only token (fork pull request): every write answers 403. */
  readOnly = false;
  private faults: Fault[] = [];
  private server?: http.Server;
  private nextId = 1000;
  url = '';

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  fail(f: Fault): void {
    this.faults.push({ times: 1, ...f });
  }

  seedComment(issue: number, body: string, login: string): StoredComment {
    const now = new Date().toISOString();
    const c: StoredComment = {
      id: this.nextId++,
      issue_number: issue,
      body,
      login,
      created_at: now,
      updated_at: now,
    };
    this.comments.push(c);
    return c;
  }

  /** All recorded schema violations, one line each (expected empty). */
  violations(): string[] {
    return this.calls.flatMap((c) => c.errors.map((e) => `${c.method} ${c.path}: ${e}`));
  }

  callsTo(operationId: string): RecordedCall[] {
    return this.calls.filter((c) => c.operationId === operationId && c.status < 300);
  }

  private handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse): void {
    const method = req.method ?? 'GET';
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const call: RecordedCall = {
      method,
      url: req.url ?? '',
      path: u.pathname,
      params: {},
      query: Object.fromEntries(u.searchParams),
      body: undefined,
      status: 0,
      errors: [],
    };
    if (typeof req.headers.authorization === 'string')
      call.authorization = req.headers.authorization;
    this.calls.push(call);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };

    const m = matchRoute(method, u.pathname);
    if (!m) {
      call.errors.push('no such operation in the REST description subset');
      return send(404, { message: 'Not Found' });
    }
    const op = m.route.op;
    call.operationId = op.operationId;
    call.params = m.params;
    for (const p of op.parameters) {
      if (p.in === 'path') call.errors.push(...checkParam(p, m.params[p.name]));
      if (p.in === 'query')
        call.errors.push(...checkParam(p, u.searchParams.get(p.name) ?? undefined));
    }
    for (const q of u.searchParams.keys()) {
      if (!op.parameters.some((p) => p.in === 'query' && p.name === q))
        call.errors.push(`unknown query parameter "${q}"`);
    }
    if (!call.authorization || !/^(token|bearer) \S+$/i.test(call.authorization))
      call.errors.push('missing Authorization: token <token>');
    if (raw !== '') {
      try {
        call.body = JSON.parse(raw);
      } catch {
        call.errors.push('request body is not JSON');
      }
    }
    if (op.requestBody) {
      if (call.body === undefined && op.requestBody.required)
        call.errors.push('missing required request body');
      else if (call.body !== undefined)
        call.errors.push(...validate(op.requestBody.schema, call.body, 'body'));
    } else if (raw !== '') call.errors.push('this operation takes no request body');
    call.errors.push(...this.proseLimits(op.operationId, call.body));

    const fault = this.faults.find(
      (f) =>
        (!f.operationId || f.operationId === op.operationId) &&
        (!f.method || f.method === method) &&
        (f.times ?? 1) > 0,
    );
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      return send(
        fault.status,
        {
          message: fault.message ?? http.STATUS_CODES[fault.status],
          documentation_url: 'https://docs.github.com/rest',
        },
        fault.headers,
      );
    }
    if (this.readOnly && method !== 'GET') {
      return send(403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest',
        status: '403',
      });
    }
    if (call.errors.length > 0) {
      return send(422, { message: 'Validation Failed', errors: call.errors });
    }
    this.answer(op.operationId, m.params, call, send);
  }

  private proseLimits(operationId: string, body: unknown): string[] {
    const errors: string[] = [];
    const b = body as
      | {
          output?: { annotations?: { title?: string }[]; summary?: unknown; text?: unknown };
          body?: string;
        }
      | undefined;
    if (operationId.startsWith('checks/')) {
      // GitHub counts these in bytes: 422 "summary exceeds a maximum bytesize of 65535".
      for (const field of ['summary', 'text'] as const) {
        const v = b?.output?.[field];
        const bytes = typeof v === 'string' ? Buffer.byteLength(v, 'utf8') : 0;
        if (bytes > 65_535)
          errors.push(`body.output.${field} exceeds a maximum bytesize of 65535 (${bytes} bytes)`);
      }
      for (const [i, a] of (b?.output?.annotations ?? []).entries()) {
        if (typeof a.title === 'string' && Array.from(a.title).length > 255)
          errors.push(`body.output.annotations[${i}].title is longer than 255 characters`);
      }
    }
    if (operationId === 'issues/create-comment' || operationId === 'issues/update-comment') {
      if (typeof b?.body === 'string' && Array.from(b.body).length > 65_536)
        errors.push('comment body is longer than 65,536 characters');
    }
    return errors;
  }

  private answer(
    operationId: string,
    params: Record<string, string>,
    call: RecordedCall,
    send: (s: number, b: unknown, headers?: Record<string, string>) => void,
  ): void {
    const u = (url: string) => new URL(url, 'http://127.0.0.1');
    const repoUrl = `https://github.com/${params['owner']}/${params['repo']}`;
    const body = (call.body ?? {}) as Record<string, unknown>;
    const commentJson = (c: StoredComment) => ({
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${this.url}/repos/${params['owner']}/${params['repo']}/issues/comments/${c.id}`,
      html_url: `${repoUrl}/pull/${c.issue_number}#issuecomment-${c.id}`,
      issue_url: `${this.url}/repos/${params['owner']}/${params['repo']}/issues/${c.issue_number}`,
      body: c.body,
      user: {
        login: c.login,
        id: c.login.length,
        type: c.login.endsWith('[bot]') ? 'Bot' : 'User',
      },
      created_at: c.created_at,
      updated_at: c.updated_at,
      author_association: 'NONE',
    });
    const runJson = (r: StoredCheckRun) => ({
      id: r.id,
      head_sha: r.head_sha,
      node_id: `CR_${r.id}`,
      external_id: null,
      url: `${this.url}/repos/${params['owner']}/${params['repo']}/check-runs/${r.id}`,
      html_url: `${repoUrl}/runs/${r.id}`,
      details_url: r.details_url ?? null,
      status: r.status,
      conclusion: r.conclusion,
      name: r.name,
      app: { id: this.appSlug.length, slug: this.appSlug, name: this.appSlug },
      output: { ...r.output, annotations_count: r.annotations.length },
    });
    switch (operationId) {
      case 'checks/create': {
        const output = (body['output'] ?? {}) as StoredCheckRun['output'] & {
          annotations?: Record<string, unknown>[];
        };
        const r: StoredCheckRun = {
          id: this.nextId++,
          name: String(body['name']),
          head_sha: String(body['head_sha']),
          status: String(body['status'] ?? 'queued'),
          conclusion: (body['conclusion'] as string | undefined) ?? null,
          output: { title: output.title, summary: output.summary, text: output.text },
          annotations: [...(output.annotations ?? [])],
        };
        if (typeof body['details_url'] === 'string') r.details_url = body['details_url'];
        this.checkRuns.set(r.id, r);
        return send(201, runJson(r));
      }
      case 'checks/update': {
        const r = this.checkRuns.get(Number(params['check_run_id']));
        if (!r) return send(404, { message: 'Not Found' });
        const output = body['output'] as
          (StoredCheckRun['output'] & { annotations?: Record<string, unknown>[] }) | undefined;
        if (output) {
          r.output = {
            title: output.title ?? r.output.title,
            summary: output.summary ?? r.output.summary,
            text: output.text ?? r.output.text,
          };
          r.annotations.push(...(output.annotations ?? []));
        }
        if (typeof body['status'] === 'string') r.status = body['status'];
        if (typeof body['conclusion'] === 'string') {
          r.conclusion = body['conclusion'];
          r.status = 'completed';
        }
        return send(200, runJson(r));
      }
      case 'issues/list-comments': {
        const issue = Number(params['issue_number']);
        const perPage = Number(call.query['per_page'] ?? 30);
        const page = Number(call.query['page'] ?? 1);
        const all = this.comments.filter((c) => c.issue_number === issue);
        // GitHub links the next page in a Link header; clients follow it rather than guess.
        const next = new URL(`${this.url}${u(call.url).pathname}`);
        next.searchParams.set('per_page', String(perPage));
        next.searchParams.set('page', String(page + 1));
        const link: Record<string, string> =
          page * perPage < all.length ? { link: `<${next.href}>; rel="next"` } : {};
        return send(200, all.slice((page - 1) * perPage, page * perPage).map(commentJson), link);
      }
      case 'issues/create-comment': {
        const c = this.seedComment(
          Number(params['issue_number']),
          String(body['body']),
          this.tokenLogin,
        );
        return send(201, commentJson(c));
      }
      case 'issues/update-comment': {
        const c = this.comments.find((x) => x.id === Number(params['comment_id']));
        if (!c) return send(404, { message: 'Not Found' });
        if (c.login !== this.tokenLogin)
          return send(403, { message: 'Resource not accessible by integration' });
        c.body = String(body['body']);
        c.updated_at = new Date().toISOString();
        return send(200, commentJson(c));
      }
      case 'pulls/list': {
        const head = call.query['head'];
        const list = this.pulls.filter((p) => !head || p.head.label === head);
        return send(
          200,
          list.map((p) => ({
            number: p.number,
            state: 'open',
            head: p.head,
            html_url: `${repoUrl}/pull/${p.number}`,
          })),
        );
      }
      case 'users/get-authenticated':
        // GITHUB_TOKEN and App tokens are installation tokens: they cannot read /user.
        if (this.userLogin) return send(200, { login: this.userLogin, id: 1, type: 'User' });
        return send(403, { message: 'Resource not accessible by integration' });
      default:
        return send(501, { message: `mock has no answer for ${operationId}` });
    }
  }
}
