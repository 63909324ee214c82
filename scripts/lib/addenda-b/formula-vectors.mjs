// The test vectors derived from the seed's own functions (scripts/addenda-b/addenda-b-derived-
// vectors.json) as a bundle holds them: each FormulaTestVector (L1660) names FormulaValue records
// by input_ref (the arguments object) and expected_output_ref (the output; a vector whose input
// makes the function throw names no output and expects the thrown code).
import fs from 'node:fs';
import { URL } from 'node:url';

const DERIVED = JSON.parse(
  fs.readFileSync(
    new URL('../../addenda-b/addenda-b-derived-vectors.json', import.meta.url),
    'utf8',
  ),
);

/** {"$number":"NaN"} → "NaN": a bundle writes non-finite numbers as bare strings. */
const decode = (v) =>
  Array.isArray(v)
    ? v.map(decode)
    : v && typeof v === 'object'
      ? '$number' in v
        ? v.$number
        : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(x)]))
      : v;

/** The test_vectors of FormulaSpec `formulaId` from the derived vectors of seed function `fn`, and their FormulaValues. */
export function derivedVectors(formulaId, fn) {
  const testVectors = [];
  const values = [];
  DERIVED[fn].forEach((v, i) => {
    const id = `tv.${formulaId}.${i + 1}`;
    values.push({ type: 'FormulaValue', value_id: `${id}.in`, value: decode(v.input) });
    if (!v.throws)
      values.push({ type: 'FormulaValue', value_id: `${id}.out`, value: decode(v.output) });
    testVectors.push({
      test_vector_id: id,
      input_ref: `${id}.in`,
      expected_output_ref: v.throws ? 'outputs/none' : `${id}.out`,
      expected_validation_codes: v.throws ? [v.throws] : [],
      schema_version: '1.0',
    });
  });
  return { testVectors, values };
}
