// Regenerates conformance/trace (one folder per fixture: fixture.json + input/) and the demo run in
// examples/repo/runs-demo. Each fixture starts from a realistic clean run of the producer
// (bijux-canon-reason: artifacts/runs/<run_id>/ with content-derived ids, real sha256 hashes,
// canonical JSON) and applies one mutation: either to the run's content before it is sealed (as a
// faulty producer would write it; fingerprint and manifest then agree with the bad content), or to
// the files after sealing (as a later edit would; fingerprint and manifest then disagree). The
// expected codes are written here by hand from the contract, never read back from the tool.
//
// The firing fixtures mut-* are made the same way from the real producer's runs (real-*, written
// by scripts/generate-real-trace-runs.py, which needs Python and the producer and is not run here).
//
// Usage: node scripts/build-trace-fixtures.mjs [conformance-dir] [demo-dir]
// The run builder is exported for the benchmark (bench/trace.mjs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildRealMutants } from './lib/real-trace-mutants.mjs';

// ── canonical JSON as the producer writes it ────────────────────────────────────────────────────

/** A float the producer (Python) writes with its repr, e.g. 1.0 or 1e-05. */
export class PyFloat {
  constructor(value) {
    this.value = value;
  }
}

export function pyFloatRepr(x) {
  if (x === 0) return '0.0';
  const [mant, expStr] = x.toExponential().split('e');
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const e = Number(expStr);
  let s;
  if (e >= -4 && e < 16) {
    s =
      e >= 0
        ? `${digits.slice(0, e + 1).padEnd(e + 1, '0')}.${digits.slice(e + 1) || '0'}`
        : `0.${'0'.repeat(-e - 1)}${digits}`;
  } else {
    s = `${digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  return neg ? `-${s}` : s;
}

/** json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False). */
export function canonical(v) {
  if (v instanceof PyFloat) return v.raw ?? pyFloatRepr(v.value);
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('non-finite number in canonical JSON');
    if (!Number.isInteger(v) && String(v) !== pyFloatRepr(v))
      throw new Error(`use PyFloat for ${v}`);
    return JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const keys = Object.keys(v)
    .filter((k) => v[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
}

/** A deep copy that keeps PyFloat values (structuredClone would turn them into plain objects). */
export function clone(v) {
  if (v instanceof PyFloat) return new PyFloat(v.value);
  if (Array.isArray(v)) return v.map(clone);
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)]));
  return v;
}

export const sha256 = (b) => createHash('sha256').update(b).digest('hex');
export const stableId = (kind, obj) => `${kind}_v1_${sha256(canonical(obj))}`;

// ── the corpus the realistic run retrieves from ─────────────────────────────────────────────────

const DOCS = {
  'tacoma-narrows-history.txt':
    'The Tacoma Narrows Bridge was a suspension bridge across the Tacoma Narrows strait of Puget Sound in Washington State. It opened to traffic on 1 July 1940. Even during construction the deck moved vertically in moderate winds, and workers nicknamed the span Galloping Gertie.\n\n' +
    'The bridge collapsed on the morning of 7 November 1940, in a steady wind of about 64 km/h (40 mph). No person died in the collapse; a dog left in an abandoned car was lost. A replacement bridge opened in October 1950.\n',
  'deck-design.txt':
    'Leon Moisseiff designed the span with a deck stiffened by solid plate girders only 2.4 m (8 ft) deep, instead of the deep open stiffening trusses used on earlier suspension bridges. The shallow, solid section caught the wind and gave the deck very little torsional stiffness.\n\n' +
    'Wind-tunnel studies led by Frederick Burt Farquharson at the University of Washington had already reproduced the motion on a scale model before the failure.\n',
  'failure-analysis.txt':
    'On the day of the failure the deck switched from vertical waves to a twisting motion. The twisting grew because the moving deck itself fed energy into the oscillation, a self-excited mechanism now called aeroelastic flutter. It was not a case of the wind gusts matching a natural frequency of the bridge.\n\n' +
    'Since the collapse, designers of long-span bridges test deck sections in wind tunnels and favour open trusses or streamlined box girders that let the wind pass.\n',
};

function chunkCorpus(docs = DOCS) {
  const chunks = {};
  for (const [doc, text] of Object.entries(docs)) {
    const bytes = Buffer.from(text, 'utf8');
    const cut = bytes.indexOf('\n\n') + 2;
    [
      [0, cut],
      [cut, bytes.length],
    ].forEach(([s, e], i) => {
      const content = bytes.subarray(s, e);
      const uri = `corpus://tacoma-narrows/${doc}`;
      const chunk_id = sha256(content); // as the producer: the sha256 of the chunk's bytes
      chunks[`${doc.replace('.txt', '')}#${i + 1}`] = {
        doc,
        uri,
        start: s,
        end: e,
        content,
        chunk_id,
        chunk_sha256: sha256(content),
      };
    });
  }
  return chunks;
}

// ── the clean run model ─────────────────────────────────────────────────────────────────────────

const SPEC = {
  description:
    'Why did the first Tacoma Narrows Bridge collapse in 1940, and how long did it stand?',
  constraints: { needs_retrieval: true, chunk_chars: 800, overlap_chars: 120 },
  expected_output_type: 'Claim',
  expected: null,
  version: 1,
};

function node(kind, deps, notes, toolRequests = [], parameters = {}) {
  const step = { kind, notes, tool_requests: toolRequests };
  return {
    id: stableId('node', { deps, kind, params: parameters, step }),
    kind,
    dependencies: deps,
    step,
    parameters,
  };
}

