// JavaScript source in ASCII only. V8 holds a source with any non-ASCII character two bytes a
// character: the CLI bundle (≈ 2 MB) would be decoded, kept and scanned as 4 MB, which cost ≈ 4 ms
// of every start (docs/performance.md). A bundle's non-ASCII characters sit in strings, templates,
// regular expressions and comments, where a \uXXXX escape stands for the same character; the forms
// where it would not (a character escaped already, a template read raw) are refused.

/** `source` with each non-ASCII UTF-16 unit written as a \uXXXX escape; throws where unsafe. */
export function asciiOnly(source) {
  const escaped = source.match(/\\[\u0080-\uffff]/);
  if (escaped) throw new Error(`an escaped non-ASCII character: ${escaped[0]}`);
  if (/\bString\.raw\b|\.raw\s*\[/.test(source))
    throw new Error('a template read raw would see \\u escapes, not its characters');
  // Without the u flag the class matches UTF-16 units: an astral character becomes a surrogate
  // pair of escapes, which strings and u-mode regular expressions read as that one character.
  return source.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
