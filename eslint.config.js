import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Import boundaries. In a flat config a later block's `no-restricted-imports` replaces an earlier one for the same
// files, so each file group gets one rule holding every restriction meant for it.
const VANT = { name: 'react-vant', message: 'Deep-import react-vant components (react-vant/es/<component>): the root import pulls in the whole library.' };
const NO_SERVER = { group: ['**/server/**', '../server/*'], message: 'src/ never imports server/.' };
const NO_FLOWS = { group: ['**/flows/**'], message: 'src/core never imports a flow.' };
const PURE = {
  group: ['react', 'react-*', 'ky', '**/api/**', '**/ui/**', '**/i18n/**', '**/bridge/**', '**/router/**', '**/step-engine/**', '**/testing/**', '@core/!(domain)*', 'node:*'],
  message: 'domain is pure: no React, no I/O, nothing of the rest of core.',
};
const restrict = (...patterns) => ['error', { paths: [VANT], patterns }];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'e2e/out/**', 'bench/out/**', 'coverage/**', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': restrict(NO_SERVER),
    },
  },
  {
    files: ['src/core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(NO_SERVER, NO_FLOWS),
    },
  },
  {
    files: ['src/core/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(NO_SERVER, NO_FLOWS, PURE),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/core/!(domain)/**', '**/src/flows/**', '@core/!(domain)*'], message: 'server/ imports only src/core/domain.' }] },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
