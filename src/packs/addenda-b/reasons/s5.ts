/** Codes of this section the pack does not check, with why (see not-checked.ts). */
export const REASONS: Record<string, string> = {
  'validation.hard_call_freeform_missing_response_schema':
    'the seed gives HardRevisionCall no response-schema field (L1218-1227), so a freeform_required call has nothing to be missing',
};
