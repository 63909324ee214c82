/** Annotation ids (`aristo-core/src/index/strings.rs parse_annotation_id`). */
const LOCAL = /^(aristos:|kanon:)?[a-z_][a-z0-9_]{0,127}$/;
const OPAQUE = /^aret_[A-Za-z0-9]{4,64}$/;

export function isAnnotationId(s: string): boolean {
  return LOCAL.test(s) || OPAQUE.test(s);
}

/** Canon-bound ids (`aristos:` / `kanon:`). */
export function isCanonId(s: string): boolean {
  return s.startsWith('aristos:') || s.startsWith('kanon:');
}

/** The file name the SDK gives an id's proof: every `:` written as `__` (`apply.rs`). */
export function proofFileName(id: string): string {
  return `${id.replace(/:/g, '__')}.proof`;
}

/**
 * The id a `.proof` file name stands for (`apply.rs id_from_filename`), or why it stands for
 * none. A `:` in the name itself is refused: the SDK never writes one, and the name would not
 * survive a checkout on Windows.
 */
export function idFromProofFileName(
  name: string,
): { ok: true; id: string } | { ok: false; detail: string } {
  const stem = name.slice(0, -'.proof'.length);
  if (stem.includes(':'))
    return { ok: false, detail: `contains ":" (the SDK writes "__" for ":")` };
  const id = stem.replace(/__/g, ':');
  if (!isAnnotationId(id))
    return { ok: false, detail: `decodes to "${id}", which is not a valid annotation id` };
  return { ok: true, id };
}
