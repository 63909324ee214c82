/**
 * The value of a Rust string literal as syn's `LitStr::value` gives it: `"…"` with escapes, or
 * `r#"…"#` verbatim. Undefined for anything else (byte strings, C strings, bad escapes).
 */
export function rustStringValue(token: string): string | undefined {
  const raw = /^r(#*)"([\s\S]*)"\1$/.exec(token);
  if (raw) return raw[2]!.replace(/\r\n/g, '\n');
  if (token.length < 2 || !token.startsWith('"') || !token.endsWith('"')) return undefined;
  const body = token.slice(1, -1).replace(/\r\n/g, '\n');
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i];
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case '0':
        out += '\0';
        break;
      case '\\':
      case '"':
      case "'":
        out += e;
        break;
      case 'x': {
        const hex = body.slice(i + 1, i + 3);
        if (!/^[0-7][0-9a-fA-F]$/.test(hex)) return undefined;
        out += String.fromCharCode(parseInt(hex, 16));
        i += 2;
        break;
      }
      case 'u': {
        // At most six hex digits, underscores between them but not first (Rust's lexer).
        const m = /^\{([0-9a-fA-F][0-9a-fA-F_]*)\}/.exec(body.slice(i + 1, i + 32));
        const digits = m ? m[1]!.replace(/_/g, '') : '';
        const cp = m && digits.length <= 6 ? parseInt(digits, 16) : NaN;
        if (!m || !(cp <= 0x10ffff) || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
        out += String.fromCodePoint(cp);
        i += m[0].length;
        break;
      }
      case '\n':
        // A line continuation: the newline and the whitespace after it are dropped.
        while (i + 1 < body.length && /[ \t\n\r]/.test(body[i + 1]!)) i++;
        break;
      default:
        return undefined;
    }
  }
  return out;
}
