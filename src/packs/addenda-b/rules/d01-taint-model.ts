// D-01 / D-02 taint model (L2217-2267): the taint order and the source-kind default table the
// rules read, taken from the bundle's registry when it holds them, else the pack's defaults.
import type { Bundle, BundleRecord } from '../bundle.js';
import { isObject, strings, type Refused } from './shared/util.js';

/**
 * TaintClass order, least to most tainted. The seed names the classes (L2236-2250) and aggregates by
 * "max_taint" (L2263) without ordering them; this is our order, replaceable by a TaintClassOrder
 * registry record. Own corpus and verified authorities are trusted, user material is trusted within
 * bounds, web material is untrusted, and an unclassified source is the most tainted (fail closed).
 */
export const DEFAULT_TAINT_ORDER: readonly string[] = [
  'internal_corpus_trusted',
  'external_authority_trusted',
  'user_trusted_bounded',
  'external_untrusted',
  'unclassified',
];

interface TaintDefault {
  source_kind: string;
  default_taint_class: string;
  required_trust_basis?: string[];
  allow_override: boolean;
}

const row = (
  source_kind: string,
  default_taint_class: string,
  required_trust_basis?: string[],
): TaintDefault => ({
  source_kind,
  default_taint_class,
  ...(required_trust_basis ? { required_trust_basis } : {}),
  allow_override: true,
});

/** SOURCE_KIND_TAINT_DEFAULTS, L2235-2251, used when the bundle holds no SourceKindTaintDefault. */
export const SEED_TAINT_DEFAULTS: readonly TaintDefault[] = [
  row('document', 'user_trusted_bounded'),
  row('email', 'user_trusted_bounded'),
  row('file', 'user_trusted_bounded'),
  row('prior_task_output', 'user_trusted_bounded'),
  row('library_entry', 'internal_corpus_trusted'),
  row('web_source', 'external_untrusted'),
  row('custom', 'unclassified'),
  row('api_result', 'external_authority_trusted', ['official_api']),
  row('database_record', 'external_authority_trusted', ['verified_authority_database']),
  row('case_law', 'external_authority_trusted', ['verified_authority_database']),
  row('statute', 'external_authority_trusted', ['verified_authority_database', 'official_api']),
  row('regulation', 'external_authority_trusted', ['verified_authority_database', 'official_api']),
  row('financial_filing', 'external_authority_trusted', ['official_api']),
  row('expert_report', 'user_trusted_bounded'),
  row('technical_doc', 'external_untrusted'),
];

export interface TaintModel {
  order: readonly string[];
  /** TaintClassOrder and SourceKindTaintDefault records not (wholly) in force, and why. */
  refused: Refused[];
  /** Position in the order; a class the order does not hold ranks above all (fail closed). */
  rank(taint: unknown): number;
  /** The default row of a source kind (registry rows when the bundle has any, else the seed's). */
  defaults: ReadonlyMap<string, TaintDefault>;
  /** Where the table came from, for messages. */
  defaultsSource: string;
}

/** The bundle's taint model (memoised: several rules share it). */
export function taintModel(b: Bundle): TaintModel {
  const cached = b.memo.get('d01.taint');
  if (cached) return cached as TaintModel;
  const refused: Refused[] = [];
  const order = orderInForce(b, refused);
  const index = new Map(order.map((t, i) => [t, i]));
  const rank = (t: unknown) =>
    typeof t === 'string' ? (index.get(t) ?? order.length) : order.length;
  const rows = rowsInForce(b, refused);
  const defaults = new Map<string, TaintDefault>();
  if (rows.length === 0) for (const d of SEED_TAINT_DEFAULTS) defaults.set(d.source_kind, d);
  for (const r of rows)
    if (typeof r.data.source_kind === 'string' && !defaults.has(r.data.source_kind))
      defaults.set(r.data.source_kind, {
        source_kind: r.data.source_kind,
        default_taint_class: classInForce(r, rank, refused),
        ...trustBasisInForce(r, refused),
        allow_override: r.data.allow_override === true,
      });
  const model: TaintModel = {
    order,
    refused,
    rank,
    defaults,
    defaultsSource: rows.length ? 'the registry' : 'the seed table (L2235-2251)',
  };
  b.memo.set('d01.taint', model);
  return model;
}