/** A realistic clean run: 6 evidence chunks from 2 searches, a calculator call, 6 claims (5 derived). */
export function cleanModel({
  seed = 7,
  question = SPEC.description,
  extraEvidence = 0,
  extraCalls = 0,
} = {}) {
  const chunks = chunkCorpus();
  const spec = { ...SPEC, description: question };
  const spec_id = stableId('spec', spec);
  const nu = node('understand', [], 'Restate the question and its sub-questions.');
  const ng = node(
    'gather',
    [nu.id],
    'Retrieve passages on the collapse, the design and the failure mode.',
    [{ tool_name: 'bm25_search', arguments: { k: 3 } }],
    { k: 3 },
  );
  const nd = node('derive', [ng.id], 'Derive grounded claims; compute the span of service.', [
    { tool_name: 'calculator', arguments: {} },
  ]);
  const nv = node('verify', [nd.id], 'Check every claim against its cited bytes.');
  const nf = node('finalize', [nv.id], 'Write the final answer from validated claims.');
  const nodes = [nu, ng, nd, nv, nf];
  const plan = {
    problem: question,
    spec_id,
    nodes,
    edges: [
      [nu.id, ng.id],
      [ng.id, nd.id],
      [nd.id, nv.id],
      [nv.id, nf.id],
    ],
  };
  const descriptor = {
    kind: 'local_bm25',
    mode: 'live',
    tools: [
      { name: 'bm25_search', version: '1.2.0', config_fingerprint: sha256('bm25:k1=1.2,b=0.75') },
      { name: 'calculator', version: '1.0.0', config_fingerprint: sha256('calculator:dates') },
    ],
  };
  const runtime_fingerprint = sha256(canonical(descriptor));

  const events = [];
  const ev = (e) => events.push(e);
  const evidence = {};
  const evidenceById = {};
  const register = (key, step_id) => {
    const c = chunks[key];
    const e = { uri: c.uri, sha256: c.chunk_sha256, span: [c.start, c.end], chunk_id: c.chunk_id };
    const id = stableId('ev', e);
    const content_path = `evidence/${id}.txt`;
    evidence[content_path] = c.content;
    const ref = { id, ...e, content_path };
    evidenceById[key] = ref;
    ev({ kind: 'evidence_registered', step_id, evidence: ref });
    return ref;
  };
  const call = (step_id, call_idx, tool_name, args) => {
    const id = stableId('call', { args, call_idx, step_id, tool: tool_name });
    return { id, tool_name, arguments: args, step_id, call_idx };
  };

  // understand
  ev({ kind: 'step_started', step_id: nu.id });
  ev({
    kind: 'step_finished',
    step_id: nu.id,
    output: {
      kind: 'understand',
      normalized_question:
        'why did the 1940 tacoma narrows bridge collapse and how many days did it stand',
      assumptions: ['"the bridge" is the original 1940 span'],
      task_type: 'causal_explanation',
    },
  });
  // gather: two searches, three chunks each
  ev({ kind: 'step_started', step_id: ng.id });
  const searches = [
    [
      'Tacoma Narrows Bridge opening and collapse dates wind speed',
      ['tacoma-narrows-history#1', 'tacoma-narrows-history#2', 'failure-analysis#1'],
      [7.4312, 6.9025, 4.118],
    ],
    [
      'Tacoma Narrows deck plate girders flutter wind tunnel',
      ['deck-design#1', 'deck-design#2', 'failure-analysis#2'],
      [8.2267, 5.0441, 3.7719],
    ],
  ];
  searches.forEach(([query, keys, scores], i) => {
    const c = call(ng.id, i, 'bm25_search', { query, k: 3 });
    ev({ kind: 'tool_called', step_id: ng.id, call: c });
    ev({
      kind: 'tool_returned',
      step_id: ng.id,
      result: {
        call_id: c.id,
        success: true,
        result: {
          hits: keys.map((k, j) => ({
            chunk_id: chunks[k].chunk_id,
            uri: chunks[k].uri,
            score: scores[j],
          })),
        },
        error: null,
      },
    });
    for (const k of keys) register(k, ng.id);
  });
  for (let i = 0; i < extraEvidence; i++) {
    // More evidence for bigger synthetic runs: distinct chunks of a generated appendix.
    const text = `Appendix passage ${i} of run seed ${seed}: measurements of deck motion were logged at ${(i * 37) % 600} second intervals by the survey crew.\n`;
    const content = Buffer.from(text);
    const c = {
      uri: `corpus://tacoma-narrows/appendix.txt`,
      sha256: sha256(content),
      span: [i * 1000, i * 1000 + content.length],
      chunk_id: sha256(content),
    };
    const id = stableId('ev', c);
    const content_path = `evidence/${id}.txt`;
    evidence[content_path] = content;
    chunks[`appendix#${i}`] = {
      doc: 'appendix.txt',
      uri: c.uri,
      start: c.span[0],
      end: c.span[1],
      content,
      chunk_id: c.chunk_id,
      chunk_sha256: c.sha256,
    };
    const ref = { id, ...c, content_path };
    evidenceById[`appendix#${i}`] = ref;
    ev({ kind: 'evidence_registered', step_id: ng.id, evidence: ref });
  }
  for (let i = 0; i < extraCalls; i++) {
    // Follow-up searches that found nothing new (bigger synthetic runs for the benchmark).
    const c = call(ng.id, searches.length + i, 'bm25_search', {
      query: `follow-up query ${i} for seed ${seed}`,
      k: 3,
    });
    ev({ kind: 'tool_called', step_id: ng.id, call: c });
    ev({
      kind: 'tool_returned',
      step_id: ng.id,
      result: { call_id: c.id, success: true, result: { hits: [] }, error: null },
    });
  }
  ev({
    kind: 'step_finished',
    step_id: ng.id,
    output: {
      kind: 'gather',
      evidence_ids: Object.values(evidenceById).map((e) => e.id),
      retrieval_queries: searches.map((s) => s[0]),
      retrieval_provenance: {
        index: 'bm25',
        corpus: 'tacoma-narrows',
        k1: new PyFloat(1.2),
        b: new PyFloat(0.75),
      },
    },
  });

  // derive: a calculator call, then the claims
  ev({ kind: 'step_started', step_id: nd.id });
  const calc = call(nd.id, 0, 'calculator', {
    expression: "days_between('1940-07-01', '1940-11-07')",
  });
  const calcResult = { call_id: calc.id, success: true, result: { value: 129 }, error: null };
  ev({ kind: 'tool_called', step_id: nd.id, call: calc });
  ev({ kind: 'tool_returned', step_id: nd.id, result: calcResult });

  const span = (key, sentence) => {
    const ref = evidenceById[key];
    const bytes = evidence[ref.content_path];
    const b0 = bytes.indexOf(sentence);
    if (b0 < 0) throw new Error(`"${sentence}" not in ${key}`);
    const b1 = b0 + Buffer.byteLength(sentence);
    return {
      kind: 'evidence',
      ref_id: ref.id,
      span: [b0, b1],
      snippet_sha256: sha256(bytes.subarray(b0, b1)),
      hash_algo: 'sha256',
    };
  };
  const marker = (s) => `[evidence:${s.ref_id}:${s.span[0]}-${s.span[1]}:${s.snippet_sha256}]`;
  const claims = [];
  const claim = (
    text,
    supports,
    { claim_type = 'derived', confidence = 0.85, status = 'validated', structured = null } = {},
  ) => {
    const ev = supports.filter((s) => s.kind === 'evidence');
    const statement = ev.length ? `${text} ${ev.map(marker).join(' ')}` : text;
    const body = {
      statement,
      status,
      confidence: new PyFloat(confidence),
      supports,
      claim_type,
      structured,
    };
    const c = { id: stableId('claim', body), ...body };
    claims.push(c);
    return c;
  };
  const opened = span('tacoma-narrows-history#1', 'It opened to traffic on 1 July 1940.');
  const collapsed = span(
    'tacoma-narrows-history#2',
    'The bridge collapsed on the morning of 7 November 1940, in a steady wind of about 64 km/h (40 mph).',
  );
  claim(
    'The Tacoma Narrows Bridge opened on 1 July 1940 and collapsed on 7 November 1940.',
    [opened, collapsed],
    { confidence: 0.93 },
  );
  const c2 = claim(
    'It failed in a steady wind of about 64 km/h through aeroelastic flutter, not through resonance with wind gusts.',
    [
      collapsed,
      span('failure-analysis#1', 'a self-excited mechanism now called aeroelastic flutter'),
      span(
        'failure-analysis#1',
        'It was not a case of the wind gusts matching a natural frequency of the bridge.',
      ),
    ],
    { confidence: 0.88 },
  );
  claim(
    'Shallow solid plate girders, used instead of open stiffening trusses, left the deck with little torsional stiffness.',
    [
      span(
        'deck-design#1',
        'solid plate girders only 2.4 m (8 ft) deep, instead of the deep open stiffening trusses',
      ),
      span('deck-design#1', 'gave the deck very little torsional stiffness'),
    ],
    { confidence: 0.81 },
  );
  const calcBytes = Buffer.from(canonical(calcResult.result));
  claim(
    'The bridge stood for 129 days.',
    [
      {
        kind: 'tool_call',
        ref_id: calc.id,
        span: [0, calcBytes.length],
        snippet_sha256: sha256(calcBytes),
        hash_algo: 'sha256',
      },
      opened,
      collapsed,
    ],
    { confidence: 0.9 },
  );
  claim(
    'Workers nicknamed the span Galloping Gertie.',
    [span('tacoma-narrows-history#1', 'workers nicknamed the span Galloping Gertie')],
    { claim_type: 'observed', confidence: 0.97 },
  );
  const c2Bytes = Buffer.from(c2.statement);
  claim(
    'Because of this failure, long-span bridge decks are now tested in wind tunnels.',
    [
      {
        kind: 'claim',
        ref_id: c2.id,
        span: [0, c2Bytes.length],
        snippet_sha256: sha256(c2Bytes),
        hash_algo: 'sha256',
      },
      span(
        'failure-analysis#2',
        'designers of long-span bridges test deck sections in wind tunnels',
      ),
      span('deck-design#2', 'Wind-tunnel studies led by Frederick Burt Farquharson'),
    ],
    { confidence: 0.74 },
  );
  for (const c of claims) ev({ kind: 'claim_emitted', step_id: nd.id, claim: c });
  const derived = claims.filter((c) => c.claim_type === 'derived').map((c) => c.id);
  ev({
    kind: 'step_finished',
    step_id: nd.id,
    output: { kind: 'derive', claim_ids: claims.map((c) => c.id) },
  });
  ev({ kind: 'step_started', step_id: nv.id });
  ev({
    kind: 'step_finished',
    step_id: nv.id,
    output: {
      kind: 'verify',
      validated_claim_ids: derived,
      rejected_claim_ids: [],
      missing_support_claim_ids: [],
    },
  });
  ev({ kind: 'step_started', step_id: nf.id });
  ev({
    kind: 'step_finished',
    step_id: nf.id,
    output: {
      kind: 'finalize',
      final_claim_ids: derived,
      final_answer: `The bridge opened on 1 July 1940 and collapsed on 7 November 1940, 129 days later: its shallow plate-girder deck had little torsional stiffness and failed by aeroelastic flutter in a 64 km/h wind.`,
      uncertainty: 'low',
    },
  });
  renumber(events);

  return {
    spec,
    plan,
    nodes: { understand: nu, gather: ng, derive: nd, verify: nv, finalize: nf },
    descriptor,
    runtime_fingerprint,
    preset: 'default',
    seed,
    metadata: {
      runtime_fingerprint,
      invariant_checksum: sha256(`checksum:${seed}`),
      reasoning_policy: { min_supports_per_claim: 2 },
    },
    header: {
      runtime_protocol_version: 1,
      schema_version: 1,
      fingerprint_algo: 'sha256',
      canonicalization_version: 1,
    },
    events,
    evidence,
    chunks: Object.values(chunks).map((c) => ({
      chunk_id: c.chunk_id,
      chunk_sha256: c.chunk_sha256,
      doc_id: c.doc,
      end_byte: c.end,
      start_byte: c.start,
      uri: c.uri,
    })),
    claims,
    evidenceById,
    calc,
    searchCalls: events
      .filter((e) => e.kind === 'tool_called' && e.call.tool_name === 'bm25_search')
      .map((e) => e.call),
    span,
    marker,
  };
}

/** Sets every event's idx to its position. */
export function renumber(events) {
  events.forEach((e, i) => {
    e.idx = i;
  });
  return events;
}

/** Rebuilds a claim (statement markers, content id) after its supports or text changed. */
export function reclaim(model, c, { text, markers } = {}) {
  const ev = c.supports.filter((s) => s.kind === 'evidence');
  const base = text ?? c.statement.replace(/ \[evidence:[^\]]*\]/g, '');
  const statement =
    markers === false ? base : `${base}${ev.length ? ' ' + ev.map(model.marker).join(' ') : ''}`;
  const body = {
    statement,
    status: c.status,
    confidence: c.confidence,
    supports: c.supports,
    claim_type: c.claim_type,
    structured: c.structured,
  };
  const was = c.id;
  Object.assign(c, { id: stableId('claim', body), statement });
  // The step outputs that list the claim (derive, verify, finalize) follow its new id.
  for (const e of model.events ?? []) {
    if (e.kind !== 'step_finished') continue;
    for (const [k, v] of Object.entries(e.output))
      if (k.endsWith('claim_ids') && Array.isArray(v))
        e.output[k] = v.map((id) => (id === was ? c.id : id));
  }
  return c;
}

/** Gives a claim a new statement as written (markers untouched) and its content id. */
export function reid(model, c, statement) {
  return reclaim(model, c, { text: statement, markers: false });
}

