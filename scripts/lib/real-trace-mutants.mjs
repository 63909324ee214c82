// Firing fixtures made from the real producer's runs (conformance/trace/real-*, written by
// scripts/generate-real-trace-runs.py): each copies one real run and changes it the way a forger
// or a later edit would, re-sealing as much as the forger would recompute (trace id, fingerprint,
// manifest; sometimes the content ids too). Expected codes are written by hand from the contract.
import fs from 'node:fs';
import path from 'node:path';

/** Parses JSON keeping floats as written (`1.0` stays a float): numbers with . or e become PyFloat. */
export function parsePy(text, PyFloat) {
  let out = '';
  let i = 0;
  const raws = [];
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
      const lex = m[0];
      if (m[1] || m[2]) {
        raws.push(lex);
        out += `{"__pyfloat":${raws.length - 1}}`;
      } else out += lex;
      i += lex.length;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out, (_k, v) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && '__pyfloat' in v) {
      const f = new PyFloat(Number(raws[v.__pyfloat]));
      f.raw = raws[v.__pyfloat];
      return f;
    }
    return v;
  });
}

export function buildRealMutants(out, lib) {
  const { canonical, sha256, stableId, PyFloat } = lib;
  const T = (c) => `trace.${c}`;

  /** A copy of the real fixture `name` as the new fixture `id`, opened for editing. */
  const open = (name, id) => {
    const src = path.join(out, `real-${name}`);
    const fx = JSON.parse(fs.readFileSync(path.join(src, 'fixture.json'), 'utf8'));
    const dst = path.join(out, id);
    fs.cpSync(path.join(src, 'input'), path.join(dst, 'input'), { recursive: true });
    const dir = path.join(dst, 'input', ...fx.target.split('/'));
    const file = (rel) => path.join(dir, ...rel.split('/'));
    const read = (rel) => fs.readFileSync(file(rel));
    const json = (rel) => parsePy(read(rel).toString('utf8'), PyFloat);
    const lines = read('trace.jsonl').toString('utf8').replace(/\n$/, '').split('\n');
    const run = {
      dir,
      target: fx.target,
      file,
      read,
      json,
      write: (rel, content) => fs.writeFileSync(file(rel), content),
      writeJson: (rel, v) => fs.writeFileSync(file(rel), canonical(v) + '\n'),
      header: parsePy(lines[0], PyFloat),
      events: lines.slice(1).map((l) => parsePy(l, PyFloat).event),
      /** The events of one kind (and output type). */
      find: (kind, type) =>
        run.events.filter((e) => e.kind === kind && (!type || e.output?.type === type)),
    };
    return run;
  };

  /** Writes trace.jsonl back; with `reseal`, the trace id, run_meta, fingerprint and manifest follow. */
  const save = (r, { reseal = true } = {}) => {
    if (reseal) {
      const h = r.header;
      h.id = stableId('trace', {
        canonicalization_version: h.canonicalization_version,
        events: r.events,
        fingerprint_algo: h.fingerprint_algo,
        metadata: h.metadata,
        plan_id: h.plan_id,
        runtime_protocol_version: h.runtime_protocol_version,
        schema_version: h.schema_version,
        spec_id: h.spec_id,
      });
      const meta = r.json('run_meta.json');
      meta.trace_id = h.id;
      r.writeJson('run_meta.json', meta);
    }
    r.write(
      'trace.jsonl',
      [canonical(r.header), ...r.events.map((event) => canonical({ event, record: 'trace_event' }))]
        .map((l) => l + '\n')
        .join(''),
    );
    if (reseal) resealFiles(r);
  };

  /** Rewrites fingerprint.txt and every manifest entry from the files as they now are. */
  const resealFiles = (r) => {
    r.write('fingerprint.txt', sha256(r.read('trace.jsonl')) + '\n');
    const man = JSON.parse(r.read('manifest.json'));
    for (const k of Object.keys(man)) if (fs.existsSync(r.file(k))) man[k] = sha256(r.read(k));
    r.writeJson('manifest.json', man);
  };

  /** Gives a claim its content id again and makes the step outputs follow it, as a forger would. */
  const reclaimReal = (r, claim) => {
    const was = claim.id;
    const body = { ...claim };
    delete body.id;
    claim.id = stableId('claim', body);
    for (const e of r.find('step_finished')) {
      for (const [k, v] of Object.entries(e.output))
        if (k.endsWith('claim_ids') && Array.isArray(v))
          e.output[k] = v.map((x) => (x === was ? claim.id : x));
      if (e.output.type === 'finalize' && e.output.final_claim_ids?.[0] === claim.id)
        e.output.final_answer = claim.statement;
    }
  };

  /** The producer's result hash of a derived claim (statement | citations). */
  const resultHash = (claim) =>
    sha256(
      Buffer.concat([
        Buffer.from(claim.statement, 'utf8'),
        Buffer.from(
          '|' +
            claim.supports
              .filter((s) => s.kind === 'evidence')
              .map((s) => `${s.ref_id}:${s.span[0]}-${s.span[1]}:${s.snippet_sha256}`)
              .join(';'),
        ),
      ]),
    );

  const fixture = (id, base, kind, description, expected, edit, options = {}) => {
    const r = open(base, id);
    edit(r);
    fs.writeFileSync(
      path.join(out, id, 'fixture.json'),
      JSON.stringify(
        {
          schema_version: '1.0',
          fixture_id: id,
          fixture_kind: kind,
          pack: 'trace',
          description,
          input: 'input',
          target: r.target,
          options,
          expected_validation_codes: expected,
          expected_terminal_state: expected.length ? 'rejected' : 'accepted',
        },
        null,
        2,
      ) + '\n',
    );
  };
  const claimOf = (r) => r.find('claim_emitted')[0].claim;
  /** A forger's verify.json: every check passed, no failure, its id and counts to match. */
  const forgePassed = (r) => {
    const v = r.json('verify.json');
    for (const c of v.checks) c.passed = true;
    v.failures = [];
    v.summary_metrics = {
      ...v.summary_metrics,
      checks_failed: new PyFloat(0),
      failures: new PyFloat(0),
    };
    v.id = sha256(canonical({ checks: v.checks, failures: v.failures }));
    r.writeJson('verify.json', v);
  };
  /** The forger's edit of the default-corpus claim: Lund University moves to Norway. */
  const toNorway = (c) => {
    c.statement = c.statement.replace(
      'Lund University is located in Sweden.',
      'Lund University is located in Norway.',
    );
  };
  /** Takes the extractive reasoner's tags off a run: the claim's record and hash, the header's record. */
  const unmark = (r, c) => {
    delete c.structured.reasoner;
    delete c.structured.result_sha256;
    delete r.header.metadata.reasoning_trace;
  };
  const citedEvidence = (r) => {
    const s = claimOf(r).supports[0];
    const ev = r.find('evidence_registered').find((e) => e.evidence.id === s.ref_id).evidence;
    return { s, ev };
  };

  // ── the producer's evidence tamper matrix, on a real run (files edited after the run) ────────
  const B = 'default-corpus';
  fixture(
    'mut-evidence-byte-flipped',
    B,
    'evidence_tamper',
    'A real run: one byte inside the span a claim cites is flipped after the run.',
    [T('evidence_hash_mismatch'), T('manifest_hash_mismatch'), T('snippet_hash_mismatch')],
    (r) => {
      const { s, ev } = citedEvidence(r);
      const b = r.read(ev.content_path);
      b[s.span[0]] ^= 0x20;
      r.write(ev.content_path, b);
    },
  );
  fixture(
    'mut-evidence-truncated',
    B,
    'evidence_tamper',
    'A real run: a cited evidence file is cut to 10 bytes.',
    [T('evidence_hash_mismatch'), T('manifest_hash_mismatch'), T('span_out_of_bounds')],
    (r) => {
      const { ev } = citedEvidence(r);
      r.write(ev.content_path, r.read(ev.content_path).subarray(0, 10));
    },
  );
  fixture(
    'mut-evidence-appended',
    B,
    'evidence_tamper',
    'A real run: text is appended to a cited evidence file (the cited bytes are unchanged).',
    [T('evidence_hash_mismatch'), T('manifest_hash_mismatch')],
    (r) => {
      const { ev } = citedEvidence(r);
      r.write(ev.content_path, Buffer.concat([r.read(ev.content_path), Buffer.from(' And more.')]));
    },
  );
  fixture(
    'mut-evidence-deleted',
    B,
    'evidence_tamper',
    'A real run: a cited evidence file is deleted.',
    [T('evidence_missing'), T('manifest_file_missing')],
    (r) => fs.rmSync(r.file(citedEvidence(r).ev.content_path)),
  );
  fixture(
    'mut-evidence-overwritten',
    B,
    'evidence_tamper',
    'A real run: a cited evidence file is overwritten with another evidence file’s bytes.',
    [T('evidence_hash_mismatch'), T('manifest_hash_mismatch'), T('snippet_hash_mismatch')],
    (r) => {
      const { ev } = citedEvidence(r);
      const other = r.find('evidence_registered').find((e) => e.evidence.id !== ev.id).evidence;
      r.write(ev.content_path, r.read(other.content_path));
    },
  );

  // ── forgeries the producer rejects (re-sealed) ──────────────────────────────────────────────
  fixture(
    'mut-reasoning-hash-changed',
    B,
    'reasoning_trace_mismatch',
    'A real run whose header metadata carries another reasoning_trace_sha256 (and result_sha256); trace id, fingerprint and manifest re-sealed.',
    [T('reasoning_trace_mismatch')],
    (r) => {
      const rt = r.header.metadata.reasoning_trace;
      rt.reasoning_trace_sha256 = rt.result_sha256 = sha256('another answer');
      save(r);
    },
  );
  fixture(
    'mut-result-sha-removed',
    B,
    'reasoning_trace_mismatch',
    'A real run whose claim lost structured.result_sha256; claim id, step outputs, trace id, fingerprint and manifest re-sealed.',
    [T('reasoning_trace_mismatch')],
    (r) => {
      const c = claimOf(r);
      delete c.structured.result_sha256;
      reclaimReal(r, c);
      save(r);
    },
  );
  fixture(
    'mut-insufficient-marked-claim',
    'insufficient-top-one',
    'insufficient_ambiguous',
    'A real insufficient-evidence run with an unsupported derived claim injected and marked structured.insufficient_evidence (no real run carries that mark); re-sealed.',
    [T('insufficient_ambiguous'), T('claim_ungrounded')],
    (r) => {
      const derive = r.find('step_started')[2].step_id;
      const claim = {
        claim_type: 'derived',
        confidence: new PyFloat(0.9),
        statement: 'The Forth Bridge is in Wales.',
        status: 'proposed',
        structured: { insufficient_evidence: true },
        supports: [],
      };
      claim.id = stableId('claim', claim);
      const at = r.events.findIndex((e) => e.kind === 'step_finished' && e.step_id === derive);
      r.events.splice(at, 0, { claim, kind: 'claim_emitted', step_id: derive });
      r.events.forEach((e, i) => (e.idx = i));
      save(r);
    },
  );

  // ── forgeries the producer accepts: content ids and hashes recomputed by audit-gate ─────────
  fixture(
    'mut-claim-wording-edited',
    B,
    'content_id_mismatch',
    'A real run whose claim wording is edited outside its markers; trace id, fingerprint and manifest re-sealed (the claim id is not).',
    [
      T('content_id_mismatch'),
      T('reasoning_trace_mismatch'),
      T('claim_not_extracted'),
      T('answer_not_validated'),
    ],
    (r) => {
      const c = claimOf(r);
      toNorway(c);
      save(r);
    },
  );
  fixture(
    'mut-claim-wording-edited-reid',
    B,
    'reasoning_trace_mismatch',
    'A real run whose claim wording is edited outside its markers, with the claim id and the step outputs recomputed and the run re-sealed: the result hash still gives it away.',
    [T('reasoning_trace_mismatch'), T('claim_not_extracted')],
    (r) => {
      const c = claimOf(r);
      toNorway(c);
      reclaimReal(r, c);
      save(r);
    },
  );
  fixture(
    'mut-evidence-edited-outside-span',
    B,
    'content_id_mismatch',
    'A real run whose cited evidence bytes are edited outside the cited span, with the evidence sha256 in the trace, the trace id, fingerprint and manifest re-sealed.',
    [T('content_id_mismatch'), T('evidence_chunk_mismatch')],
    (r) => {
      const { s, ev } = citedEvidence(r);
      const b = Buffer.from(r.read(ev.content_path));
      b[b.length - 2] ^= 0x20; // the cited span ends earlier
      if (s.span[1] >= b.length - 1) throw new Error('the cited span reaches the edited byte');
      r.write(ev.content_path, b);
      ev.sha256 = sha256(b);
      save(r);
    },
  );
  fixture(
    'mut-spec-description-edited',
    B,
    'content_id_mismatch',
    'A real run whose spec.json description is edited; the manifest is re-sealed.',
    [T('content_id_mismatch'), T('claim_not_extracted')],
    (r) => {
      const spec = r.json('spec.json');
      spec.description = 'Where is Uppsala University located?';
      r.writeJson('spec.json', spec);
      resealFiles(r);
    },
  );
  fixture(
    'mut-marker-legacy-outside-quote',
    'evidence-with-markers',
    'marker_legacy',
    'A real run whose claim gets a legacy [evidence:doc8] marker outside the text it quotes, without the extractive reasoner’s tag, result hash and reasoning record (as another producer’s run would be); claim id and the run re-sealed.',
    [T('marker_legacy')],
    (r) => {
      const c = claimOf(r);
      c.statement += ' See also [evidence:doc8].';
      unmark(r, c);
      reclaimReal(r, c);
      save(r);
    },
  );
  fixture(
    'mut-chunk-other-span',
    'repeated-text',
    'evidence_chunk_mismatch',
    'A real run whose provenance/chunks.jsonl lists the cited chunk at another span only; the manifest is re-sealed. The chunk list is then also not the one the corpus cuts.',
    [T('evidence_chunk_mismatch'), T('retrieval_mismatch')],
    (r) => {
      const { ev } = citedEvidence(r);
      const lines = r
        .read('provenance/chunks.jsonl')
        .toString('utf8')
        .replace(/\n$/, '')
        .split('\n');
      const edited = lines.map((l) => {
        const c = JSON.parse(l);
        if (c.chunk_id !== ev.chunk_id) return l;
        return canonical({ ...c, start_byte: c.start_byte + 1, end_byte: c.end_byte + 1 });
      });
      r.write('provenance/chunks.jsonl', edited.join('\n') + '\n');
      resealFiles(r);
    },
  );
  fixture(
    'mut-chunk-id-not-hash',
    'repeated-text',
    'chunks_invalid',
    'A real run whose provenance/chunks.jsonl records a chunk_sha256 that is not its chunk id (chunk ids are the sha256 of the chunk bytes); the manifest is re-sealed. The chunk list is then also not the one the corpus cuts.',
    [T('chunks_invalid'), T('retrieval_mismatch')],
    (r) => {
      const lines = r
        .read('provenance/chunks.jsonl')
        .toString('utf8')
        .replace(/\n$/, '')
        .split('\n');
      const c = JSON.parse(lines.at(-1));
      lines[lines.length - 1] = canonical({ ...c, chunk_sha256: sha256('other bytes') });
      r.write('provenance/chunks.jsonl', lines.join('\n') + '\n');
      resealFiles(r);
    },
  );
  fixture(
    'mut-producer-verify-failed',
    'after-producer-verify',
    'producer_rejected',
    'A real run whose verify.verify.json (the producer’s own verify command) records a failure.',
    [T('producer_rejected')],
    (r) => {
      const v = r.json('verify.verify.json');
      v.checks[0].passed = false;
      v.failures.push({
        invariant_id: 'INV-SCH-001',
        message: 'Unfinished steps: [x]',
        severity: 'error',
      });
      r.writeJson('verify.verify.json', v);
    },
  );
  fixture(
    'mut-verify-report-forged-passed',
    'producer-rejects-inner-chunk',
    'producer_spans_rejected',
    'A real run the producer rejects, whose verify.json is rewritten to say every check passed (id and manifest recomputed): its support_spans check is run again.',
    [T('producer_spans_rejected')],
    (r) => {
      forgePassed(r);
      resealFiles(r);
    },
  );
  fixture(
    'mut-rejected-run-made-insufficient',
    'producer-rejects-inner-chunk',
    'producer_spans_rejected',
    'A real run the producer rejects, its derived claim made observed (the reasoning record dropped with it), the derive step turned insufficient and verify.json forged passing, every id recomputed; checked with require_reasoning, which declares every run the producer’s, so its span check still applies.',
    [T('producer_spans_rejected')],
    (r) => {
      forgePassed(r);
      delete r.header.metadata.reasoning_trace;
      const c = claimOf(r);
      c.claim_type = 'observed';
      c.structured = {};
      reclaimReal(r, c);
      for (const e of r.find('step_finished')) {
        if (e.output.type === 'derive')
          e.output = {
            reason: 'insufficient_evidence',
            required: 2,
            retrieved: 1,
            type: 'insufficient_evidence',
          };
        else if (e.output.type === 'verify') e.output.validated_claim_ids = [];
        else if (e.output.type === 'finalize')
          Object.assign(e.output, {
            final_answer: null,
            final_claim_ids: [],
            uncertainty: 'No validated claim',
          });
      }
      save(r);
    },
    { require_reasoning: true },
  );
  fixture(
    'mut-verify-failure-downgraded',
    'producer-rejects-inner-chunk',
    'producer_rejected',
    'A real run the producer rejects, whose verify.json marks its failure info and its checks passed: the producer’s strict policy fails a run on a failure of any severity.',
    [T('producer_rejected'), T('producer_spans_rejected')],
    (r) => {
      const v = r.json('verify.json');
      for (const c of v.checks) c.passed = true;
      for (const f of v.failures) f.severity = 'info';
      r.writeJson('verify.json', v);
      resealFiles(r);
    },
  );
  fixture(
    'mut-reasoning-stripped',
    B,
    'reasoning_trace_mismatch',
    'A real run stripped of every mark of the extractive reasoner (the header’s reasoning record, the claim’s reasoner record and result hash), its claim then reworded, every id and the run recomputed; the gate requires the reasoning record (require_reasoning), as the producer’s verifier does.',
    [T('reasoning_trace_mismatch')],
    (r) => {
      const c = claimOf(r);
      unmark(r, c);
      toNorway(c);
      reclaimReal(r, c);
      save(r);
    },
    { require_reasoning: true },
  );
  fixture(
    'mut-policy-floor',
    'policy-one',
    'supports_too_few',
    'A real run whose recorded policy is 1, checked with the gate’s floor raised to 2.',
    [T('supports_too_few')],
    () => {},
    { min_supports: 2 },
  );

  // ── forgeries the producer accepts, re-sealed (hostile review, trace pack) ──────────────────
  /** Makes every string in the trace and chunks.jsonl follow `pairs` ([old, new]), as a forger's search and replace. */
  const swapText = (r, pairs) => {
    const apply = (t) => pairs.reduce((acc, [a, b]) => acc.split(a).join(b), t);
    const lines = [
      canonical(r.header),
      ...r.events.map((event) => canonical({ event, record: 'trace_event' })),
    ].map(apply);
    r.header = parsePy(lines[0], PyFloat);
    r.events = lines.slice(1).map((l) => parsePy(l, PyFloat).event);
    r.write('provenance/chunks.jsonl', apply(r.read('provenance/chunks.jsonl').toString('utf8')));
  };
  /** Replaces an evidence file's bytes and recomputes its sha256, chunk id, evidence id and file name. */
  const rewriteEvidence = (r, ev, bytes, extra = []) => {
    const sha = sha256(bytes);
    const id = stableId('ev', { chunk_id: sha, sha256: sha, span: ev.span, uri: ev.uri });
    fs.rmSync(r.file(ev.content_path));
    r.write(`evidence/${id}.txt`, bytes);
    const man = JSON.parse(r.read('manifest.json'));
    delete man[ev.content_path];
    man[`evidence/${id}.txt`] = '';
    r.writeJson('manifest.json', man);
    swapText(r, [[ev.sha256, sha], [ev.id, id], ...extra]);
    return id;
  };
  const evidenceFrom = (r, doc) =>
    r.find('evidence_registered').find((e) => e.evidence.uri.startsWith(`corpus://${doc}#`))
      .evidence;
  /** Gives the claim its result hash and the header's reasoning record the same. */
  const rehash = (r, c) => {
    c.structured.result_sha256 = resultHash(c);
    const rt = r.header.metadata.reasoning_trace;
    rt.reasoning_trace_sha256 = rt.result_sha256 = c.structured.result_sha256;
  };
  /** Adds a claim to the derive step and makes it the validated final answer. */
  const answerWith = (r, claim) => {
    const body = { ...claim };
    claim.id = stableId('claim', body);
    const at = r.events.indexOf(r.find('claim_emitted')[0]);
    r.events.splice(at + 1, 0, {
      claim,
      idx: 0,
      kind: 'claim_emitted',
      step_id: r.events[at].step_id,
    });
    r.events.forEach((e, i) => (e.idx = i));
    for (const e of r.find('step_finished')) {
      const o = e.output;
      if (o.type === 'derive') o.claim_ids.push(claim.id);
      if (o.type === 'verify') o.validated_claim_ids = [...o.validated_claim_ids, claim.id].sort();
      if (o.type === 'finalize') {
        o.final_claim_ids = [claim.id];
        o.final_answer = claim.statement;
      }
    }
  };
  fixture(
    'mut-final-claim-observed',
    B,
    'answer_not_validated',
    'A real run whose answer is an injected observed claim with no support, validated and named final; claim id and the run re-sealed (the producer accepts it).',
    [T('answer_not_validated')],
    (r) => {
      answerWith(r, {
        claim_type: 'observed',
        confidence: new PyFloat(0.99),
        statement: 'Lund University is located in Norway.',
        status: 'proposed',
        structured: null,
        supports: [],
      });
      save(r);
    },
  );
  fixture(
    'mut-final-answer-edited',
    B,
    'answer_not_validated',
    'A real run whose final_answer text is rewritten while its final claim stays; re-sealed (the producer accepts it).',
    [T('answer_not_validated')],
    (r) => {
      r.find('step_finished', 'finalize')[0].output.final_answer =
        'Lund University is located in Norway.';
      save(r);
    },
  );
  fixture(
    'mut-reasoning-record-removed',
    B,
    'reasoning_trace_mismatch',
    'A real run whose reasoning record and the claim’s result_sha256 are both deleted, so no hash is left to disagree; claim id and the run re-sealed.',
    [T('reasoning_trace_mismatch')],
    (r) => {
      delete r.header.metadata.reasoning_trace;
      const c = claimOf(r);
      delete c.structured.result_sha256;
      reclaimReal(r, c);
      save(r);
    },
  );
  fixture(
    'mut-claim-wording-rehashed',
    B,
    'claim_not_extracted',
    'A real run whose claim wording is edited with its result hash, the reasoning record, the claim id, the final answer and the run all recomputed: only the cited bytes still disagree.',
    [T('claim_not_extracted')],
    (r) => {
      const c = claimOf(r);
      toNorway(c);
      rehash(r, c);
      reclaimReal(r, c);
      save(r);
    },
  );
  fixture(
    'mut-evidence-longer-than-span',
    B,
    'evidence_chunk_mismatch',
    'A real run whose evidence file gains a sentence past its chunk, which the claim then cites; every hash, id and the run recomputed.',
    [
      T('evidence_chunk_mismatch'),
      T('claim_not_extracted'),
      T('retrieval_mismatch'),
      T('producer_spans_rejected'),
    ],
    (r) => {
      const ev = evidenceFrom(r, 'd3');
      const old = r.read(ev.content_path);
      const bytes = Buffer.concat([old, Buffer.from(' Correction: it is located in Norway.')]);
      const [b0, b1] = [old.length + 1, bytes.length];
      const snippet = sha256(bytes.subarray(b0, b1));
      const was = `:0-37:${sha256(old.subarray(0, 37))}`;
      const id = rewriteEvidence(r, ev, bytes);
      const c = claimOf(r);
      for (const s of [...c.supports, ...c.structured.reasoner.picked])
        if ((s.ref_id ?? s.evidence_id) === id) {
          s.span = [b0, b1];
          if (s.ref_id) s.snippet_sha256 = snippet;
          else s.sha = snippet;
        }
      c.statement = c.statement
        .replace('Lund University is located in Sweden.', 'Correction: it is located in Norway.')
        .replace(`${id}${was}`, `${id}:${b0}-${b1}:${snippet}`);
      rehash(r, c);
      reclaimReal(r, c);
      save(r);
    },
  );
  fixture(
    'mut-evidence-forged-resealed',
    B,
    'evidence_chunk_mismatch',
    'A real run whose evidence says Norway for Sweden (same length), with every hash, id, chunk, claim and the run recomputed: only the pinned corpus still says otherwise.',
    [T('evidence_chunk_mismatch'), T('retrieval_mismatch')],
    (r) => {
      const ev = evidenceFrom(r, 'd3');
      const old = r.read(ev.content_path);
      const bytes = Buffer.from(old.toString('utf8').replace('Sweden', 'Norway'));
      rewriteEvidence(r, ev, bytes, [
        [sha256(old.subarray(0, 37)), sha256(bytes.subarray(0, 37))],
        ['Lund University is located in Sweden.', 'Lund University is located in Norway.'],
      ]);
      const c = claimOf(r);
      rehash(r, c);
      reclaimReal(r, c);
      save(r);
    },
  );
  fixture(
    'mut-supports-overlapping',
    B,
    'supports_too_few',
    'A real run whose claim cites three overlapping spans of one sentence as its supports (the run’s policy asks for 2), as another producer’s run (no reasoner tag, result hash or reasoning record); statement, claim id and the run recomputed.',
    [T('supports_too_few')],
    (r) => {
      const c = claimOf(r);
      const id = c.supports[0].ref_id;
      const ev = r.find('evidence_registered').find((e) => e.evidence.id === id).evidence;
      const bytes = r.read(ev.content_path);
      c.supports = [
        [0, 37],
        [0, 38],
        [1, 37],
      ].map(([b0, b1]) => ({
        hash_algo: 'sha256',
        kind: 'evidence',
        ref_id: id,
        snippet_sha256: sha256(bytes.subarray(b0, b1)),
        span: [b0, b1],
      }));
      c.statement = c.supports
        .map(
          (s) =>
            `${bytes.subarray(s.span[0], s.span[1]).toString('utf8').trim()} [evidence:${id}:${s.span[0]}-${s.span[1]}:${s.snippet_sha256}]`,
        )
        .join(' ');
      unmark(r, c);
      reclaimReal(r, c);
      save(r);
    },
  );
  fixture(
    'mut-run-meta-descriptor-edited',
    B,
    'run_meta_mismatch',
    'A real run whose run_meta.json declares another tool, mode, seed and preset, with the manifest re-sealed.',
    [T('run_meta_mismatch')],
    (r) => {
      const meta = r.json('run_meta.json');
      meta.runtime_descriptor.tools.push({
        config_fingerprint: `toolcfg_v1_${'0'.repeat(64)}`,
        name: 'web_search',
        version: '9.9.9',
      });
      meta.runtime_descriptor.mode = 'frozen';
      meta.seed = 7;
      meta.preset = 'other';
      r.writeJson('run_meta.json', meta);
      resealFiles(r);
    },
  );
  fixture(
    'mut-policy-lowered',
    B,
    'reasoning_trace_mismatch',
    'A real run whose header records min_supports_per_claim 1 where the producer ran its spec with 2 (its default), so that one citation would do; re-sealed.',
    [T('reasoning_trace_mismatch')],
    (r) => {
      r.header.metadata.reasoning_policy.min_supports_per_claim = 1;
      save(r);
    },
  );
  /** The evidence list the first search returned. */
  const hits = (r) => r.find('tool_returned')[0].result.result.evidences;
  /** Swaps two hits of the first search, then re-seals. */
  const swapHits = (i, j) => (r) => {
    const e = hits(r);
    [e[i], e[j]] = [e[j], e[i]];
    save(r);
  };
  fixture(
    'mut-search-results-reordered',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose search lists its best and second-best hits the other way round; re-sealed (the producer accepts it).',
    [T('retrieval_mismatch')],
    swapHits(0, 1),
  );
  fixture(
    'mut-search-score-edited',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose search gives its last hit a higher score than BM25 does; re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      const e = hits(r);
      e[e.length - 1].score = new PyFloat(9.5);
      save(r);
    },
  );
  fixture(
    'mut-index-edited',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose pinned BM25 index is edited after the run (a byte added); the manifest re-sealed, the header’s index_sha256 not.',
    [T('retrieval_mismatch')],
    (r) => {
      const rel = 'provenance/index/bm25_index.json';
      r.write(rel, r.read(rel).toString('utf8').replace('"bridge":', '"bridge" :'));
      resealFiles(r);
    },
  );
  fixture(
    'mut-search-unplanned',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose search asks another question than the one its plan requests (the results kept); re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      r.find('tool_called')[0].call.arguments.query =
        'Which bridge is painted International Orange?';
      save(r);
    },
  );

  /** The retrieval record wherever the run keeps it: the header, each search's result, provenance/. */
  const editRecord = (r, edit) => {
    edit(r.header.metadata.retrieval_provenance);
    for (const e of r.find('tool_returned'))
      if (e.result.result?.provenance) edit(e.result.result.provenance);
    const rel = 'provenance/retrieval_provenance.json';
    const p = r.json(rel);
    edit(p);
    r.writeJson(rel, p);
  };
  /** config_sha256 as the producer's _config_sha256 computes it from a record's settings. */
  const configSha = (p) =>
    sha256(
      canonical({
        chunk_chars: p.chunk_chars,
        overlap_chars: p.overlap_chars,
        k1: p.k1,
        b: p.b,
        tokenizer: 'unicode_word',
        max_chunks: p.max_chunks,
        max_docs: p.max_docs,
        parallel_scoring: p.parallel_scoring,
        lazy_index: p.lazy_index,
        corpus_max_bytes: p.corpus_max_bytes,
      }),
    );
  fixture(
    'mut-retrieval-record-dropped',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose header no longer records its retrieval_provenance (so nothing would say which index its searches used); re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      delete r.header.metadata.retrieval_provenance;
      save(r);
    },
  );
  fixture(
    'mut-index-pin-dropped',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose retrieval record (header, search results, provenance/) no longer names or pins its index; re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      editRecord(r, (p) => {
        delete p.index_path;
        delete p.index_sha256;
      });
      save(r);
    },
  );
  fixture(
    'mut-bm25-k1-edited',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose retrieval record gives BM25 another k1 (everywhere it is kept) without config_sha256 following; re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      editRecord(r, (p) => (p.k1 = new PyFloat(0.5)));
      save(r);
    },
  );
  fixture(
    'mut-bm25-k1-rehashed',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose retrieval record gives BM25 another k1, config_sha256 recomputed, so the recorded scores are no longer the ones BM25 gives; re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      editRecord(r, (p) => {
        p.k1 = new PyFloat(0.5);
        p.config_sha256 = configSha(p);
      });
      save(r);
    },
  );
  fixture(
    'mut-index-forged-repinned',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose pinned BM25 index is forged (a term counted more often in one chunk) and pinned again: index_sha256 recomputed in the header, the search results and provenance/; re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      const rel = 'provenance/index/bm25_index.json';
      const index = r.json(rel);
      const tf = index.doc_tf[index.doc_tf.length - 1];
      tf.bridge = (tf.bridge ?? 0) + 5;
      const bytes = canonical(index);
      r.write(rel, bytes);
      editRecord(r, (p) => (p.index_sha256 = sha256(bytes)));
      save(r);
    },
  );
  fixture(
    'mut-retrieval-record-file-edited',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose provenance/retrieval_provenance.json records other BM25 settings than the trace header; the manifest re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      const rel = 'provenance/retrieval_provenance.json';
      const p = r.json(rel);
      p.b = new PyFloat(0.3);
      r.writeJson(rel, p);
      resealFiles(r);
    },
  );
  fixture(
    'mut-search-ties-reordered',
    'rivers-eight',
    'retrieval_mismatch',
    'A real run whose search lists two hits of equal score the other way round (the producer orders equal scores by document id); re-sealed. A tolerance for equal scores had let any order, and any zero-score chunk, through.',
    [T('retrieval_mismatch')],
    swapHits(1, 2),
  );
  fixture(
    'mut-chunk-list-edited',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose provenance/chunks.jsonl lost the line of a chunk no evidence cites (the manifest re-sealed): it is no longer the chunk list of the index its corpus builds.',
    [T('retrieval_mismatch')],
    (r) => {
      const rel = 'provenance/chunks.jsonl';
      const cited = new Set(r.find('evidence_registered').map((e) => e.evidence.chunk_id));
      const lines = r.read(rel).toString('utf8').split('\n');
      const drop = lines.findIndex((l) => l && !cited.has(JSON.parse(l).chunk_id));
      lines.splice(drop, 1);
      r.write(rel, lines.join('\n'));
      resealFiles(r);
    },
  );
  fixture(
    'clean-real-retrieval-required',
    'bridges-four',
    'clean',
    'A real run checked with require_retrieval: it retrieved its evidence, so nothing fires.',
    [],
    () => {},
    { require_retrieval: true },
  );
  fixture(
    'clean-real-producer-options',
    'bridges-four',
    'clean',
    'A real run checked with require_retrieval and require_reasoning, the options for a repository whose runs all come from bijux-canon-reason: it retrieved its evidence and carries its reasoning record, so nothing fires.',
    [],
    () => {},
    { require_retrieval: true, require_reasoning: true },
  );
  fixture(
    'mut-corpus-past-limit',
    'bridges-four',
    'retrieval_unchecked',
    'A real run checked with the corpus limit lowered to 100 bytes (a test knob; the limit is 16 MiB): searches past what is ranked again are reported, never passed.',
    [T('retrieval_unchecked')],
    () => {},
    { max_corpus_bytes: 100 },
  );
  fixture(
    'mut-search-hit-text-edited',
    'bridges-four',
    'retrieval_mismatch',
    'A real run whose first search hit carries other text than the corpus chunk it names; re-sealed.',
    [T('retrieval_mismatch')],
    (r) => {
      hits(r)[0].text += ' It was repainted in 2024.';
      save(r);
    },
  );
}
