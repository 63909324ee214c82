// A small, realistic Rust crate annotated for aristo, with the .aristo/ files the SDK would write
// for it: proofs (verified trees 3–5 levels deep, a counterexample, an inconclusive with
// suggestions), index.toml and expectations.toml. Hashes are computed here from the SDK's
// definitions (aristo.md §2), independently of audit-gate. Used by the conformance fixtures and
// the benchmark.
import { createHash } from 'node:crypto';

export const sha256 = (s) => `sha256:${createHash('sha256').update(s, 'utf8').digest('hex')}`;
const WS =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
export const textHash = (t) => sha256(t.replace(WS, '').replace(/[ \t\n\f\r]+/g, ' '));

/** `#[aristo::intent("…", id = "…", verify = …)]` as an author writes it. */
export function attribute(a) {
  const args = [JSON.stringify(a.text)];
  if (a.id !== undefined) args.push(`id = ${JSON.stringify(a.id)}`);
  if (a.verify !== undefined)
    args.push(`verify = ${typeof a.verify === 'boolean' ? a.verify : JSON.stringify(a.verify)}`);
  return a.form === 'statement'
    ? `aristo::${a.kind}_stmt!(${args.join(', ')});`
    : `#[aristo::${a.kind}(${args.join(', ')})]`;
}

/** The `{ … }` block opening on `lines[i]` (its last `{`), as the text between the braces inclusive. */
function braceRegion(lines, i) {
  const start = lines[i].lastIndexOf('{');
  let depth = 0;
  const out = [];
  for (let j = i; j < lines.length; j++) {
    const l = j === i ? lines[j].slice(start) : lines[j];
    for (let k = 0; k < l.length; k++) {
      if (l[k] === '{') depth++;
      if (l[k] === '}' && --depth === 0) {
        out.push(l.slice(0, k + 1));
        return out.join('\n');
      }
    }
    out.push(l);
  }
  throw new Error(`unbalanced braces from line ${i + 1}`);
}

/**
 * A source file from a template whose `@@id@@` lines are replaced by the annotation of that id
 * (same indentation). Returns the text and, per annotation, its line, site and hashes.
 */
