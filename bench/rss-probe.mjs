// Loaded with `node --import` by the benchmarks: records the process's peak RSS (main thread
// and workers together) to the file named by AUDIT_GATE_RSS_FILE when the process exits.
import fs from 'node:fs';

const out = process.env.AUDIT_GATE_RSS_FILE;
if (out)
  process.on('exit', () => fs.writeFileSync(out, String(process.resourceUsage().maxRSS * 1024)));
