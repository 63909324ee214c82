export function releasePlan(files: { packageJson: string; versionTs: string; changelog: string }): {
  version: string;
  tag: string;
  major: string;
  notes: string;
};
