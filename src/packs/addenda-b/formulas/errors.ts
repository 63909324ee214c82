/** A formula refused its inputs with one of the seed's validation codes (the seed's `throw`). */
export class FormulaError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
