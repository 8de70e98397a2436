import type { Config } from 'jest';

/**
 * ts-jest (the stack's choice) compiles each file on its own, without a type check: the tsconfigs set isolatedModules,
 * so ts-jest transpiles (TypeScript's transpileModule) instead of building a program; `npm run typecheck` checks the
 * types on its own (CI's typecheck step).
 */
const tsJest = (tsconfig: string) => ['ts-jest', { tsconfig }] as const;
/** ESM-only dependencies turned into CommonJS */
const compiledJs = ['ts-jest', { tsconfig: { allowJs: true, module: 'CommonJS', target: 'ES2022', isolatedModules: true } }] as const;
const esmPackages = ['react-intl', '@formatjs', 'intl-messageformat', 'ky', 'react-vant', '@react-vant', 'date-fns'].join('|');
/** the service's ESM-only dependencies (pg-boss, pkijs and theirs), compiled for Jest in the server project and in the scripts' tests that load service code */
const serverEsm = 'content-disposition|cookie|@electric-sql/pglite|@fastify/cookie|pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec|pkijs|asn1js|bytestreamjs|@noble/hashes|@peculiar/utils|@scure/base|mrz';

const config: Config = {
  // Jest's default on 2 cores is 1 worker (cores - 1), leaving a core to a parent that mostly waits. Three on 2 cores:
  // the service tests wait on their databases and job queues part of the time (measured on this 2-core machine, idle,
  // same session: npm test 348 s with 2 workers, 306 s with 3; the service tests on PostgreSQL 235 s, 186 s)
  maxWorkers: 3,
  // the time of one test (a project's own testTimeout is not read when projects run together): the service tests
  // start apps and run PGlite, slower on a loaded 2-core machine
  testTimeout: 30000,
  projects: [
    {
      displayName: 'domain',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/core/domain', '<rootDir>/src/core/step-engine', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      // scripts' tests load service code (the docs tables, the build): its ESM-only dependencies compiled as in the server project
      transform: { '^.+\\.tsx?$': tsJest('<rootDir>/tsconfig.jest.json'), '^.+\\.js$': compiledJs },
      transformIgnorePatterns: [`/node_modules/(?!(${serverEsm})/)`],
      moduleNameMapper: { '^@core/(.*)$': '<rootDir>/src/core/$1', '^@locales/(.*)$': '<rootDir>/locales/$1' },
    },
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/src/core/testing/jsdom-env.cjs',
      // the screens are tried as on a phone, where they are used (a computer's browser gets the hand-off card: issue 41)
      testEnvironmentOptions: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' },
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.tsx', '<rootDir>/src/core/!(domain|step-engine)/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/core/testing/setup.ts'],
      transform: { '^.+\\.[tj]sx?$': tsJest('<rootDir>/tsconfig.jest.json') },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/src/core/testing/style-stub.cjs',
        '\\.(png|jpg|jpeg|svg|pdf|mp3|wav)(\\?url)?$': '<rootDir>/src/core/testing/file-stub.cjs',
        // the photo check's worker (Vite's import.meta.url; jsdom has no worker nor image decoding): a fake whose answer the tests set
        '^(.*/)?photo-check/check-photo$': '<rootDir>/src/core/testing/fake-check-photo.ts',
        '^@core/(.*)$': '<rootDir>/src/core/$1',
        '^@locales/(.*)$': '<rootDir>/locales/$1',
        // a part of a language's messages (scripts/precompile-messages.ts): the whole file in tests
        '^(.*/locales/[^/]+\\.json)\\?part=(first|rest)$': '$1',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/test'],
      testMatch: ['**/*.test.ts'],
      globalSetup: '<rootDir>/server/test/global-setup.ts',
      globalTeardown: '<rootDir>/server/test/global-teardown.ts',
      transform: {
        '^.+\\.tsx?$': tsJest('<rootDir>/server/tsconfig.jest.json'),
        // ESM-only dependencies of the server (Node 20.19 loads them natively; Jest needs them compiled)
        // PGlite and @fastify/cookie load modules with import(): turned into require() (no --experimental-vm-modules needed)
        '/(@electric-sql/pglite|@fastify/cookie)/.+\\.c?js$': '<rootDir>/server/test/jest-dynamic-import.cjs',
        '^.+\\.js$': compiledJs,
      },
      // pg-boss, pkijs and their ESM-only dependencies are compiled too
      transformIgnorePatterns: [`/node_modules/(?!(${serverEsm})/)`],
      moduleNameMapper: { '^@core/domain$': '<rootDir>/src/core/domain/index.ts', '^@core/domain/(.*)$': '<rootDir>/src/core/domain/$1', '^(\\.{1,2}/.*)\\.js$': '$1' },
      testTimeout: 30000,
    },
  ],
};

export default config;