// ── writing a run directory ─────────────────────────────────────────────────────────────────────

function write(p, content) {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
}

function listFiles(dir, base = dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(abs, base));
    else if (e.isFile()) out.push(path.relative(base, abs).split(path.sep).join('/'));
  }
  return out.sort();
}

/**
 * Writes the model as the producer would under <root>/artifacts/runs/<run_id>/, computing every
 * content-derived id, hash, the fingerprint and the manifest. Hooks: `lines(lines)` edits the trace
 * lines after the trace id was computed (the header then names the original content); `beforeSeal`
 * edits files before fingerprint.txt and manifest.json are written; `afterSeal` edits them after.
 */
export function writeRun(
  root,
  model,
  { lines, beforeSeal, afterSeal, runsDir = 'artifacts/runs' } = {},
) {
  const spec_id = model.specId ?? stableId('spec', model.spec);
  const spec = { id: spec_id, ...model.spec };
  const planBody = {
    ...model.plan,
    spec_id: model.plan.spec_id === undefined ? spec_id : model.plan.spec_id,
  };
  const plan_id =
    model.planId ??
    stableId('plan', {
      edges: planBody.edges,
      nodes: planBody.nodes,
      problem: planBody.problem,
      spec_id: planBody.spec_id,
    });
  const plan = { id: plan_id, ...planBody };
  const h = { spec_id, plan_id, ...model.header, metadata: model.metadata };
  const trace_id =
    model.traceId ??
    stableId('trace', {
      canonicalization_version: h.canonicalization_version,
      events: model.events,
      fingerprint_algo: h.fingerprint_algo,
      metadata: h.metadata,
      plan_id: h.plan_id,
      runtime_protocol_version: h.runtime_protocol_version,
      schema_version: h.schema_version,
      spec_id: h.spec_id,
    });
  const header = { record: 'trace_header', id: trace_id, ...h };
  const run_id =
    model.runId ??
    stableId('run', {
      preset: model.preset,
      runtime_fingerprint: model.runtime_fingerprint,
      seed: model.seed,
      spec_id,
    });
  const dir = path.join(root, ...runsDir.split('/'), run_id);
  fs.rmSync(dir, { recursive: true, force: true });
  const r = {
    dir,
    run_id,
    trace_id,
    path: (rel) => path.join(dir, ...rel.split('/')),
    read: (rel) => fs.readFileSync(path.join(dir, ...rel.split('/'))),
    write: (rel, content) => write(path.join(dir, ...rel.split('/')), content),
    remove: (rel) => fs.rmSync(path.join(dir, ...rel.split('/')), { recursive: true, force: true }),
    model,
  };

  for (const [rel, content] of Object.entries(model.evidence)) r.write(rel, content);
  r.write('provenance/chunks.jsonl', model.chunks.map((c) => canonical(c) + '\n').join(''));
  r.write('spec.json', canonical(spec) + '\n');
  r.write('plan.json', canonical(plan) + '\n');
  let traceLines = [
    canonical(header),
    ...model.events.map((event) => canonical({ event, record: 'trace_event' })),
  ];
  if (lines) traceLines = lines(traceLines, r) ?? traceLines;
  r.write(
    'trace.jsonl',
    Buffer.isBuffer(traceLines) ? traceLines : traceLines.map((l) => l + '\n').join(''),
  );
  const checks = [
    'core_invariants',
    'claim_justifications',
    'finalize_present',
    'insufficient_reasoning',
    'required_steps',
    'tool_linkage',
    'derived_claim_grounding',
    'evidence_hashes',
    'support_spans',
  ];
  const report = model.verifyReport ?? {
    checks: checks.map((name) => ({ name, passed: true, details: null, metrics: {} })),
    failures: [],
    summary_metrics: {
      claims: new PyFloat(model.claims.length),
      evidence: new PyFloat(Object.keys(model.evidence).length),
    },
    trace_id,
  };
  r.write('verify.json', canonical({ id: stableId('verify', report), ...report }) + '\n');
  const runMeta = model.runMeta ?? {
    run_id,
    spec_id,
    plan_id,
    trace_id,
    preset: model.preset,
    seed: model.seed,
    runtime: { kind: model.descriptor.kind, mode: model.descriptor.mode },
    runtime_descriptor: model.descriptor,
    runtime_fingerprint: model.runtime_fingerprint,
    invariant_checksum: model.metadata.invariant_checksum,
    schema_version: 1,
    producer_version: '0.4.2',
  };
  r.write(
    'run_meta.json',
    canonical(model.runMetaEdit ? model.runMetaEdit(runMeta) : runMeta) + '\n',
  );
  beforeSeal?.(r);
  if (fs.existsSync(r.path('trace.jsonl')) && fs.statSync(r.path('trace.jsonl')).isFile())
    r.write('fingerprint.txt', sha256(r.read('trace.jsonl')) + '\n');
  const manifest = {};
  for (const rel of listFiles(dir))
    if (rel !== 'manifest.json') manifest[rel] = sha256(r.read(rel));
  r.write(
    'manifest.json',
    canonical(model.manifestEdit ? model.manifestEdit(manifest) : manifest) + '\n',
  );
  afterSeal?.(r);
  return r;
}

// ── fixtures ────────────────────────────────────────────────────────────────────────────────────

const rewriteTrace = (r, fn) => {
  const lines = r.read('trace.jsonl').toString('utf8').replace(/\n$/, '').split('\n');
  r.write(
    'trace.jsonl',
    fn(lines)
      .map((l) => l + '\n')
      .join(''),
  );
};
const ev = (l) => JSON.parse(l).event;
const evidenceFile = (r, key) => r.model.evidenceById[key].content_path;

