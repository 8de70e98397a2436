import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'e2e/out/**', 'coverage/**', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-vant', message: 'Deep-import react-vant components (react-vant/es/<component>): the root import pulls in the whole library.' }],
          patterns: [{ group: ['**/server/**', '../server/*'], message: 'src/ never imports server/.' }],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-vant', message: 'Deep-import react-vant components.' }],
          patterns: [{ group: ['**/flows/**'], message: 'src/core never imports a flow.' }],
        },
      ],
    },
  },
  {
    files: ['src/core/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-*', 'ky', '**/api/**', '**/ui/**', 'node:*'], message: 'domain is pure: no React, no I/O.' }] },
      ],
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
