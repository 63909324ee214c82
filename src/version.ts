/** The tool version, reported in every report. Keep in step with package.json. */
export const VERSION = '0.1.0';

/** The project's home (package.json `homepage`); the Action is `uses: audit-gate/audit-gate@v1`. */
export const HOMEPAGE = 'https://github.com/audit-gate/audit-gate';

/** Where the validation codes are documented, at this version's release tag. */
export const CODES_DOC = `${HOMEPAGE}/blob/v${VERSION}/docs/codes.md`;
