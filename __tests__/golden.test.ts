// The legacy ARIS report and the VerificationReport are byte-identical to what the code wrote
// before the pack registry (golden files generated on that code). UPDATE_GOLDEN=1 rewrites them:
// only ever do that on purpose, with a migration note.
import fs from 'node:fs';
import path from 'node:path';
import { goldenOutput } from './support/golden.js';

const root = path.resolve('conformance');
const goldenDir = path.resolve('__tests__/golden');
const folders = fs
  .readdirSync(root)
  .flatMap((pack) => fs.readdirSync(path.join(root, pack)).map((id) => path.join(root, pack, id)))
  .filter((d) => fs.existsSync(path.join(d, 'fixture.json')));

describe('pack outputs are byte-identical to the golden files', () => {
  it('every fixture', async () => {
    let compared = 0;
    for (const folder of folders) {
      const text = await goldenOutput(folder);
      if (text === undefined) continue;
      const file = path.join(goldenDir, `${path.relative(root, folder).replace('/', '__')}.json`);
      if (process.env['UPDATE_GOLDEN'] === '1') fs.writeFileSync(file, text);
      expect({ file, text }).toEqual({ file, text: fs.readFileSync(file, 'utf8') });
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  }, 120000);
});
