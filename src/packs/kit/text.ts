// Whether a string says anything. Whitespace and invisible format characters (zero-width spaces
// and joiners, a BOM) say nothing, so a field holding only them is as missing as an empty one.
const VISIBLE = /[^\s\p{Cf}]/u;

/** A string with at least one character that is neither whitespace nor an invisible format character. */
export const hasText = (v: string): boolean => VISIBLE.test(v);
