/** The tool version, reported in every report. Keep in step with package.json. */
export const VERSION = '0.1.0';