function buildFixtures(out) {
  // The real producer's runs (real-*) are written by scripts/generate-real-trace-runs.py and kept;
  // everything else here is regenerated.
  fs.mkdirSync(out, { recursive: true });
  for (const name of fs.readdirSync(out))
    if (!name.startsWith('real-'))
      fs.rmSync(path.join(out, name), { recursive: true, force: true });
  const fixture = (
    id,
    kind,
    {
      description,
      expected,
      state = expected.length ? 'rejected' : 'accepted',
      options = {},
      empty_dirs,
      model: mutate,
      lines,
      beforeSeal,
      afterSeal,
      makeModel = cleanModel,
    },
  ) => {
    const dir = path.join(out, id);
    const input = path.join(dir, 'input');
    const m = makeModel();
    mutate?.(m);
    const r = writeRun(input, m, { lines, beforeSeal, afterSeal });
    const target = path.relative(input, r.dir).split(path.sep).join('/');
    const json = {
      schema_version: '1.0',
      fixture_id: id,
      fixture_kind: kind,
      pack: 'trace',
      description,
      input: 'input',
      target,
      options,
      ...(empty_dirs ? { empty_dirs: empty_dirs.map((d) => `${target}/${d(r)}`) } : {}),
      expected_validation_codes: expected,
      expected_terminal_state: state,
    };
    write(path.join(dir, 'fixture.json'), JSON.stringify(json, null, 2) + '\n');
  };
  const claimEvent = (m, i) => m.events.filter((e) => e.kind === 'claim_emitted')[i];
  const T = (c) => `trace.${c}`;

  // ── clean runs: nothing may fire ──────────────────────────────────────────────────────────
  fixture('clean-run', 'clean', {
    description:
      'A realistic run: 6 evidence chunks from 2 searches, a calculator call, 5 derived claims each with 2-3 exact-byte citations, one claim supported by another.',
    expected: [],
  });
  /** The clean run turned into one that reports insufficient evidence and derives nothing. */
  const insufficient = (m) => {
    m.events = m.events.filter(
      (e) =>
        e.kind !== 'claim_emitted' &&
        !(e.kind === 'tool_called' && e.call.tool_name === 'calculator') &&
        !(e.kind === 'tool_returned' && e.result.call_id === m.calc.id),
    );
    const d = m.events.find((e) => e.kind === 'step_finished' && e.output.kind === 'derive');
    d.output = {
      kind: 'insufficient_evidence',
      reason: 'retrieved passages do not state the cause',
      retrieved: 6,
      required: 8,
    };
    for (const e of m.events)
      if (e.kind === 'step_finished' && e.output.kind === 'verify')
        e.output.validated_claim_ids = [];
    for (const e of m.events)
      if (e.kind === 'step_finished' && e.output.kind === 'finalize')
        Object.assign(e.output, {
          final_claim_ids: [],
          final_answer: null,
          uncertainty: 'insufficient evidence',
        });
    m.claims = [];
    renumber(m.events);
  };
  /** An unsupported derived claim marked insufficient, emitted just before the insufficient output. */
  const injectMarkedClaim = (m, status, confidence) => {
    const statement = 'The bridge was destroyed by sabotage.';
    const c = reid(
      m,
      {
        statement,
        status,
        confidence: new PyFloat(confidence),
        supports: [],
        claim_type: 'derived',
        structured: { insufficient_evidence: true },
      },
      statement,
    );
    const at = m.events.findIndex(
      (e) => e.kind === 'step_finished' && e.output.kind === 'insufficient_evidence',
    );
    m.events.splice(at, 0, { kind: 'claim_emitted', step_id: m.nodes.derive.id, claim: c });
    renumber(m.events);
    return c;
  };
  /**
   * An insufficient-evidence run whose policy allows marked claims, with a validated marked claim
   * that `present(finalizeOutput, claim)` makes the run's answer.
   */
  const answerWithMarkedClaim = (m, present) => {
    insufficient(m);
    m.metadata.reasoning_policy.allow_marked_insufficient_claims = true;
    const c = injectMarkedClaim(m, 'validated', 0.99);
    for (const e of m.events)
      if (e.kind === 'step_finished' && e.output.kind === 'finalize') present(e.output, c);
  };
  fixture('clean-insufficient-evidence', 'clean', {
    description:
      'The derive step reports insufficient evidence and no claim is derived: a valid outcome.',
    expected: [],
    model: insufficient,
  });
  /**
   * Insufficient evidence whose derived claims are all marked insufficient, in a run whose
   * recorded policy allows them; the verify and finalize outputs still present them as the
   * answer (the clean fixture below withdraws that).
   */
  const markedClaimsRun = (m) => {
    const d = m.events.find((e) => e.kind === 'step_finished' && e.output.kind === 'derive');
    d.output = {
      kind: 'insufficient_evidence',
      reason: 'only one source states the wind speed',
      retrieved: 6,
      required: 8,
    };
    markDerivedClaims(m);
  };
  /** Every derived claim marked insufficient, in a run whose recorded policy allows it. */
  const markDerivedClaims = (m) => {
    m.metadata.reasoning_policy.allow_marked_insufficient_claims = true;
    for (const e of m.events.filter((x) => x.kind === 'claim_emitted')) {
      if (e.claim.claim_type === 'derived') {
        e.claim.structured = { insufficient_evidence: true };
        reclaim(m, e.claim);
      }
    }
    // claim supports by id: the claim-to-claim support must follow the new id
    const c2 = claimEvent(m, 1).claim;
    const last = claimEvent(m, 5).claim;
    last.supports[0] = {
      ...last.supports[0],
      ref_id: c2.id,
      span: [0, Buffer.byteLength(c2.statement)],
      snippet_sha256: sha256(Buffer.from(c2.statement)),
    };
    reclaim(m, last);
  };
  fixture('clean-answer-marked-claims', 'clean', {
    description:
      'A run that answers (no insufficient_evidence output) with grounded derived claims that happen to be marked insufficient: the mark changes nothing, they are its answer.',
    expected: [],
    model: markDerivedClaims,
  });
  fixture('clean-insufficient-marked-claims', 'clean', {
    description:
      'Insufficient evidence with derived claims explicitly marked insufficient (structured.insufficient_evidence), in a run whose recorded policy allows such claims; the verify step validates none of them and finalize gives no answer.',
    expected: [],
    model: (m) => {
      markedClaimsRun(m);
      for (const e of m.events) {
        if (e.kind !== 'step_finished') continue;
        if (e.output.kind === 'verify') {
          e.output.missing_support_claim_ids = e.output.validated_claim_ids;
          e.output.validated_claim_ids = [];
        }
        if (e.output.kind === 'finalize')
          Object.assign(e.output, {
            final_claim_ids: [],
            final_answer: null,
            uncertainty: 'insufficient evidence',
          });
      }
    },
  });
  fixture('insufficient-marked-claims-answered', 'insufficient_ambiguous', {
    description:
      'The same run, but its verify step validates the marked claims and finalize answers with them: a run that answers and reports insufficient evidence is ambiguous, marked or not.',
    expected: [T('insufficient_ambiguous')],
    model: markedClaimsRun,
  });
  fixture('clean-python-floats', 'clean', {
    description: 'Floats written the way Python writes them (1.0, 1e-05, 2.5e+16) are canonical.',
    expected: [],
    model: (m) => {
      m.metadata.tolerances = {
        snippet: new PyFloat(1e-5),
        big: new PyFloat(2.5e16),
        unit: new PyFloat(1),
      };
      const c = claimEvent(m, 2).claim;
      c.confidence = new PyFloat(1);
      reclaim(m, c);
    },
  });
  fixture('clean-output-tagged-type', 'clean', {
    description:
      'Step outputs tagged with "type" (pydantic field name) instead of "kind" are accepted.',
    expected: [],
    model: (m) => {
      for (const e of m.events)
        if (e.kind === 'step_finished') {
          const { kind, ...rest } = e.output;
          e.output = { type: kind, ...rest };
        }
    },
  });

  // ── the tamper matrix on one evidence file (edited after the run) ──────────────────────────
  const HIST2 = 'tacoma-narrows-history#2';
  fixture('evidence-byte-flipped', 'evidence_tamper', {
    description:
      'One byte inside a cited span of an evidence file is flipped after the run ("64 km/h" becomes "84 km/h").',
    expected: [
      T('evidence_hash_mismatch'),
      T('manifest_hash_mismatch'),
      T('snippet_hash_mismatch'),
    ],
    afterSeal: (r) => {
      const rel = evidenceFile(r, HIST2);
      const b = Buffer.from(r.read(rel));
      b[b.indexOf('64 km/h')] = 0x38; // '6' -> '8'
      r.write(rel, b);
    },
  });
  fixture('evidence-truncated', 'evidence_tamper', {
    description: 'An evidence file is truncated after the run: cited spans now reach past its end.',
    expected: [T('evidence_hash_mismatch'), T('manifest_hash_mismatch'), T('span_out_of_bounds')],
    afterSeal: (r) => {
      const rel = evidenceFile(r, HIST2);
      r.write(rel, r.read(rel).subarray(0, 40));
    },
  });
  fixture('evidence-appended', 'evidence_tamper', {
    description:
      'Text is appended to an evidence file after the run; cited spans still hold their bytes.',
    expected: [T('evidence_hash_mismatch'), T('manifest_hash_mismatch')],
    afterSeal: (r) => {
      const rel = evidenceFile(r, HIST2);
      r.write(
        rel,
        Buffer.concat([r.read(rel), Buffer.from('Some accounts blame the wind alone.\n')]),
      );
    },
  });
  fixture('evidence-deleted', 'evidence_tamper', {
    description: 'An evidence file is deleted after the run.',
    expected: [T('evidence_missing'), T('manifest_file_missing')],
    afterSeal: (r) => r.remove(evidenceFile(r, HIST2)),
  });
  fixture('evidence-overwritten', 'evidence_tamper', {
    description: 'An evidence file is overwritten with other text of the same length.',
    expected: [
      T('evidence_hash_mismatch'),
      T('manifest_hash_mismatch'),
      T('snippet_hash_mismatch'),
    ],
    afterSeal: (r) => {
      const rel = evidenceFile(r, HIST2);
      const n = r.read(rel).length;
      r.write(
        rel,
        Buffer.from(
          'The collapse is disputed and no reliable record of the day survives. '.repeat(10),
        ).subarray(0, n),
      );
    },
  });
  fixture('evidence-replaced-by-directory', 'evidence_unreadable', {
    description: 'An evidence path is a directory, not a file.',
    expected: [T('evidence_unreadable'), T('manifest_file_missing')],
    afterSeal: (r) => r.remove(evidenceFile(r, HIST2)),
    empty_dirs: [(r) => evidenceFile(r, HIST2)],
  });

  // ── evidence paths and provenance (as written by a faulty producer) ────────────────────────
  const setPath = (m, key, p) => {
    const ref = m.evidenceById[key];
    for (const e of m.events)
      if (e.kind === 'evidence_registered' && e.evidence.id === ref.id) e.evidence.content_path = p;
  };
  fixture('evidence-path-dotdot', 'evidence_path_escape', {
    description: 'An evidence content_path climbs out of the run directory with "..".',
    expected: [T('evidence_path_escape')],
    model: (m) => setPath(m, HIST2, '../../../../secrets.txt'),
  });
  fixture('evidence-path-absolute', 'evidence_path_escape', {
    description: 'An evidence content_path is absolute.',
    expected: [T('evidence_path_escape')],
    model: (m) => setPath(m, HIST2, '/etc/passwd'),
  });
  fixture('evidence-symlink-out', 'evidence_path_escape', {
    description: 'An evidence file is a symlink to a file outside the run directory.',
    expected: [T('evidence_path_escape')],
    afterSeal: (r) => {
      const rel = evidenceFile(r, HIST2);
      const outside = path.join(r.dir, '..', '..', '..', 'outside-evidence.txt');
      fs.writeFileSync(outside, r.read(rel));
      r.remove(rel);
      fs.symlinkSync(path.relative(path.dirname(r.path(rel)), outside), r.path(rel));
    },
  });
  fixture('evidence-chunk-span-mismatch', 'evidence_chunk_mismatch', {
    description: 'provenance/chunks.jsonl gives the chunk another span than the evidence records.',
    expected: [T('evidence_chunk_mismatch')],
    model: (m) => {
      m.chunks[1].end_byte += 10;
    },
  });
  fixture('chunk-listed-again-later', 'producer_spans_rejected', {
    description:
      'provenance/chunks.jsonl lists a cited chunk again, at a later span (repeated text): the producer’s verifier takes the last line’s span for the chunk id, so it rejects the evidence cut from the first copy.',
    expected: [T('producer_spans_rejected')],
    model: (m) => {
      const c = m.chunks[1];
      m.chunks.push({ ...c, start_byte: c.start_byte + 10_000, end_byte: c.end_byte + 10_000 });
    },
  });
  fixture('chunks-malformed', 'chunks_invalid', {
    description: 'A line of provenance/chunks.jsonl is cut short.',
    expected: [T('chunks_invalid')],
    beforeSeal: (r) => {
      const text = r.read('provenance/chunks.jsonl').toString();
      const lines = text.split('\n');
      lines[2] = lines[2].slice(0, 50);
      r.write('provenance/chunks.jsonl', lines.join('\n'));
    },
  });
  fixture('evidence-registered-twice', 'evidence_duplicate', {
    description: 'The same evidence is registered twice.',
    expected: [T('evidence_duplicate')],
    model: (m) => {
      const i = m.events.findIndex((e) => e.kind === 'evidence_registered');
      m.events.splice(i + 1, 0, clone(m.events[i]));
      renumber(m.events);
    },
  });

  // ── claims and grounding ───────────────────────────────────────────────────────────────────
  fixture('snippet-hash-zeroed', 'snippet_hash_mismatch', {
    description:
      'A derived claim cites a span with a zeroed snippet hash (support and marker agree, the bytes do not).',
    expected: [T('snippet_hash_mismatch')],
    model: (m) => {
      const c = claimEvent(m, 2).claim;
      c.supports = c.supports.map((s, i) =>
        i === 0 ? { ...s, snippet_sha256: '0'.repeat(64) } : s,
      );
      reclaim(m, c);
    },
  });
  fixture('tool-call-snippet-forged', 'snippet_hash_mismatch', {
    description:
      'A claim’s tool_call support carries a forged snippet hash; claim id, trace id, fingerprint and manifest are recomputed.',
    expected: [T('snippet_hash_mismatch')],
    model: (m) => {
      const c = claimEvent(m, 3).claim;
      c.supports[0] = { ...c.supports[0], snippet_sha256: sha256('forged') };
      reclaim(m, c);
    },
  });
  fixture('tool-result-changed', 'snippet_hash_mismatch', {
    description:
      'The calculator result under the claim citing it is changed from 129 to 130, and the run re-sealed.',
    expected: [T('snippet_hash_mismatch')],
    model: (m) => {
      const e = m.events.find((x) => x.kind === 'tool_returned' && x.result.call_id === m.calc.id);
      e.result = { ...e.result, result: { value: 130 } };
    },
  });
  fixture('claim-support-span-huge', 'span_out_of_bounds', {
    description:
      'A claim support cites bytes [0, 999999) of another claim, far past its statement; the run is re-sealed.',
    expected: [T('span_out_of_bounds')],
    model: (m) => {
      const c = claimEvent(m, 5).claim;
      c.supports[0] = { ...c.supports[0], span: [0, 999999] };
      reclaim(m, c);
    },
  });
  fixture('claim-after-step-finished', 'claim_after_step', {
    description:
      'A claim is emitted in the derive step after that step finished (and after the outputs that list it).',
    expected: [T('claim_after_step'), T('support_unresolved')],
    model: (m) => {
      const e = claimEvent(m, 4);
      m.events.splice(m.events.indexOf(e), 1);
      const done = m.events.findIndex(
        (x) => x.kind === 'step_finished' && x.step_id === m.nodes.derive.id,
      );
      m.events.splice(done + 1, 0, e);
      renumber(m.events);
    },
  });
  fixture('claim-after-finalize', 'claim_after_step', {
    description:
      'A claim belonging to no step is appended after the run finalized its answer (and after the outputs that list it).',
    expected: [T('claim_after_step'), T('support_unresolved')],
    model: (m) => {
      const e = claimEvent(m, 4);
      m.events.splice(m.events.indexOf(e), 1);
      m.events.push({ ...e, step_id: '' });
      renumber(m.events);
    },
  });
  fixture('step-before-dependency', 'step_before_dependency', {
    description:
      'The verify node runs before the derive node it depends on has finished (so its output lists claims not yet emitted).',
    expected: [T('step_before_dependency'), T('support_unresolved')],
    model: (m) => {
      const verify = m.events.filter((x) => x.step_id === m.nodes.verify.id);
      m.events = m.events.filter((x) => x.step_id !== m.nodes.verify.id);
      const derive = m.events.findIndex(
        (x) => x.kind === 'step_started' && x.step_id === m.nodes.derive.id,
      );
      m.events.splice(derive, 0, ...verify);
      renumber(m.events);
    },
  });
  fixture('legacy-marker', 'marker_legacy', {
    description:
      'A derived claim cites evidence with the legacy [evidence:X] marker instead of span and hash.',
    expected: [T('marker_legacy'), T('marker_missing')],
    model: (m) => {
      const c = claimEvent(m, 2).claim;
      reclaim(m, c, {
        text: `Shallow solid plate girders, used instead of open stiffening trusses, left the deck with little torsional stiffness. [evidence:${c.supports[0].ref_id}]`,
        markers: false,
      });
      reid(m, c, `${c.statement} ${m.marker(c.supports[1])}`);
    },
  });
  fixture('marker-repeated', 'marker_unmatched', {
    description: 'A derived claim repeats one marker: markers and supports must match one to one.',
    expected: [T('marker_unmatched')],
    model: (m) => {
      const c = claimEvent(m, 0).claim;
      reid(m, c, `${c.statement} ${m.marker(c.supports[0])}`);
    },
  });
  fixture('marker-wrong-span', 'marker_missing', {
    description: 'A marker names a span one byte longer than its support.',
    expected: [T('marker_missing'), T('marker_unmatched')],
    model: (m) => {
      const c = claimEvent(m, 0).claim;
      const s = c.supports[0];
      reid(
        m,
        c,
        c.statement.replace(`:${s.span[0]}-${s.span[1]}:`, `:${s.span[0]}-${s.span[1] + 1}:`),
      );
    },
  });
  fixture('span-past-end', 'span_out_of_bounds', {
    description:
      'A support span reaches past the end of the evidence file (marker and support agree).',
    expected: [T('span_out_of_bounds')],
    model: (m) => {
      const c = claimEvent(m, 2).claim;
      const s = c.supports[1];
      const len = m.evidence[m.evidenceById['deck-design#1'].content_path].length;
      c.supports[1] = { ...s, span: [s.span[0], len + 25] };
      reclaim(m, c);
    },
  });
  fixture('claim-ungrounded', 'claim_ungrounded', {
    description: 'A derived claim rests only on another claim: no evidence grounds it.',
    expected: [T('claim_ungrounded')],
    model: (m) => {
      const c = claimEvent(m, 5).claim;
      c.supports = [c.supports[0]];
      reclaim(m, c);
    },
  });
  fixture('supports-too-few', 'supports_too_few', {
    description: 'A derived claim has one evidence support; the minimum is 2.',
    expected: [T('supports_too_few')],
    model: (m) => {
      const c = claimEvent(m, 2).claim;
      c.supports = [c.supports[0]];
      reclaim(m, c);
    },
  });
  fixture('min-supports-option', 'supports_too_few', {
    description:
      'The gate asks for 3 supports per derived claim (option min_supports); the 2-support claims fail.',
    options: { min_supports: 3 },
    expected: [T('supports_too_few')],
  });
  fixture('retrieval-required', 'retrieval_missing', {
    description:
      'The gate requires every run to retrieve its evidence (option require_retrieval); this run makes no search and pins no corpus, so its evidence cannot be traced to one.',
    options: { require_retrieval: true },
    expected: [T('retrieval_missing')],
  });
  fixture('reasoning-required', 'reasoning_trace_mismatch', {
    description:
      'The gate requires the producer’s reasoning record (option require_reasoning); this run, as another tool writes it, derives 5 claims and carries none: one finding for the run, not one per claim. The option declares every run the producer’s, so its span check applies too, and this run’s chunks do not start their documents.',
    options: { require_reasoning: true },
    expected: [T('reasoning_trace_mismatch'), T('producer_spans_rejected')],
  });
  fixture('support-cited-twice', 'supports_too_few', {
    description:
      'A derived claim cites the same evidence bytes twice (with two markers): one distinct support, not two.',
    expected: [T('supports_too_few')],
    model: (m) => {
      const c = claimEvent(m, 2).claim;
      c.supports = [c.supports[0], { ...c.supports[0] }];
      reclaim(m, c);
    },
  });
  fixture('claim-marked-insufficient-in-answer', 'claim_ungrounded', {
    description:
      'A run that answers (no insufficient_evidence output) adds an ungrounded derived claim marked insufficient: the mark exempts claims only when the run reports insufficient evidence.',
    expected: [T('claim_ungrounded')],
    model: (m) => {
      const c = claimEvent(m, 5).claim;
      c.supports = [c.supports[0]];
      c.structured = { ...c.structured, insufficient_evidence: true };
      reclaim(m, c);
    },
  });
  fixture('insufficient-marked-claim-injected', 'insufficient_ambiguous', {
    description:
      'An unsupported derived claim marked structured.insufficient_evidence is injected into an insufficient-evidence run whose policy does not allow such claims; the run is re-sealed.',
    expected: [T('insufficient_ambiguous'), T('claim_ungrounded')],
    model: (m) => {
      insufficient(m);
      injectMarkedClaim(m, 'proposed', 0.5);
    },
  });
  fixture('insufficient-marked-claim-answered', 'insufficient_ambiguous', {
    description:
      'In an insufficient-evidence run whose recorded policy allows claims marked insufficient, an unsupported marked claim (status validated, though the verify step lists it nowhere) is named by finalize as the answer: the exemption never covers the answer itself.',
    expected: [T('insufficient_ambiguous'), T('claim_ungrounded'), T('answer_not_validated')],
    model: (m) => answerWithMarkedClaim(m, (output, c) => (output.final_claim_ids = [c.id])),
  });
  fixture('insufficient-marked-claim-final-text', 'insufficient_ambiguous', {
    description:
      'As above, but the marked claim is named nowhere: its statement is the finalize output’s final_answer. The exemption does not cover the answer’s text either.',
    expected: [T('insufficient_ambiguous'), T('claim_ungrounded'), T('answer_not_validated')],
    model: (m) => answerWithMarkedClaim(m, (output, c) => (output.final_answer = c.statement)),
  });
  fixture('claim-empty-step', 'claim_after_step', {
    description:
      'A claim is emitted with an empty step_id (the producer’s schema allows it, no real run does): no step would have checked it.',
    expected: [T('claim_after_step')],
    model: (m) => {
      claimEvent(m, 0).step_id = '';
    },
  });
  /**
   * The first claim's first evidence, registered again under another uri (an alias of the same
   * bytes), and the claim's supports cut to that evidence through both ids. Returns where the
   * original registration is and the alias's registration event.
   */
  const aliasFirstEvidence = (m) => {
    const c = claimEvent(m, 0).claim;
    const first = c.supports.find((x) => x.kind === 'evidence');
    const at = m.events.findIndex(
      (e) => e.kind === 'evidence_registered' && e.evidence.id === first.ref_id,
    );
    const orig = m.events[at].evidence;
    const e = {
      uri: `${orig.uri}#again`,
      sha256: orig.sha256,
      span: orig.span,
      chunk_id: orig.chunk_id,
    };
    const alias = { id: stableId('ev', e), ...e, content_path: orig.content_path };
    c.supports = [first, { ...first, ref_id: alias.id }];
    reclaim(m, c);
    return { c, at, registration: { ...m.events[at], evidence: alias } };
  };
  fixture('supports-same-bytes-two-ids', 'supports_too_few', {
    description:
      'A derived claim’s two evidence supports cite the same bytes through two evidence ids (one chunk registered twice, under two uris): the same bytes count once, so it rests on one support.',
    expected: [T('supports_too_few')],
    model: (m) => {
      const { at, registration } = aliasFirstEvidence(m);
      m.events.splice(at + 1, 0, registration);
      renumber(m.events);
    },
  });
  fixture('supports-same-bytes-late-evidence', 'supports_too_few', {
    description:
      'The same two aliases, registered after the claim that cites them (and after the step output that lists them): supports are counted once the whole trace is read, so the same bytes still count once.',
    expected: [T('supports_too_few'), T('support_unresolved')],
    model: (m) => {
      const { c, at, registration } = aliasFirstEvidence(m);
      // Both registrations move to just after the claim.
      const [reg] = m.events.splice(at, 1);
      const after = m.events.findIndex((x) => x.kind === 'claim_emitted' && x.claim === c) + 1;
      m.events.splice(after, 0, reg, registration);
      renumber(m.events);
    },
  });
  fixture('support-unknown-evidence', 'support_unresolved', {
    description: 'A claim cites evidence that no event registers.',
    expected: [T('support_unresolved')],
    model: (m) => {
      const c = claimEvent(m, 2).claim;
      c.supports[1] = { ...c.supports[1], ref_id: 'ev_v1_' + sha256('never registered') };
      reclaim(m, c);
    },
  });
  fixture('final-claim-unknown', 'support_unresolved', {
    description:
      'The finalize output lists a claim id the trace never emits: the answer rests on a claim that does not exist.',
    expected: [T('support_unresolved')],
    model: (m) => {
      const fin = m.events.find((e) => e.kind === 'step_finished' && e.output.kind === 'finalize');
      fin.output.final_claim_ids = [...fin.output.final_claim_ids, 'claim_v1_' + sha256('never')];
    },
  });
  /** The step_finished output of kind `kind`. */
  const outputOf = (m, kind) =>
    m.events.find((e) => e.kind === 'step_finished' && e.output.kind === kind).output;
  fixture('final-claims-rejected', 'answer_not_validated', {
    description:
      'The verify step rejects every derived claim (and validates none), yet the finalize step answers with them: the run answers from claims it rejected itself.',
    expected: [T('answer_not_validated')],
    model: (m) => {
      const verify = outputOf(m, 'verify');
      verify.rejected_claim_ids = verify.validated_claim_ids;
      verify.validated_claim_ids = [];
    },
  });
  fixture('final-claim-status-rejected', 'answer_not_validated', {
    description:
      'The first derived claim is emitted with status "rejected" (its content id recomputed), yet the verify step validates it and the answer uses it.',
    expected: [T('answer_not_validated')],
    model: (m) => {
      const c = claimEvent(m, 0).claim;
      c.status = 'rejected';
      reclaim(m, c, { text: c.statement, markers: false });
    },
  });
  fixture('final-claim-not-validated', 'answer_not_validated', {
    description:
      'The verify step validates only the first derived claim, but the finalize step answers with all of them.',
    expected: [T('answer_not_validated')],
    model: (m) => {
      const verify = outputOf(m, 'verify');
      verify.validated_claim_ids = verify.validated_claim_ids.slice(0, 1);
    },
  });
  fixture('final-answer-without-claims', 'answer_not_validated', {
    description:
      'The finalize step writes a final_answer but names no final claim: the answer rests on nothing the run checked.',
    expected: [T('answer_not_validated')],
    model: (m) => {
      outputOf(m, 'finalize').final_claim_ids = [];
    },
  });
  fixture('claim-validated-before-emitted', 'support_unresolved', {
    description:
      'A derived claim is moved into the finalize step, after the verify output that validates it (its id is predictable): a step output lists only what came before it, and only the derive step emits claims.',
    expected: [T('support_unresolved'), T('claim_after_step')],
    model: (m) => {
      const e = claimEvent(m, 0);
      m.events.splice(m.events.indexOf(e), 1);
      const fin = m.events.findIndex(
        (x) => x.kind === 'step_started' && x.step_id === m.nodes.finalize.id,
      );
      m.events.splice(fin + 1, 0, { ...e, step_id: m.nodes.finalize.id });
      renumber(m.events);
    },
  });
  fixture('claim-emitted-in-verify', 'claim_after_step', {
    description:
      'A derived claim is moved out of the derive step (and its output) into the verify step, before the verify output that validates it: only the derive step emits claims.',
    expected: [T('claim_after_step')],
    model: (m) => {
      const e = claimEvent(m, 0);
      m.events.splice(m.events.indexOf(e), 1);
      const derive = outputOf(m, 'derive');
      derive.claim_ids = derive.claim_ids.filter((id) => id !== e.claim.id);
      const at = m.events.findIndex(
        (x) => x.kind === 'step_started' && x.step_id === m.nodes.verify.id,
      );
      m.events.splice(at + 1, 0, { ...e, step_id: m.nodes.verify.id });
      renumber(m.events);
    },
  });
  fixture('step-output-kinds-swapped', 'step_required_missing', {
    description:
      'The derive step writes an output of kind verify (validating the claims) and the verify step one of kind derive: each output must be of its plan node’s kind.',
    expected: [T('step_required_missing')],
    model: (m) => {
      const derive = m.events.find(
        (x) => x.kind === 'step_finished' && x.step_id === m.nodes.derive.id,
      );
      const verify = m.events.find(
        (x) => x.kind === 'step_finished' && x.step_id === m.nodes.verify.id,
      );
      const [a, b] = [derive.output, verify.output];
      derive.output = b;
      verify.output = a;
    },
  });
  fixture('support-failed-tool', 'support_failed_tool', {
    description:
      'The calculator’s result reports failure (success false, an error), yet a derived claim still cites that call’s result as its support.',
    expected: [T('support_failed_tool')],
    model: (m) => {
      const e = m.events.find((x) => x.kind === 'tool_returned' && x.result.call_id === m.calc.id);
      e.result = { ...e.result, success: false, error: 'division by zero' };
    },
  });
  fixture('support-tool-error', 'support_failed_tool', {
    description:
      'The calculator’s result says success but records an error, and a derived claim cites that call’s result as its support: a result with an error failed.',
    expected: [T('support_failed_tool')],
    model: (m) => {
      const e = m.events.find((x) => x.kind === 'tool_returned' && x.result.call_id === m.calc.id);
      e.result = { ...e.result, error: 'division by zero' };
    },
  });
  fixture('claim-emitted-twice', 'claim_duplicate', {
    description: 'The same claim is emitted twice.',
    expected: [T('claim_duplicate')],
    model: (m) => {
      const i = m.events.findIndex((e) => e.kind === 'claim_emitted');
      m.events.splice(i + 1, 0, clone(m.events[i]));
      renumber(m.events);
    },
  });
  fixture('no-outcome', 'no_outcome', {
    description: 'The run derives no claim and does not report insufficient evidence.',
    expected: [T('no_outcome')],
    model: (m) => {
      const derived = new Set(
        m.events
          .filter((e) => e.kind === 'claim_emitted' && e.claim.claim_type === 'derived')
          .map((e) => e.claim.id),
      );
      m.events = m.events.filter((e) => !(e.kind === 'claim_emitted' && derived.has(e.claim.id)));
      for (const e of m.events.filter((x) => x.kind === 'step_finished'))
        for (const [k, v] of Object.entries(e.output))
          if (k.endsWith('claim_ids')) e.output[k] = v.filter((id) => !derived.has(id));
      outputOf(m, 'finalize').final_answer = null; // nothing derived, nothing to answer with
      renumber(m.events);
    },
  });
  fixture('insufficient-and-claims', 'insufficient_ambiguous', {
    description:
      'The derive step reports insufficient evidence although derived claims were emitted.',
    expected: [T('insufficient_ambiguous')],
    model: (m) => {
      const d = m.events.find((e) => e.kind === 'step_finished' && e.output.kind === 'derive');
      d.output = {
        kind: 'insufficient_evidence',
        reason: 'low retrieval recall',
        retrieved: 6,
        required: 8,
      };
    },
  });

  // ── events, idx and the header ─────────────────────────────────────────────────────────────
  fixture('events-reordered', 'idx_out_of_order', {
    description: 'Two evidence_registered lines are swapped after the run.',
    expected: [
      T('idx_out_of_order'),
      T('content_id_mismatch'),
      T('fingerprint_mismatch'),
      T('manifest_hash_mismatch'),
    ],
    afterSeal: (r) =>
      rewriteTrace(r, (lines) => {
        const i = lines.findIndex((l) => l.includes('"evidence_registered"'));
        [lines[i], lines[i + 1]] = [lines[i + 1], lines[i]];
        return lines;
      }),
  });
  fixture('event-removed', 'idx_out_of_order', {
    description: 'A tool_returned line is deleted after the run.',
    expected: [
      T('idx_out_of_order'),
      T('tool_result_missing'),
      T('content_id_mismatch'),
      T('fingerprint_mismatch'),
      T('manifest_hash_mismatch'),
    ],
    afterSeal: (r) =>
      rewriteTrace(r, (lines) =>
        lines.filter((l, i) => !(i === lines.findIndex((x) => x.includes('"tool_returned"')))),
      ),
  });
  fixture('event-injected', 'idx_duplicate', {
    description:
      'A forged derived claim is injected after the run with the next idx; the following event now repeats it.',
    expected: [
      T('idx_duplicate'),
      T('claim_ungrounded'),
      T('content_id_mismatch'),
      T('fingerprint_mismatch'),
      T('manifest_hash_mismatch'),
    ],
    afterSeal: (r) =>
      rewriteTrace(r, (lines) => {
        const i = lines.findIndex((l) => l.includes('"claim_emitted"'));
        const prev = ev(lines[i - 1]);
        const forged = {
          kind: 'claim_emitted',
          step_id: prev.step_id,
          idx: prev.idx + 1,
          claim: {
            id: stableId('claim', { statement: 'The bridge was destroyed by an earthquake.' }),
            statement: 'The bridge was destroyed by an earthquake.',
            status: 'validated',
            confidence: new PyFloat(0.99),
            supports: [],
            claim_type: 'derived',
            structured: null,
          },
        };
        lines.splice(i, 0, canonical({ event: forged, record: 'trace_event' }));
        return lines;
      }),
  });
  fixture('event-injected-resealed', 'content_id_mismatch', {
    description:
      'A forged claim is injected, every idx renumbered and fingerprint and manifest rewritten: only the content-derived trace id still tells.',
    expected: [T('content_id_mismatch'), T('claim_ungrounded')],
    lines: (lines) => {
      const i = lines.findIndex((l) => l.includes('"claim_emitted"'));
      const evs = lines.slice(1).map(ev);
      const forged = {
        kind: 'claim_emitted',
        step_id: evs[i - 2].step_id,
        idx: 0,
        claim: {
          id: stableId('claim', { statement: 'Sabotage caused the collapse.' }),
          statement: 'Sabotage caused the collapse.',
          status: 'validated',
          confidence: new PyFloat(0.95),
          supports: [],
          claim_type: 'derived',
          structured: null,
        },
      };
      evs.splice(i - 1, 0, forged);
      renumber(evs);
      return [lines[0], ...evs.map((event) => canonical({ event, record: 'trace_event' }))];
    },
  });
  fixture('idx-duplicated', 'idx_duplicate', {
    description: 'Two consecutive events carry the same idx.',
    expected: [T('idx_duplicate')],
    model: (m) => {
      m.events[6].idx = 5;
      for (let i = 7; i < m.events.length; i++) m.events[i].idx = i - 1;
    },
  });
  fixture('unknown-schema-version', 'unsupported_version', {
    description: 'The trace header declares schema_version 3; no upgrader exists.',
    expected: [T('unsupported_version')],
    model: (m) => {
      m.header.schema_version = 3;
    },
  });
  fixture('unknown-fingerprint-algo', 'unsupported_version', {
    description: 'The trace header declares fingerprint_algo blake3 and runtime protocol 2.',
    expected: [T('unsupported_version')],
    model: (m) => {
      m.header.fingerprint_algo = 'blake3';
      m.header.runtime_protocol_version = 2;
    },
  });
  fixture('schema-version-2', 'clean', {
    description: 'schema_version 2 is supported.',
    expected: [],
    model: (m) => void (m.header.schema_version = 2),
  });
  fixture('header-missing-field', 'header_invalid', {
    description: 'The trace header has no canonicalization_version.',
    expected: [T('header_invalid')],
    lines: (lines) => {
      const h = JSON.parse(lines[0]);
      delete h.canonicalization_version;
      return [canonical(h), ...lines.slice(1)];
    },
  });
  fixture('event-unknown-kind', 'event_invalid', {
    description: 'An event of an unknown kind ("thought") is recorded.',
    expected: [T('event_invalid')],
    model: (m) => {
      const i = m.events.findIndex((e) => e.kind === 'claim_emitted');
      m.events.splice(i, 0, {
        kind: 'thought',
        step_id: m.nodes.derive.id,
        text: 'The wind must have resonated with the deck.',
      });
      renumber(m.events);
    },
  });
  fixture('line-nan-literal', 'line_malformed', {
    description:
      'A claim line carries a NaN confidence (not JSON); the step outputs that list the claim then name a claim the trace never emits.',
    expected: [T('line_malformed'), T('support_unresolved')],
    lines: (lines) =>
      lines.map((l, i) =>
        i > 0 && l.includes('"claim_emitted"') && l.includes('"observed"')
          ? l.replace(/"confidence":[0-9.]+/, '"confidence":NaN')
          : l,
      ),
  });
  fixture('line-garbage-injected', 'line_malformed', {
    description: 'A log line that is not JSON sits between two events.',
    expected: [T('line_malformed')],
    lines: (lines) => {
      lines.splice(5, 0, 'WARNING: retrying bm25_search after timeout');
      return lines;
    },
  });
  fixture('trace-bom', 'line_malformed', {
    description: 'trace.jsonl starts with a UTF-8 byte order mark.',
    expected: [T('line_malformed')],
    lines: (lines) => [`\ufeff${lines[0]}`, ...lines.slice(1)],
  });
  fixture('trace-crlf', 'line_not_canonical', {
    description: 'trace.jsonl has Windows CRLF line endings (a text-mode checkout).',
    expected: [T('line_not_canonical')],
    lines: (lines) => Buffer.from(lines.map((l) => l + '\r\n').join('')),
  });
  fixture('line-pretty-separators', 'line_not_canonical', {
    description: 'One event line uses ", " and ": " separators (json.dumps defaults).',
    expected: [T('line_not_canonical')],
    lines: (lines) =>
      lines.map((l, i) =>
        i === 3
          ? JSON.stringify(JSON.parse(l), null, 0).replace(/","/g, '", "').replace(/":/g, '": ')
          : l,
      ),
  });
  fixture('line-duplicate-key', 'duplicate_key', {
    description: 'An event line repeats its "idx" key.',
    expected: [T('duplicate_key')],
    lines: (lines) =>
      lines.map((l, i) => (i === 4 ? l.replace(/"idx":(\d+)/, '"idx":$1,"idx":$1') : l)),
  });
  fixture('line-too-long', 'line_too_long', {
    description:
      'A trace line is longer than the verifier reads (limit lowered to 2 KiB with option max_line_bytes); the step outputs that list its claim then name a claim the trace never emits.',
    options: { max_line_bytes: 2048 },
    expected: [T('line_too_long'), T('support_unresolved')],
    lines: (lines) => {
      const i = lines.findIndex((l) => l.includes('"claim_emitted"') && l.includes('"observed"'));
      const e = ev(lines[i]);
      e.claim.statement += ` (as recorded in the site log: ${'deck moving; '.repeat(250)})`;
      lines[i] = canonical({ event: e, record: 'trace_event' });
      return lines;
    },
  });
  fixture('trace-no-final-newline', 'line_not_canonical', {
    description: 'trace.jsonl lost its final newline.',
    expected: [T('line_not_canonical')],
    beforeSeal: (r) => r.write('trace.jsonl', r.read('trace.jsonl').subarray(0, -1)),
  });

  // ── steps and tools ────────────────────────────────────────────────────────────────────────
  fixture('step-unfinished', 'step_unfinished', {
    description: 'The run stopped part-way: finalize starts and never finishes.',
    expected: [T('step_unfinished'), T('step_required_missing')],
    model: (m) => {
      m.events.pop();
      renumber(m.events);
    },
  });
  fixture('step-verify-missing', 'step_required_missing', {
    description: 'The run skips the verify step.',
    expected: [T('step_required_missing')],
    model: (m) => {
      m.events = m.events.filter((e) => !('step_id' in e && e.step_id === m.nodes.verify.id));
      renumber(m.events);
    },
  });
  fixture('step-not-in-plan', 'step_unknown', {
    description: 'A step that is not a plan node is started and finished.',
    expected: [T('step_unknown')],
    model: (m) => {
      const i = m.events.findIndex(
        (e) => e.kind === 'step_started' && e.step_id === m.nodes.verify.id,
      );
      const rogue = 'node_v1_' + sha256('rogue-step');
      m.events.splice(
        i,
        0,
        { kind: 'step_started', step_id: rogue },
        {
          kind: 'step_finished',
          step_id: rogue,
          output: { kind: 'understand', normalized_question: 'rephrase again' },
        },
      );
      renumber(m.events);
    },
  });
  fixture('step-started-twice', 'step_duplicate', {
    description: 'The understand step is started and finished twice.',
    expected: [T('step_duplicate')],
    model: (m) => {
      m.events.splice(2, 0, clone(m.events[0]), clone(m.events[1]));
      renumber(m.events);
    },
  });
  fixture('tool-result-orphan', 'tool_result_orphan', {
    description: 'A tool result answers a call that was never made.',
    expected: [T('tool_result_orphan')],
    model: (m) => {
      const i = m.events.findIndex((e) => e.kind === 'tool_returned');
      m.events.splice(i + 1, 0, {
        kind: 'tool_returned',
        step_id: m.events[i].step_id,
        result: {
          call_id: 'call_v1_' + sha256('phantom'),
          success: true,
          result: { hits: [] },
          error: null,
        },
      });
      renumber(m.events);
    },
  });
  fixture('tool-result-twice', 'tool_result_duplicate', {
    description: 'A tool call gets two results.',
    expected: [T('tool_result_duplicate')],
    model: (m) => {
      const i = m.events.findIndex((e) => e.kind === 'tool_returned');
      m.events.splice(i + 1, 0, clone(m.events[i]));
      renumber(m.events);
    },
  });
  fixture('tool-call-id-reused', 'tool_call_duplicate', {
    description: 'The second search reuses the first call’s id (and its result answers it again).',
    expected: [T('tool_call_duplicate'), T('tool_result_duplicate')],
    model: (m) => {
      const [a, b] = m.searchCalls;
      for (const e of m.events) {
        if (e.kind === 'tool_called' && e.call === b) e.call = { ...b, id: a.id };
        if (e.kind === 'tool_returned' && e.result.call_id === b.id)
          e.result = { ...e.result, call_id: a.id };
      }
    },
  });
  fixture('tool-result-other-step', 'tool_step_mismatch', {
    description:
      'The calculator result is recorded under the gather step, not the derive step of its call.',
    expected: [T('tool_step_mismatch')],
    model: (m) => {
      const e = m.events.find((x) => x.kind === 'tool_returned' && x.result.call_id === m.calc.id);
      e.step_id = m.nodes.gather.id;
    },
  });
  fixture('tool-unknown', 'tool_unknown', {
    description: 'A call uses a tool (web_fetch) the runtime descriptor does not list.',
    expected: [T('tool_unknown')],
    model: (m) => {
      const e = m.events.find((x) => x.kind === 'tool_called' && x.call.id === m.calc.id);
      e.call = { ...e.call, tool_name: 'web_fetch' };
    },
  });

  // ── plan ───────────────────────────────────────────────────────────────────────────────────
  fixture('plan-bad-kind', 'plan_invalid', {
    description: 'A plan node has kind "think", which is not a step kind.',
    expected: [T('plan_invalid')],
    model: (m) => {
      m.plan.nodes[0] = { ...m.plan.nodes[0], kind: 'think' };
    },
  });
  fixture('plan-duplicate-node', 'plan_duplicate_node', {
    description: 'The plan lists the verify node twice.',
    expected: [T('plan_duplicate_node')],
    model: (m) => m.plan.nodes.push(clone(m.plan.nodes[3])),
  });
  fixture('plan-missing-dependency', 'plan_missing_dependency', {
    description: 'A plan node depends on a node the plan does not contain.',
    expected: [T('plan_missing_dependency')],
    model: (m) => m.plan.nodes[3].dependencies.push('node_v1_' + sha256('deleted-node')),
  });
  fixture('plan-cycle', 'plan_cycle', {
    description: 'The understand node depends on finalize: a cycle.',
    expected: [T('plan_cycle')],
    model: (m) => m.plan.nodes[0].dependencies.push(m.plan.nodes[4].id),
  });
  fixture('plan-edge-cycle', 'plan_cycle', {
    description: 'The plan’s edges run from finalize back to understand: a cycle among the edges.',
    expected: [T('plan_cycle')],
    model: (m) => m.plan.edges.push([m.plan.nodes[4].id, m.plan.nodes[0].id]),
  });
  fixture('plan-id-mismatch', 'plan_mismatch', {
    description: 'The trace header names another plan than plan.json.',
    expected: [T('plan_mismatch')],
    // A producer bug, not an edit: the trace id is computed over the header it wrote.
    model: (m) => void (m.header.plan_id = 'plan_v1_' + sha256('another plan')),
  });
  fixture('plan-edited', 'content_id_mismatch', {
    description: 'plan.json is edited after the run (its content no longer hashes to its id).',
    expected: [T('content_id_mismatch'), T('manifest_hash_mismatch')],
    afterSeal: (r) => {
      const p = JSON.parse(r.read('plan.json'));
      p.problem = 'Why did the bridge collapse?';
      r.write('plan.json', canonical(p) + '\n');
    },
  });

  // ── run integrity ──────────────────────────────────────────────────────────────────────────
  fixture('manifest-not-hex', 'manifest_invalid', {
    description: 'manifest.json records a hash that is not 64 hex characters.',
    expected: [T('manifest_invalid')],
    model: (m) => {
      m.manifestEdit = (man) => ({ ...man, 'spec.json': 'sha256:' + man['spec.json'] });
    },
  });
  fixture('manifest-proto-key', 'manifest_invalid', {
    description:
      'manifest.json has a "__proto__" entry (which JavaScript validators silently drop) with a value that is not a hash.',
    expected: [T('manifest_invalid')],
    model: (m) => {
      m.manifestEdit = (man) => ({ ...man, ['__proto__']: 'not a hash' });
    },
  });
  fixture('manifest-lists-missing-file', 'manifest_file_missing', {
    description: 'manifest.json lists a provenance file the run does not have.',
    expected: [T('manifest_file_missing')],
    model: (m) => {
      m.manifestEdit = (man) => ({ ...man, 'provenance/index.json': sha256('index') });
    },
  });
  fixture('file-added-after-run', 'manifest_unlisted', {
    description: 'A provenance file is added after the manifest was written.',
    expected: [T('manifest_unlisted')],
    afterSeal: (r) => r.write('provenance/notes.txt', 'retrieval looked fine to me\n'),
  });
  fixture('file-outside-layout', 'layout_unexpected', {
    description: 'A debug log is written into the run directory, outside the run layout.',
    expected: [T('layout_unexpected')],
    afterSeal: (r) => r.write('debug.log', 'step derive took 412 ms\n'),
  });
  fixture('fingerprint-wrong', 'fingerprint_mismatch', {
    description:
      'fingerprint.txt does not match trace.jsonl (the manifest agrees with the wrong fingerprint).',
    expected: [T('fingerprint_mismatch')],
    afterSeal: (r) => {
      r.write('fingerprint.txt', sha256('another trace') + '\n');
      const man = JSON.parse(r.read('manifest.json'));
      man['fingerprint.txt'] = sha256(r.read('fingerprint.txt'));
      r.write('manifest.json', canonical(man) + '\n');
    },
  });
  fixture('verify-json-missing', 'run_file_missing', {
    description: 'The run has no verify.json (the manifest does not list it either).',
    expected: [T('run_file_missing')],
    beforeSeal: (r) => r.remove('verify.json'),
  });
  fixture('verify-json-is-directory', 'file_unreadable', {
    description: 'verify.json is a directory.',
    expected: [T('file_unreadable'), T('manifest_file_missing')],
    afterSeal: (r) => r.remove('verify.json'),
    empty_dirs: [() => 'verify.json'],
  });
  fixture('run-meta-invalid', 'run_meta_invalid', {
    description: 'run_meta.json has no trace_id.',
    expected: [T('run_meta_invalid')],
    model: (m) => {
      m.runMetaEdit = (rm) => {
        delete rm.trace_id;
        return rm;
      };
    },
  });
  fixture('run-meta-other-run', 'run_meta_mismatch', {
    description: 'run_meta.json belongs to another run (its run_id differs from the directory).',
    expected: [T('run_meta_mismatch')],
    model: (m) => {
      m.runMetaEdit = (rm) => ({ ...rm, run_id: 'run_v1_' + sha256('another run') });
    },
  });
  fixture('spec-invalid', 'spec_invalid', {
    description: 'spec.json has no description.',
    expected: [T('spec_invalid')],
    beforeSeal: (r) => {
      const s = JSON.parse(r.read('spec.json'));
      delete s.description;
      r.write('spec.json', canonical(s) + '\n');
    },
  });
  fixture('verify-json-not-a-report', 'verify_report_invalid', {
    description: 'verify.json records failures as a string, not a list.',
    expected: [T('verify_report_invalid')],
    model: (m) => {
      m.verifyReport = { checks: [], failures: 'none', summary_metrics: {}, trace_id: null };
    },
  });
  fixture('verify-json-no-checks', 'verify_report_invalid', {
    description: 'verify.json records no checks and no failures: the producer verified nothing.',
    expected: [T('verify_report_invalid')],
    model: (m) => {
      m.verifyReport = { checks: [], failures: [], summary_metrics: {}, trace_id: null };
    },
  });
  fixture('producer-rejected', 'producer_rejected', {
    description: 'The producer’s own verify.json records a failed check.',
    expected: [T('producer_rejected')],
    model: (m) => {
      m.verifyReport = {
        checks: [
          {
            name: 'reasoning_trace',
            passed: false,
            details: 'metadata hash mismatch',
            metrics: {},
          },
        ],
        failures: [
          {
            severity: 'error',
            message: 'reasoning_trace: metadata hash mismatch',
            invariant_id: null,
          },
        ],
        summary_metrics: {},
        trace_id: null,
      };
    },
  });
  buildRealMutants(out, { canonical, sha256, stableId, PyFloat });
}

// ── main ────────────────────────────────────────────────────────────────────────────────────────

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = path.resolve(process.argv[2] ?? 'conformance/trace');
  const demo = path.resolve(process.argv[3] ?? 'examples/repo/runs-demo');
  buildFixtures(out);
  fs.rmSync(demo, { recursive: true, force: true });
  const r = writeRun(demo, cleanModel({ seed: 11 }));
  console.log(
    `wrote ${fs.readdirSync(out).length} fixtures to ${path.relative(process.cwd(), out)} and a demo run to ${path.relative(process.cwd(), r.dir)}`,
  );
}
