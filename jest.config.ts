import type { Config } from 'jest';

/**
 * Test files and the code they load are compiled by SWC (@swc/jest): no type check here, `npm run typecheck` does it
 * on its own (CI's typecheck step). SWC hoists jest.mock() above the imports as ts-jest did. `.ts` is parsed without
 * JSX (so `<T>(x) => x` and `<T>value` keep their TypeScript meaning), `.tsx` with React's automatic runtime.
 */
const swc = (parser: { syntax: 'typescript'; tsx: boolean } | { syntax: 'ecmascript' }) =>
  [
    '@swc/jest',
    {
      jsc: { parser, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    },
  ] as const;
const ts = swc({ syntax: 'typescript', tsx: false });
const tsx = swc({ syntax: 'typescript', tsx: true });
/** ESM-only dependencies turned into CommonJS */
const compiledJs = swc({ syntax: 'ecmascript' });
const esmPackages = ['react-intl', '@formatjs', 'intl-messageformat', 'ky', 'react-vant', '@react-vant', 'date-fns'].join('|');
/** the service's ESM-only dependencies (pg-boss, pkijs and theirs), compiled for Jest in the server project and in the scripts' tests that load service code */
const serverEsm = 'content-disposition|cookie|@electric-sql/pglite|@fastify/cookie|pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec|pkijs|asn1js|bytestreamjs|@noble/hashes|@peculiar/utils|@scure/base';

const config: Config = {
  // Jest's default on 2 cores is 1 worker (cores - 1), leaving a core to a parent that mostly waits: 2 workers
  maxWorkers: 2,
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
      transform: { '^.+\\.ts$': ts, '^.+\\.js$': compiledJs },
      transformIgnorePatterns: [`/node_modules/(?!(${serverEsm})/)`],
      moduleNameMapper: { '^@core/(.*)$': '<rootDir>/src/core/$1', '^@locales/(.*)$': '<rootDir>/locales/$1' },
    },
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/src/core/testing/jsdom-env.cjs',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.tsx', '<rootDir>/src/core/!(domain|step-engine)/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/core/testing/setup.ts'],
      transform: { '^.+\\.ts$': ts, '^.+\\.tsx$': tsx, '^.+\\.jsx?$': compiledJs },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/src/core/testing/style-stub.cjs',
        '\\.(png|jpg|jpeg|svg|pdf|mp3|wav)(\\?url)?$': '<rootDir>/src/core/testing/file-stub.cjs',
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
        '^.+\\.ts$': ts,
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
