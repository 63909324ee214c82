// The files of fast paths written ahead of time, and what each holds: `npm run fast-paths` writes
// them; a test per pack fails while its committed file differs from `render()`.
import { ADDENDA_B_FAST_PATHS_FILE, renderAddendaBFastPaths } from './addenda-b-fast-paths.js';
import { TRACE_FAST_PATHS_FILE, renderTraceFastPaths } from './trace-fast-paths.js';

export const GENERATED_FAST_PATHS = [
  { file: ADDENDA_B_FAST_PATHS_FILE, render: renderAddendaBFastPaths },
  { file: TRACE_FAST_PATHS_FILE, render: renderTraceFastPaths },
];
