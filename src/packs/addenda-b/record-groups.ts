/**
 * Records of any type that some rules must visit: the seed lets any record carry these fields, or
 * a rule follows several types in event order. The bundle sorts each record into its groups as it
 * reads it, while the record is still in the CPU's caches; a rule that walked every record instead
 * would fetch each one from memory again (≈ 15 ms a walk on 91,000 records, and there were six).
 * A record belongs to a group when its type does (decided once per type) or its data does.
 * Each group lists its records in bundle order.
 */
export interface GroupTest {
  type?: (type: string) => boolean;
  /**
   * Reads top-level keys that Object.prototype lacks, so a load is undefined only when absent
   * (JSON holds no undefined). Membership is decided once, when the record is added: rules never
   * change a record's data.
   */
  data?: (data: Record<string, unknown>) => boolean;
}

export const RECORD_GROUPS = {
  /** A top-level learning_mode (A-11: no seed type declares one, so any record may). */
  learningMode: { data: (d) => d.learning_mode !== undefined },
  /** The overloaded requires_background_progress (D-21), on any record. */
  legacyProgress: { data: (d) => d.requires_background_progress !== undefined },
  /** Privileged data (§3.4): data_class "privileged" or privileged true. */
  privileged: { data: (d) => d.data_class === 'privileged' || d.privileged === true },
  /** What may carry a taint (D-01): a source, a stated taint_class or a governance block. */
  taintBearing: {
    type: (t) => t === 'SourceRecord',
    data: (d) => d.taint_class !== undefined || d.governance !== undefined,
  },
  /** Receipts: the record types named *Receipt. */
  receipts: { type: (t) => t.endsWith('Receipt') },
  /** The events that start, settle and outrun a revalidation cascade (B-05). */
  cascadeEvents: {
    type: (t) =>
      t === 'RevalidationCascadeRun' ||
      t === 'RevalidationCascadeReceipt' ||
      t === 'RevisionExecutionLifecycleTransition' ||
      t === 'RevisionCycleOutcomeObservation',
  },
} satisfies Record<string, GroupTest>;

export type RecordGroup = keyof typeof RECORD_GROUPS;
