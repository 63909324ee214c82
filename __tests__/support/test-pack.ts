// A pack that exists only in the tests: registered at test time, it proves a new contract plugs
// into verify, the config, the conformance runner and the docs with no change to the core.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FLAGS } from '../../src/cli/flags.js';
import { emit, progress, textOrJson } from '../../src/cli/kit.js';
import { finding, type CodeDef } from '../../src/model/finding.js';
import type { Pack } from '../../src/packs/pack.js';
import { verify } from '../../src/pipeline/verify.js';

export const NOT_OK: CodeDef = {
  code: 'validation.not_ok',
  severity: 'error',
  title: 'demo.json does not say ok',
  remediation: 'Write {"ok": true} to demo.json.',
};

export const demoPack: Pack = {
  id: 'demo',
  title: 'Demo bundles',
  namespace: 'validation',
  codes: [NOT_OK],
  targetKind: 'bundle',
  subjectKinds: ['bundle'],
  options: () => z.object({ label: z.string().optional() }).strict(),
  schemas: () => ({ 'demo-file': z.object({ ok: z.boolean() }) }),
  outputs: {
    'demo-summary': {
      description: 'One line per bundle',
      render: (report, id) => `${id}: ${report.targets.find((t) => t.id === id)?.terminal_state}`,
    },
  },
  discover: (dirs) => dirs.filter((d) => d.files.has('demo.json')).map((d) => d.abs),
  async verify(dir, ctx) {
    const rel = ctx.workspace.rel(dir);
    const id = `demo:${rel}`;
    const ok = JSON.parse(fs.readFileSync(path.join(dir, 'demo.json'), 'utf8')).ok === true;
    const label = typeof ctx.options['label'] === 'string' ? ctx.options['label'] : 'bundle';
    return {
      target: {
        id,
        pack: 'demo',
        kind: 'bundle',
        path: rel,
        enforcement: 'blocking',
        terminal_state: ok ? 'accepted' : 'rejected',
        ready: ok,
        context: { label },
      },
      subjects: [
        {
          id,
          target: id,
          pack: 'demo',
          kind: 'bundle',
          name: rel,
          path: rel,
          status: ok ? 'OK' : 'BAD',
          outcome: 'pass',
        },
      ],
      findings: ok
        ? []
        : [
            finding(NOT_OK, {
              subject: id,
              message: `${rel}/demo.json does not say ok.`,
              location: { path: path.posix.join(rel, 'demo.json'), line: 1 },
            }),
          ],
    };
  },
  command: {
    args: '<bundle-dir>...',
    about: 'Verify demo bundles (a demo.json saying ok). Nothing else.',
    flags: [
      FLAGS.format,
      { name: 'label', type: 'string', value: 'TEXT', help: 'what to call every bundle' },
    ],
    async run(args, io) {
      const label = args.string('label');
      const report = await verify({
        root: io.cwd,
        paths: args.positionals,
        packs: ['demo'],
        packOptions: { demo: label !== undefined ? { label } : {} },
        onProgress: progress(io, args.flag('progress')),
      });
      return emit(report, textOrJson(args.string('format')), undefined, io);
    },
  },
  fixtures: {
    // The seed's own fixture fields: no `pack`, the input named by input_bundle_ref.
    fields: () => ({
      input_bundle_ref: z.string().min(1),
      expected_receipt_refs: z.array(z.string()).optional(),
    }),
    prepare: (fx) => ({ input: String(fx['input_bundle_ref']) }),
  },
};
