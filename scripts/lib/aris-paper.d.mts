export const AUDITS: [string, string][];
export const CROSS_FAMILY: Record<string, string>;
export function sha256(p: string): string;
export function write(p: string, content: string | Buffer): void;
export interface PaperOptions {
  verdicts?: Record<string, string>;
  reasons?: Record<string, string>;
  summaries?: Record<string, string>;
  results?: boolean;
  assurance?: string;
  independence?: Record<string, unknown>;
  only?: string[];
  traceRoot?: string;
  tracePrefix?: string;
}
export function writePaper(dir: string, opts?: PaperOptions): Record<string, Record<string, any>>;
export function writeArtifact(dir: string, file: string, artifact: unknown): void;
export function writeManifest(dir: string, audits: [string, string][]): void;
