/** Codes of this section the pack does not check, with why (see not-checked.ts). */
export const REASONS: Record<string, string> = {};