/**
 * The order in force: the first TaintClassOrder of registry/ that keeps the pack's five classes in
 * the pack's order (it may insert classes of its own between them), else the pack's. A reordered
 * or partial order would let a record derived from untrusted input state a trusted class, so the
 * checkout cannot loosen it; one in records.jsonl is an event, not the bundle's configuration.
 */
function orderInForce(b: Bundle, refused: Refused[]): readonly string[] {
  for (const r of b.of('TaintClassOrder')) {
    const order = strings(r.data.least_to_most_tainted);
    const ours = order.filter((t) => DEFAULT_TAINT_ORDER.includes(t));
    if (!r.registry) refused.push({ record: r, why: 'it is in records.jsonl, not registry/' });
    else if (
      ours.length !== DEFAULT_TAINT_ORDER.length ||
      ours.some((t, i) => t !== DEFAULT_TAINT_ORDER[i])
    )
      refused.push({
        record: r,
        why: `it does not keep ${DEFAULT_TAINT_ORDER.join(' < ')} in that order, each once`,
      });
    else return order;
  }
  return DEFAULT_TAINT_ORDER;
}

/**
 * The SourceKindTaintDefault rows that make the table: those of registry/ (a row in records.jsonl
 * is an event, not the bundle's configuration, as for the taint order).
 */
function rowsInForce(b: Bundle, refused: Refused[]): BundleRecord[] {
  const rows: BundleRecord[] = [];
  for (const r of b.of('SourceKindTaintDefault'))
    if (r.registry) rows.push(r);
    else refused.push({ record: r, why: 'it is in records.jsonl, not registry/' });
  return rows;
}

/**
 * A row's default_taint_class, unless it ranks its kind less tainted than the seed's row does
 * (L2235-2251; a kind the seed has no row for is custom's, unclassified): then the seed's class
 * stays in force, or a web source could default to trusted.
 */
function classInForce(r: BundleRecord, rank: (t: unknown) => number, refused: Refused[]): string {
  const seed =
    SEED_TAINT_DEFAULTS.find((d) => d.source_kind === r.data.source_kind) ??
    SEED_TAINT_DEFAULTS.find((d) => d.source_kind === 'custom')!;
  const own = r.data.default_taint_class;
  if (typeof own === 'string' && rank(own) >= rank(seed.default_taint_class)) return own;
  refused.push({
    record: r,
    why:
      typeof own === 'string'
        ? `its default_taint_class ${JSON.stringify(own.slice(0, 80))} is less tainted than the seed's ${seed.default_taint_class} (kept in force)`
        : `its default_taint_class is not a string (the seed's ${seed.default_taint_class} is kept in force)`,
  });
  return seed.default_taint_class;
}

/**
 * A row's required_trust_basis, unless it would accept a basis the seed's row for the kind does
 * not (L2235-2251): then the seed's stays in force.
 */
function trustBasisInForce(
  r: BundleRecord,
  refused: Refused[],
): { required_trust_basis?: string[] } {
  const own = Array.isArray(r.data.required_trust_basis)
    ? strings(r.data.required_trust_basis)
    : undefined;
  const seed = SEED_TAINT_DEFAULTS.find(
    (d) => d.source_kind === r.data.source_kind,
  )?.required_trust_basis;
  if (!seed || (own?.length && own.every((t) => seed.includes(t))))
    return own ? { required_trust_basis: own } : {};
  refused.push({
    record: r,
    why: `its required_trust_basis would accept more than the seed's ${seed.join(', ')} (kept in force)`,
  });
  return { required_trust_basis: [...seed] };
}

