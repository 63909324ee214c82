import type { Workspace } from '../../io/workspace.js';
import { ARISTO } from './codes.js';
import { MAX_TOML_BYTES, readText } from './files.js';
import { rustBlank } from './hash.js';
import { isAnnotationId } from './ids.js';
import type { Findings } from './model.js';
import { validate } from './proofs.js';
import { schemas } from './schema.js';
import { parseToml } from './toml.js';

export const EXPECTATIONS_PATH = '.aristo/expectations.toml';

/**
 * One accepted gap of `.aristo/expectations.toml`, in the platform's waiver shape
 * (`{code, subject, reason, tracking?, expires?}`): it waives `aristo.refuted` for one id.
 */
export interface AristoWaiver {
  code: 'aristo.refuted';
  id: string;
  reason: string;
  tracking?: string;
  accepted_at: string;
  /** Where it is written, for findings. */
  location: { path: string; line: number };
}

/**
 * The waivers that apply. A missing file means none. A file that is not TOML is refused whole
 * (as by the SDK); a waiver without a reason or accepted_at (or with a blank one, or keyed by
 * something that is not an id) is reported and does not apply.
 */
export function loadWaivers(
  ws: Workspace,
  targetDir: string,
  subject: string,
  f: Findings,
): Map<string, AristoWaiver> {
  const out = new Map<string, AristoWaiver>();
  const read = readText(ws, targetDir, EXPECTATIONS_PATH, MAX_TOML_BYTES);
  const rel = read.rel;
  if (!read.ok) {
    if (!read.missing)
      f.add(ARISTO.expectationsInvalid, subject, `${rel} ${read.detail}; no waiver applies.`, {
        path: rel,
      });
    return out;
  }
  const parsed = parseToml(read.text);
  if (!parsed.ok) {
    f.add(
      ARISTO.expectationsInvalid,
      subject,
      `${rel}: parse: ${parsed.message} (line ${parsed.line}, column ${parsed.column}); no waiver applies.`,
      { path: rel, line: parsed.line, column: parsed.column },
    );
    return out;
  }
  const doc = parsed.doc;
  const S = schemas();
  if (doc.data['__meta__'] !== undefined) {
    const meta = S.ExpectationsMeta.safeParse(doc.data['__meta__']);
    if (!meta.success) {
      f.add(
        ARISTO.expectationsInvalid,
        subject,
        `${rel}: __meta__.schema_version must be a whole number; no waiver applies.`,
        { path: rel, line: doc.lineOf(['__meta__']) },
      );
      return out;
    }
  }
  for (const id of Object.keys(doc.data)) {
    if (id === '__meta__') continue;
    const location = { path: rel, line: doc.lineOf([id]) };
    if (!isAnnotationId(id)) {
      f.add(
        ARISTO.waiverInvalid,
        subject,
        `${rel}: \`${id}\` is not a valid annotation id.`,
        location,
      );
      continue;
    }
    const w = validate(
      S.WaiverStrict,
      S.Waiver,
      doc,
      rel,
      subject,
      f,
      ARISTO.waiverInvalid,
      undefined,
      [id],
    );
    if (!w) continue;
    const blank = (['reason', 'accepted_at'] as const).filter((k) => rustBlank(w[k]));
    if (blank.length) {
      f.add(
        ARISTO.waiverInvalid,
        subject,
        `${rel}: the waiver of \`${id}\` has a blank ${blank.join(' and ')}: a reasonless waiver is how a baseline rots.`,
        { path: rel, line: doc.lineOf([id, blank[0]!]) },
      );
      continue;
    }
    out.set(id, {
      code: 'aristo.refuted',
      id,
      reason: w.reason,
      ...(w.tracking !== undefined ? { tracking: w.tracking } : {}),
      accepted_at: w.accepted_at,
      location,
    });
  }
  return out;
}
