import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'conformance/',
      'examples/',
      // Generated plain JavaScript (npm run fast-paths), checked by tests.
      'src/packs/addenda-b/schema/fast-paths.generated.ts',
      'src/packs/trace/format/fast-paths.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }] },
  },
  {
    // The CLI's loader is a CommonJS script (it says why).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', __filename: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests build artifacts of deliberately wrong shapes; strict typing would only get in the way.
    files: ['__tests__/**', 'scripts/**/*.d.mts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-control-regex': 'off' },
  },
);