/** The taint class a record states: its taint_class, its governance envelope's, or none. */
export function statedTaint(r: BundleRecord): unknown {
  if (Object.hasOwn(r.data, 'taint_class')) return r.data.taint_class;
  if (isObject(r.data.governance) && Object.hasOwn(r.data.governance, 'taint_class'))
    return r.data.governance.taint_class;
  return undefined;
}

/** A SourceRecord's kind default, when its kind is mapped. */
export function kindDefault(m: TaintModel, r: BundleRecord): TaintDefault | undefined {
  return r.type === 'SourceRecord' && typeof r.data.source_kind === 'string'
    ? m.defaults.get(r.data.source_kind)
    : undefined;
}

/** The taint a record carries: the one it states, else (a source) its kind's default. */
export function carriedTaint(m: TaintModel, r: BundleRecord): unknown {
  return statedTaint(r) ?? kindDefault(m, r)?.default_taint_class;
}

export interface TaintJudgement {
  record: BundleRecord;
  carried: unknown;
  /** The most-tainted input (derived_from_refs) and its effective rank, when the record has inputs. */
  input?: { record: BundleRecord; rank: number };
  /** The kind default the record states a lower taint than, when its row forbids overrides. */
  overriddenDefault?: TaintDefault;
  /** A SanitizationNode that lawfully lowers the taint to what the record carries. */
  sanitized: boolean;
}

/**
 * Transitive taint (D-01, L102): a record derived from others (its derived_from_refs, our
 * convention) carries at least the effective taint of its most-tainted input, unless a
 * SanitizationNode (its sanitization_node_ref) with evidence lowered it; an input's effective taint
 * is itself inherited, so taint cannot be laundered through a chain of summaries. Inputs come
 * before the record in event order; an input written later counts with the taint it carries.
 * One pass in event order, so cycles and long chains cost nothing extra.
 */
export function taintJudgements(b: Bundle): TaintJudgement[] {
  const cached = b.memo.get('d01.judgements');
  if (cached) return cached as TaintJudgement[];
  const m = taintModel(b);
  const effective = new Map<BundleRecord, number>();
  const out: TaintJudgement[] = [];
  for (const r of b.group('taintBearing')) {
    const carried = carriedTaint(m, r);
    if (carried === undefined) continue;
    const own = m.rank(carried);
    let input: TaintJudgement['input'];
    for (const ref of strings(r.data.derived_from_refs)) {
      // Every record under the id, the most tainted deciding: a source written again under its id
      // (SourceRecord is updated in place) cannot launder an input through a cleaner copy.
      for (const src of b.repeated(ref) ? b.lookup(ref) : [b.resolve(ref)]) {
        if (!src || src === r) continue;
        const rank = effective.get(src) ?? m.rank(carriedTaint(m, src));
        if (!input || rank > input.rank) input = { record: src, rank };
      }
    }
    const def = kindDefault(m, r);
    const overriddenDefault =
      def &&
      statedTaint(r) !== undefined &&
      !def.allow_override &&
      own < m.rank(def.default_taint_class)
        ? def
        : undefined;
    const floor = Math.max(
      input?.rank ?? -1,
      overriddenDefault ? m.rank(overriddenDefault.default_taint_class) : -1,
    );
    const sanitized = floor > own && sanitizes(b, m, r, floor, own);
    effective.set(r, sanitized ? own : Math.max(own, floor));
    if (floor > own) out.push({ record: r, carried, input, overriddenDefault, sanitized });
  }
  b.memo.set('d01.judgements', out);
  return out;
}

/** The record's SanitizationNode took input at least as tainted as `from` and output at most `to`. */
function sanitizes(b: Bundle, m: TaintModel, r: BundleRecord, from: number, to: number): boolean {
  const node = b.resolve(r.data.sanitization_node_ref, 'SanitizationNode');
  return (
    !!node &&
    typeof node.data.evidence_ref === 'string' &&
    node.data.evidence_ref !== '' &&
    m.rank(node.data.input_taint) >= from &&
    m.rank(node.data.output_taint) <= to
  );
}