export function renderSource(file, template, annotations) {
  const lines = template.split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)@@(\w+)@@$/.exec(lines[i]);
    if (!m) continue;
    const a = annotations[m[2]];
    if (!a) throw new Error(`no annotation ${m[2]}`);
    lines[i] = m[1] + attribute(a);
    found.push({ a, i });
  }
  const entries = found.map(({ a, i }) => {
    let region;
    if (a.form === 'statement') region = lines[i].trim();
    else {
      let j = i + 1;
      while (/^\s*(#\[|\/\/)/.test(lines[j])) j++;
      region =
        a.region === 'type-alias' ? /=\s*(.*);\s*$/.exec(lines[j])[1] : braceRegion(lines, j);
    }
    return {
      ...a,
      file,
      line: i + 1,
      site: `${a.label} (line ${i + 1})`,
      text_hash: textHash(a.text),
      body_hash: sha256(region),
    };
  });
  return { text: lines.join('\n'), entries };
}

// ── the crate ────────────────────────────────────────────────────────────────────────────────

export function crateAnnotations() {
  const intent = (id, text, label, verify = 'neural', extra = {}) => ({
    kind: 'intent',
    id,
    text,
    label,
    verify,
    covered: 'function',
    ...extra,
  });
  return {
    alloc_exact: {
      kind: 'assume',
      id: 'alloc_exact',
      text: 'The allocator returns a buffer of exactly the requested length, or aborts.',
      label: 'fn alloc',
      covered: 'function',
    },
    ring_bounded: intent(
      'ring_bounded',
      'A RingBuffer never holds more elements than its capacity.',
      'struct RingBuffer',
      'neural',
      { covered: 'type' },
    ),
    new_is_empty: intent(
      'new_is_empty',
      'new() returns an empty buffer whose capacity is the requested one.',
      'impl RingBuffer::new',
    ),
    any_capacity_usable: intent(
      'any_capacity_usable',
      'Every capacity new() accepts yields a buffer on which push() succeeds.',
      'impl RingBuffer::new',
    ),
    len_bounded: intent(
      'len_bounded',
      'len() is always at most the capacity.',
      'impl RingBuffer::len',
    ),
    push_overwrites_oldest: intent(
      'push_overwrites_oldest',
      'push() on a full buffer overwrites the oldest element and keeps len at the capacity.',
      'impl RingBuffer::push',
    ),
    pop_empty_is_none: intent(
      'pop_empty_is_none',
      'pop() on an empty buffer returns None and never panics.',
      'impl RingBuffer::pop',
    ),
    head_in_range: {
      kind: 'intent',
      form: 'statement',
      id: 'head_in_range',
      text: 'head stays below the capacity after it advances.',
      label: 'impl RingBuffer::pop',
      verify: 'test',
      covered: 'statement',
    },
    elem_docs: intent(
      'elem_docs',
      'Elements are u64 so that sums stay exact.',
      'type Elem',
      false,
      {
        covered: 'type',
        region: 'type-alias',
      },
    ),
    mean_within_bounds: intent(
      'mean_within_bounds',
      'mean() of a non-empty slice lies between its minimum and maximum.',
      'fn mean',
    ),
  };
}

export const RING_TEMPLATE = `//! A fixed-capacity ring buffer.
use crate::alloc::alloc;

/// The element type.
@@elem_docs@@
pub type Elem = u64;

/// A ring buffer that overwrites its oldest element when full.
@@ring_bounded@@
pub struct RingBuffer {
    buf: Vec<Elem>,
    head: usize,
    len: usize,
}

impl RingBuffer {
    @@new_is_empty@@
    @@any_capacity_usable@@
    pub fn new(cap: usize) -> Self {
        RingBuffer { buf: alloc(cap), head: 0, len: 0 }
    }

    @@len_bounded@@
    pub fn len(&self) -> usize {
        self.len
    }

    @@push_overwrites_oldest@@
    pub fn push(&mut self, x: Elem) {
        let cap = self.buf.len();
        let tail = (self.head + self.len) % cap;
        self.buf[tail] = x;
        if self.len < cap {
            self.len += 1;
        } else {
            self.head = (self.head + 1) % cap;
        }
    }

    @@pop_empty_is_none@@
    pub fn pop(&mut self) -> Option<Elem> {
        if self.len == 0 {
            return None;
        }
        let x = self.buf[self.head];
        self.head = (self.head + 1) % self.buf.len();
        @@head_in_range@@
        self.len -= 1;
        Some(x)
    }
}
`;

export const ALLOC_TEMPLATE = `//! Allocation, trusted rather than proved.

@@alloc_exact@@
pub fn alloc(cap: usize) -> Vec<u64> {
    vec![0; cap]
}
`;

export const STATS_TEMPLATE = `//! Statistics over buffer contents.

@@mean_within_bounds@@
pub fn mean(xs: &[u64]) -> Option<u64> {
    if xs.is_empty() {
        return None;
    }
    let sum: u64 = xs.iter().sum();
    Some(sum / xs.len() as u64)
}
`;

export const LIB_RS = `//! ringbuf: a small crate annotated for aristo.
pub mod alloc;
pub mod ring;
pub mod stats;
`;

export const CARGO_TOML = `[package]
name = "ringbuf"
version = "0.1.0"
edition = "2021"

[dependencies]
aristo = "0.0.7"
`;

// ── TOML as the SDK writes it (toml::to_string_pretty layout) ───────────────────────────────────

const isTable = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isTableArray = (v) => Array.isArray(v) && v.length > 0 && v.every(isTable);
const key = (k) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k));
function scalar(v) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(scalar).join(', ')}]`;
  throw new Error(`cannot write ${v}`);
}

export function toToml(obj) {
  const out = [];
  const emit = (o, prefix) => {
    for (const [k, v] of Object.entries(o))
      if (v !== undefined && !isTable(v) && !isTableArray(v)) out.push(`${key(k)} = ${scalar(v)}`);
    for (const [k, v] of Object.entries(o)) {
      const p = prefix ? `${prefix}.${key(k)}` : key(k);
      if (isTable(v)) {
        const hasScalars = Object.values(v).some(
          (x) => x !== undefined && !isTable(x) && !isTableArray(x),
        );
        if (hasScalars || Object.keys(v).length === 0) out.push('', `[${p}]`);
        emit(v, p);
      } else if (isTableArray(v))
        for (const el of v) {
          out.push('', `[[${p}]]`);
          emit(el, p);
        }
    }
  };
  emit(obj, '');
  return out.join('\n').replace(/^\n+/, '') + '\n';
}

// ── building the workspace ─────────────────────────────────────────────────────────────────────

/** The crate's files, its entries by id, and helpers to cite its code. */
export function buildCrate(annotations = crateAnnotations(), templates = {}) {
  const ring = renderSource('src/ring.rs', templates.ring ?? RING_TEMPLATE, annotations);
  const alloc = renderSource('src/alloc.rs', templates.alloc ?? ALLOC_TEMPLATE, annotations);
  const stats = renderSource('src/stats.rs', templates.stats ?? STATS_TEMPLATE, annotations);
  const files = {
    'Cargo.toml': CARGO_TOML,
    'src/lib.rs': LIB_RS,
    'src/ring.rs': ring.text,
    'src/alloc.rs': alloc.text,
    'src/stats.rs': stats.text,
  };
  const entries = Object.fromEntries(
    [...ring.entries, ...alloc.entries, ...stats.entries].map((e) => [e.id, e]),
  );
  /** A code ground citing the lines from the one holding `first` to the one holding `last`. */
  const cite = (file, first, last = first, reason) => {
    const lines = files[file].split('\n');
    const lo = lines.findIndex((l) => l.includes(first)) + 1;
    const hi = lines.findIndex((l, i) => i >= lo - 1 && l.includes(last)) + 1;
    if (lo === 0 || hi === 0) throw new Error(`cannot cite ${first}..${last} in ${file}`);
    const range = lo === hi ? `${lo}` : `${lo}-${hi}`;
    return {
      kind: 'code',
      file,
      lines: range,
      code_text_hash: sha256(lines.slice(lo - 1, hi).join('\n')),
      reason: reason ?? `${file} ${range}`,
    };
  };
  return { files, entries, cite };
}

export function indexToml(entries, generatedBy = 'aristo stamp 0.0.7') {
  const doc = {
    __meta__: {
      schema_version: 1,
      generated_by: generatedBy,
      generated_at: '2026-06-01T12:00:00Z',
      source_root: '.',
    },
  };
  for (const e of Object.values(entries).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    doc[e.id] = {
      kind: e.kind,
      text: e.text,
      ...(e.kind === 'intent' ? { verify: e.verify ?? true } : {}),
      status: e.status ?? 'unknown',
      text_hash: e.text_hash,
      body_hash: e.body_hash,
      file: e.file,
      site: e.site,
      covered_region: e.covered,
    };
  }
  return toToml(doc);
}

/** The verdict table of a proof about `entry`. */
export function verdict(entry, type, extra = {}) {
  return {
    type,
    method: typeof entry.verify === 'string' ? entry.verify : 'neural',
    produced_at_text_hash: entry.text_hash,
    produced_at_body_hash: entry.body_hash,
    produced_by: 'aristo-neural-verifier@v0.0.7',
    verifier_model: 'model-under-test',
    attempts: 1,
    property_kind: 'invariant',
    ...extra,
  };
}

const step = (path, claim, grounds, relation = 'decomposes', subgoals) => ({
  path,
  claim,
  relation_to_parent: relation,
  ...(subgoals ? { subgoal_paths: subgoals } : {}),
  grounds,
});
const intentGround = (e, relation = 'instantiates', reason) => ({
  kind: e.kind,
  id: e.id,
  relation,
  ...(reason ? { reason } : {}),
  at_text_hash: e.text_hash,
});

/** Every proof of the crate, as objects (mutable by fixtures before they are written). */
export function crateProofs({ entries: E, cite }) {
  const R = 'src/ring.rs';
  return {
    len_bounded: {
      verdict: verdict(E.len_bounded, 'verified'),
      verified: {
        proof: {
          conclusion:
            'len() returns self.len, which push() raises only while it is below the capacity and pop() only lowers.',
          steps: [
            step(
              '0',
              'self.len <= capacity holds in every reachable state.',
              [{ kind: 'composition', reason: 'induction over the operations' }],
              'decomposes',
              ['0.0', '0.1'],
            ),
            step(
              '0.0',
              'new() starts with len = 0.',
              [cite(R, 'RingBuffer { buf: alloc(cap)', undefined, 'the constructor sets len to 0')],
              'restricts',
            ),
            step(
              '0.1',
              'Every mutation keeps len <= capacity.',
              [{ kind: 'prior-step', path: '0.0', reason: 'the base case' }],
              'decomposes',
              ['0.1.0', '0.1.1'],
            ),
            step(
              '0.1.0',
              'push() increments len only when len < cap.',
              [cite(R, 'if self.len < cap {', 'self.len += 1;', 'the guarded increment')],
              'instantiates',
              ['0.1.0.0'],
            ),
            step(
              '0.1.0.0',
              'cap is the length of the allocated buffer, the requested capacity.',
              [
                cite(R, 'let cap = self.buf.len();'),
                intentGround(E.alloc_exact, 'instantiates', 'alloc returns exactly cap elements'),
              ],
              'instantiates',
            ),
            step(
              '0.1.1',
              'pop() decrements len only after checking len > 0.',
              [cite(R, 'if self.len == 0 {', 'return None;'), cite(R, 'self.len -= 1;')],
              'instantiates',
            ),
          ],
        },
      },
    },
    ring_bounded: {
      verdict: verdict(E.ring_bounded, 'verified'),
      verified: {
        proof: {
          conclusion: 'The number of held elements is len, and len never exceeds the capacity.',
          steps: [
            step(
              '0',
              'The held elements are exactly len slots after head.',
              [cite(R, 'pub struct RingBuffer {', '    len: usize,')],
              'decomposes',
              ['0.0'],
            ),
            step(
              '0.0',
              'len never exceeds the capacity.',
              [intentGround(E.len_bounded, 'instantiates')],
              'instantiates',
              ['0.0.0'],
            ),
            step(
              '0.0.0',
              'The capacity is fixed at construction.',
              [
                cite(R, 'RingBuffer { buf: alloc(cap)'),
                { kind: 'composition', reason: 'buf is never resized' },
              ],
              'restricts',
            ),
          ],
        },
      },
    },
    new_is_empty: {
      verdict: verdict(E.new_is_empty, 'verified', { property_kind: 'postcondition' }),
      verified: {
        proof: {
          conclusion: 'new(cap) sets len to 0 and allocates cap slots.',
          steps: [
            step(
              '0',
              'new(cap) is empty with capacity cap.',
              [{ kind: 'composition', reason: 'both halves below' }],
              'decomposes',
              ['0.0', '0.1'],
            ),
            step(
              '0.0',
              'len is 0 after new().',
              [cite(R, 'RingBuffer { buf: alloc(cap)')],
              'instantiates',
            ),
            step(
              '0.1',
              'The buffer has exactly cap slots.',
              [intentGround(E.alloc_exact, 'instantiates'), { kind: 'prior-step', path: '0.0' }],
              'instantiates',
              ['0.1.0'],
            ),
            step(
              '0.1.0',
              'alloc(cap) is called with the requested capacity.',
              [cite('src/alloc.rs', 'vec![0; cap]')],
              'restricts',
            ),
          ],
        },
      },
    },
    push_overwrites_oldest: {
      verdict: verdict(E.push_overwrites_oldest, 'verified', {
        property_kind: 'postcondition',
        attempts: 2,
      }),
      verified: {
        proof: {
          conclusion:
            'On a full buffer push() writes at (head + len) % cap, which is head, then advances head.',
          steps: [
            step(
              '0',
              'A full push overwrites the oldest slot and keeps len.',
              [{ kind: 'composition', reason: 'the write and the advance' }],
              'decomposes',
              ['0.0', '0.1', '0.2'],
            ),
            step(
              '0.0',
              'When len = cap the tail index equals head.',
              [cite(R, 'let tail = (self.head + self.len) % cap;')],
              'instantiates',
              ['0.0.0'],
            ),
            step(
              '0.0.0',
              'head < cap, so (head + cap) % cap = head.',
              [intentGround(E.head_in_range, 'instantiates')],
              'restricts',
              ['0.0.0.0'],
            ),
            step(
              '0.0.0.0',
              'The modulus is the buffer length.',
              [cite(R, 'let cap = self.buf.len();')],
              'instantiates',
              ['0.0.0.0.0'],
            ),
            step(
              '0.0.0.0.0',
              'The buffer length equals the capacity.',
              [intentGround(E.alloc_exact, 'instantiates')],
              'instantiates',
            ),
            step(
              '0.1',
              'The full branch leaves len unchanged.',
              [cite(R, '} else {', 'self.head = (self.head + 1) % cap;')],
              'instantiates',
            ),
            step(
              '0.2',
              'The next oldest element is at the advanced head.',
              [{ kind: 'prior-step', path: '0.1' }],
              'composes',
            ),
          ],
        },
      },
    },
    pop_empty_is_none: {
      verdict: verdict(E.pop_empty_is_none, 'verified', { property_kind: 'safety' }),
      verified: {
        proof: {
          conclusion: 'pop() checks len == 0 first and returns None before any indexing.',
          steps: [
            step(
              '0',
              'pop() on an empty buffer returns None without panicking.',
              [{ kind: 'composition', reason: 'early return' }],
              'decomposes',
              ['0.0', '0.1'],
            ),
            step(
              '0.0',
              'The first statement returns None when len == 0.',
              [cite(R, 'if self.len == 0 {', 'return None;')],
              'restricts',
            ),
            step(
              '0.1',
              'No index or arithmetic runs before that return.',
              [
                cite(R, 'pub fn pop(&mut self) -> Option<Elem> {', 'if self.len == 0 {'),
                { kind: 'prior-step', path: '0.0' },
              ],
              'excludes-counterexample',
              ['0.1.0'],
            ),
            step(
              '0.1.0',
              'The function has no other entry point.',
              [{ kind: 'composition', reason: 'a single body' }],
              'restricts',
            ),
          ],
        },
      },
    },
    head_in_range: {
      verdict: verdict(E.head_in_range, 'verified', { method: 'test' }),
      verified: {
        proof: {
          conclusion: 'head is reduced modulo the buffer length every time it advances.',
          steps: [
            step(
              '0',
              'head < cap after pop() advances it.',
              [cite(R, 'self.head = (self.head + 1) % self.buf.len();')],
              'decomposes',
              ['0.0'],
            ),
            step(
              '0.0',
              'x % n < n for n > 0, and pop() runs only when len > 0, so n > 0.',
              [intentGround(E.pop_empty_is_none, 'restricts')],
              'instantiates',
              ['0.0.0'],
            ),
            step(
              '0.0.0',
              'A non-empty buffer has a positive length.',
              [intentGround(E.len_bounded, 'composes')],
              'composes',
            ),
          ],
        },
      },
    },
    ...(E.any_capacity_usable && realistic(E, cite)),
  };
}

/** The counterexample and the inconclusive verdict of the realistic crate. */
function realistic(E, cite) {
  const R = 'src/ring.rs';
  return {
    any_capacity_usable: {
      verdict: verdict(E.any_capacity_usable, 'counterexample', { property_kind: 'safety' }),
      counterexample: {
        violation: {
          description:
            'new(0) is accepted, and the first push() then computes (head + len) % 0, which panics.',
          violated_step_path: '0.1',
          trigger_steps: [
            step(
              '0',
              'A zero capacity reaches the modulo in push().',
              [{ kind: 'composition', reason: 'the two steps below' }],
              'decomposes',
              ['0.0', '0.1'],
            ),
            step(
              '0.0',
              'new(0) builds a buffer with an empty Vec.',
              [cite(R, 'RingBuffer { buf: alloc(cap)', undefined, 'no lower bound on cap')],
              'instantiates',
            ),
            step(
              '0.1',
              'push() takes cap = 0 and divides by it.',
              [
                cite(
                  R,
                  'let tail = (self.head + self.len) % cap;',
                  undefined,
                  'remainder by zero panics when cap = 0',
                ),
              ],
              'excludes-counterexample',
            ),
          ],
        },
      },
    },
    mean_within_bounds: {
      verdict: verdict(E.mean_within_bounds, 'inconclusive', { attempts: 3 }),
      inconclusive: {
        partial_proof: {
          conclusion: 'Without overflow the mean lies between min and max.',
          steps: [
            step(
              '0',
              'sum / n lies in [min, max] when sum is exact.',
              [
                cite(
                  'src/stats.rs',
                  'let sum: u64 = xs.iter().sum();',
                  'Some(sum / xs.len() as u64)',
                ),
              ],
              'decomposes',
              ['0.0'],
            ),
            step(
              '0.0',
              'n >= 1 on this path.',
              [cite('src/stats.rs', 'if xs.is_empty() {', 'return None;')],
              'restricts',
            ),
          ],
        },
        gap: {
          description:
            'xs.iter().sum() can overflow u64 for large inputs; the proof needs the sum to be exact.',
          unfilled_path: '0',
          suggested_annotations: [
            {
              kind: 'assume',
              suggested_text: 'The sum of the elements passed to mean() never exceeds u64::MAX.',
              at_site: 'fn mean (src/stats.rs:4)',
              rationale: 'Closes the overflow case the proof cannot rule out.',
              would_close_path: '0',
            },
          ],
        },
      },
    },
  };
}

export const WAIVER = {
  reason: 'Zero capacity is rejected by every caller; tracked until new() checks it itself.',
  tracking: 'https://tracker.example/ringbuf/issues/12',
  accepted_at: '2026-06-01T12:34:56Z',
};

export function expectationsToml(waivers) {
  return toToml({ __meta__: { schema_version: 1 }, ...waivers });
}

export const proofFileName = (id) => `${id.replace(/:/g, '__')}.proof`;
