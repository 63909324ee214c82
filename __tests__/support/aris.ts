import path from 'node:path';
import { writeArtifact, writePaper } from '../../scripts/lib/aris-paper.mjs';

type PaperOptions = Parameters<typeof writePaper>[1];

/** A passing paper at `<new repo>/paper`, and `edit` to change one artifact and rewrite it. */
export function paperSetup(repo: () => string, opts: PaperOptions = {}) {
  const root = repo();
  const paper = path.join(root, 'paper');
  const artifacts = writePaper(paper, opts) as Record<string, Record<string, unknown>>;
  const edit = (file: string, change: (a: Record<string, any>) => void) => {
    change(artifacts[file]!);
    writeArtifact(paper, file, artifacts[file]);
  };
  return { root, paper, artifacts, edit };
}
