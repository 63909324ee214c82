// What a release publishes, checked before anything is tagged: the version in package.json (the
// same as src/version.ts), its tag vX.Y.Z, the major tag vX that moves to it (so
// `uses: audit-gate/audit-gate@v1` follows every compatible release), and its CHANGELOG.md section
// as the release notes. Used by .github/workflows/release.yml:
//   node scripts/release-plan.mjs NOTES_FILE   (writes tag= and major= to $GITHUB_OUTPUT)
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * @param {{ packageJson: string, versionTs: string, changelog: string }} files
 * @returns {{ version: string, tag: string, major: string, notes: string }}
 */
export function releasePlan({ packageJson, versionTs, changelog }) {
  const version = JSON.parse(packageJson).version;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`package.json version "${version}" is not X.Y.Z`);
  const inSource = /export const VERSION = '([^']*)'/.exec(versionTs)?.[1];
  if (inSource !== version)
    throw new Error(`src/version.ts says ${inSource}, package.json ${version}: make them equal`);
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## [${version}]`));
  if (start < 0) throw new Error(`CHANGELOG.md has no "## [${version}]" section`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  const notes = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
  if (!notes) throw new Error(`CHANGELOG.md's section for ${version} is empty`);
  return { version, tag: `v${version}`, major: `v${version.split('.')[0]}`, notes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const plan = releasePlan({
      packageJson: fs.readFileSync('package.json', 'utf8'),
      versionTs: fs.readFileSync('src/version.ts', 'utf8'),
      changelog: fs.readFileSync('CHANGELOG.md', 'utf8'),
    });
    if (process.argv[2]) fs.writeFileSync(process.argv[2], plan.notes + '\n');
    const out = `tag=${plan.tag}\nmajor=${plan.major}\n`;
    if (process.env.GITHUB_OUTPUT) fs.appendFileSync(process.env.GITHUB_OUTPUT, out);
    process.stdout.write(out);
  } catch (err) {
    process.stderr.write(`::error::${err.message}\n`);
    process.exitCode = 1;
  }
}
