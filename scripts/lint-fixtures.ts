/**
 * Known-bad (and known-good) imports for the boundary rules of eslint.config.js (issue 26). Each fixture is a
 * virtual file: its text is linted as if it lived at `at` (ESLint's lintText with a filePath), so the path-based
 * rules apply exactly as they do to the real file there, and nothing is written under src/ or server/.
 * scripts/lint-boundaries.test.ts lints them all with the real config and fails unless each bad one is refused by
 * the rule (and zone message) named in `refusedBy`, and each good one passes clean.
 * The imported files must exist: a fixture whose import no longer resolves is reported, not silently passed.
 */
export interface LintFixture {
  /** what the fixture tries */
  name: string;
  /** where the file pretends to live (relative to the repository root) */
  at: string;
  code: string;
  /** the rule that must refuse it, and a piece of its message (which zone); absent: must lint clean */
  refusedBy?: { rule: string; message: string };
}

const FLOWS = 'Flows never import one another';
const SCREENS = 'Screens never import one another';
const DOMAIN_ONLY = 'src/core/domain imports nothing but src/core/domain';
const SERVER = 'server/ imports only src/core/domain';
const CORE = 'src/core never imports a flow';
const SRC = 'src/ never imports server/';
const INFRA = 'Infrastructure (server/src/jobs, plugins, vendors, storage, db) imports no module';
const FACE = 'Another module is imported through its index.ts only';
const LAYERS = 'src/core is layered';
const ZONE = 'import-x/no-restricted-paths';
const WIRE = 'boundaries/no-wire-schema-values';

const zone = (message: string) => ({ rule: ZONE, message });
/** an import of one value, used so that no other rule (unused variable) speaks */
const useOf = (spec: string) => `import * as m from '${spec}';\nexport const used = m;\n`;

const DOMAIN_FILE = 'src/core/domain/lint-fixture.ts';
const SIGN_SCREEN = 'src/flows/signature/screens/sign/LintFixture.tsx';
const JOB_SCREEN = 'src/flows/open-account/screens/job-status/LintFixture.tsx';

export const BAD: LintFixture[] = [
  // flows never import one another
  { name: 'a signature-flow screen imports an open-account screen', at: SIGN_SCREEN, code: useOf('../../../open-account/screens/id-card/IdCardScreen'), refusedBy: zone(FLOWS) },
  { name: 'the signature flow imports the open-account flow’s components', at: 'src/flows/signature/use-lint-fixture.ts', code: useOf('../open-account/components/ChannelChangeGate'), refusedBy: zone(FLOWS) },
  // screens never import a sibling screen
  { name: 'a screen imports a sibling screen', at: JOB_SCREEN, code: useOf('../company-search/CompanySearchScreen'), refusedBy: zone(SCREENS) },
  { name: 'a screen imports a sibling screen by a longer way round', at: JOB_SCREEN, code: useOf('../../screens/company-search/CompanySearchScreen'), refusedBy: zone(SCREENS) },
  { name: 'a screen loads a sibling screen on demand', at: JOB_SCREEN, code: `export const load = () => import('../company-search/CompanySearchScreen');\n`, refusedBy: zone(SCREENS) },
  // (from the retired screen-boundaries test: a screen's stylesheet or a type of a sibling screen are crossings too)
  { name: 'a screen loads a sibling screen’s stylesheet', at: JOB_SCREEN, code: `import '../company-search/company-search.css';\n`, refusedBy: zone(SCREENS) },
  { name: 'a screen imports a type from a sibling screen', at: JOB_SCREEN, code: `import type * as m from '../company-search/CompanySearchScreen';\nexport type Used = typeof m;\n`, refusedBy: zone(SCREENS) },
  // the domain imports nothing but the domain
  { name: 'core/domain imports @core/api', at: DOMAIN_FILE, code: useOf('@core/api/client'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain imports ../api', at: DOMAIN_FILE, code: useOf('../api'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain imports ../ui', at: DOMAIN_FILE, code: useOf('../ui'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain (step-rules) imports ../../i18n', at: 'src/core/domain/step-rules/lint-fixture.ts', code: useOf('../../i18n'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain imports a type from @core/step-engine', at: DOMAIN_FILE, code: `import type { StepPageOptions } from '@core/step-engine/use-step-page';\nexport type Used = StepPageOptions<unknown>;\n`, refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain re-exports from @core/ui', at: DOMAIN_FILE, code: `export * from '@core/ui';\n`, refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain imports a flow', at: DOMAIN_FILE, code: useOf('../../flows/open-account/route-table'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain imports zod outside the wire-schema module', at: DOMAIN_FILE, code: useOf('zod'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain imports React (a browser module)', at: DOMAIN_FILE, code: useOf('react'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain imports ky (a browser module)', at: DOMAIN_FILE, code: useOf('ky'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'core/domain imports fs', at: DOMAIN_FILE, code: useOf('fs'), refusedBy: { rule: 'import-x/no-nodejs-modules', message: 'fs' } },
  { name: 'core/domain imports node:crypto', at: DOMAIN_FILE, code: useOf('node:crypto'), refusedBy: { rule: 'import-x/no-nodejs-modules', message: 'node:crypto' } },
  { name: 'core/domain imports a module that does not resolve', at: DOMAIN_FILE, code: useOf('../no-such-folder/thing'), refusedBy: { rule: 'import-x/no-unresolved', message: 'no-such-folder' } },
  { name: 'the wire-schema module imports React', at: 'src/core/domain/contract.ts', code: useOf('react'), refusedBy: zone('The wire-schema module imports nothing but src/core/domain and zod') },
  { name: 'a call module of the wire schemas imports React', at: 'src/core/domain/calls/auth.ts', code: useOf('react'), refusedBy: zone('The wire-schema module imports nothing but src/core/domain and zod') },
  { name: 'the zod-free call table (calls.ts, beside the calls/ folder) imports zod', at: 'src/core/domain/calls.ts', code: useOf('zod'), refusedBy: zone(DOMAIN_ONLY) },
  { name: 'a domain module named like a call module imports zod', at: 'src/core/domain/auth.ts', code: useOf('zod'), refusedBy: zone(DOMAIN_ONLY) },
  // src/core never imports a flow; src/ never imports server/
  { name: 'core/ui imports a flow', at: 'src/core/ui/LintFixture.tsx', code: useOf('../../flows/open-account/route-table'), refusedBy: zone(CORE) },
  { name: 'core/step-engine imports a flow’s screen', at: 'src/core/step-engine/lint-fixture.ts', code: useOf('../../flows/open-account/screens/id-card/IdCardScreen'), refusedBy: zone(CORE) },
  { name: 'core/api imports the service', at: 'src/core/api/lint-fixture.ts', code: useOf('../../../server/src/config'), refusedBy: zone(SRC) },
  // src/core is layered (domain → bridge → i18n → api → ui → form → router → step-engine → app → testing): never upwards
  { name: 'core/api imports a shared component (core/ui)', at: 'src/core/api/lint-fixture.ts', code: useOf('../ui/ConfirmDialog'), refusedBy: zone(LAYERS) },
  { name: 'core/ui imports the step engine', at: 'src/core/ui/LintFixture.tsx', code: useOf('@core/step-engine/use-step-page'), refusedBy: zone(LAYERS) },
  { name: 'core/bridge imports a type from the languages (core/i18n)', at: 'src/core/bridge/lint-fixture.ts', code: `import type { Lang } from '../i18n/lang';\nexport type Used = Lang;\n`, refusedBy: zone(LAYERS) },
  { name: 'core/router imports the page start (core/app)', at: 'src/core/router/lint-fixture.ts', code: useOf('../app/start-page'), refusedBy: zone(LAYERS) },
  // the service imports only core/domain from src/
  { name: 'the service imports src/core/api/client', at: 'server/src/modules/lint-fixture.ts', code: useOf('../../../src/core/api/client'), refusedBy: zone(SERVER) },
  { name: 'the service imports @core/api/client', at: 'server/src/modules/lint-fixture.ts', code: useOf('@core/api/client'), refusedBy: zone(SERVER) },
  { name: 'a service test imports a flow', at: 'server/test/lint-fixture.test.ts', code: useOf('../../src/flows/open-account/route-table'), refusedBy: zone(SERVER) },
  // browser code takes no value from the wire-schema modules (the domain barrel re-exports them)
  { name: 'a screen imports a value from the @core/domain barrel', at: JOB_SCREEN, code: `import { STEP_NAMES } from '@core/domain';\nexport const used = STEP_NAMES;\n`, refusedBy: { rule: WIRE, message: 'src/core/domain/index.ts' } },
  { name: 'a screen imports a value from the wire-schema module', at: JOB_SCREEN, code: `import { schemas } from '@core/domain/contract';\nexport const used = schemas;\n`, refusedBy: { rule: WIRE, message: 'src/core/domain/contract.ts' } },
  { name: 'core/api imports a value from ../domain/contract', at: 'src/core/api/lint-fixture.ts', code: `export { CALLS } from '../domain/contract';\n`, refusedBy: { rule: WIRE, message: 'src/core/domain/contract.ts' } },
  { name: 'a domain module imports a value from the wire-schema module', at: DOMAIN_FILE, code: `import { schemas } from './contract';\nexport const used = schemas;\n`, refusedBy: { rule: WIRE, message: 'src/core/domain/contract.ts' } },
  { name: 'a screen imports a value from a call module of the wire schemas', at: JOB_SCREEN, code: `import { authCalls } from '@core/domain/calls/auth';\nexport const used = authCalls;\n`, refusedBy: { rule: WIRE, message: 'src/core/domain/calls/auth.ts' } },
  { name: 'a domain module imports a value from a call module', at: DOMAIN_FILE, code: `import { fileRef } from './calls/shared';\nexport const used = fileRef;\n`, refusedBy: { rule: WIRE, message: 'src/core/domain/calls/shared.ts' } },
  // no import cycle between the service's modules (aml reads the application: applications must not import aml)
  { name: 'the applications module imports the aml module (a cycle between modules)', at: 'server/src/modules/applications/lint-fixture.ts', code: useOf('../aml/service'), refusedBy: { rule: 'service-modules/no-module-cycle', message: 'applications → aml → applications' } },
  { name: 'the auth module imports a module that imports auth (a cycle between modules)', at: 'server/src/modules/auth/lint-fixture.ts', code: useOf('../applications/service'), refusedBy: { rule: 'service-modules/no-module-cycle', message: 'auth → applications' } },
  // infrastructure imports no module; another module only through its index.ts (issue 39)
  { name: 'a job imports a module (the SMS job reading auth)', at: 'server/src/jobs/lint-fixture.ts', code: useOf('../modules/auth/repository'), refusedBy: zone(INFRA) },
  { name: 'the route plugin imports a module’s guard', at: 'server/src/plugins/lint-fixture.ts', code: useOf('../modules/auth/require-user'), refusedBy: zone(INFRA) },
  { name: 'a vendor imports a module (AML matching)', at: 'server/src/vendors/aml/lint-fixture.ts', code: useOf('../../modules/aml/match'), refusedBy: zone(INFRA) },
  { name: 'the storage imports a module, even its public face', at: 'server/src/storage/lint-fixture.ts', code: useOf('../modules/files'), refusedBy: zone(INFRA) },
  { name: 'the database layer imports a module', at: 'server/src/db/lint-fixture.ts', code: useOf('../modules/system/repository'), refusedBy: zone(INFRA) },
  { name: 'a module imports another module’s repository', at: 'server/src/modules/staff/lint-fixture.ts', code: useOf('../applications/repository'), refusedBy: zone(FACE) },
  { name: 'a module imports another module’s -repository file', at: 'server/src/modules/staff/lint-fixture.ts', code: useOf('../applications/events-repository'), refusedBy: zone(FACE) },
  { name: 'a module imports another module’s service past its index.ts', at: 'server/src/modules/margin/lint-fixture.ts', code: useOf('../accounts/service'), refusedBy: zone(FACE) },
  { name: 'a module’s subfolder imports another module’s repository', at: 'server/src/modules/applications/step-checks/lint-fixture.ts', code: useOf('../../files/repository'), refusedBy: zone(FACE) },
  // no import cycle between the files of a flow (issue 39: the company search's route and its hand-over imported each other through the route table)
  { name: 'a flow file imports a file that imports it back (a cycle in a flow)', at: 'src/flows/open-account/company-route.ts', code: useOf('./company-choice'), refusedBy: { rule: 'import-x/no-cycle', message: 'Dependency cycle' } },
  // kept from before: react-vant only by deep import
  { name: 'a screen imports the react-vant root', at: JOB_SCREEN, code: `import { Button } from 'react-vant';\nexport const used = Button;\n`, refusedBy: { rule: 'no-restricted-imports', message: 'react-vant' } },
];

export const GOOD: LintFixture[] = [
  { name: 'core/api raises a notice through the toast store (ui/toast.ts)', at: 'src/core/api/lint-fixture.ts', code: `import { toast } from '../ui/toast';\nexport const used = toast;\n` },
  { name: 'core/form builds on the shared components and the calls', at: 'src/core/form/lint-fixture.ts', code: `import { ConfirmDialog } from '../ui/ConfirmDialog';\nimport { callApi } from '../api/client';\nexport const used = [ConfirmDialog, callApi];\n` },
  {
    name: 'a screen using its own folder, the flow’s components, core and the domain as it should',
    at: JOB_SCREEN,
    code: [
      `import { useState } from 'react';`,
      `import Button from 'react-vant/es/button';`,
      `import type { ApplicationView } from '@core/domain/contract';`,
      `import type { StepName } from '@core/domain';`,
      `import { STEP_NAMES } from '@core/domain/steps';`,
      `import { callApi } from '@core/api';`,
      `import { FooterButton } from '@core/ui';`,
      `import { AppHeader } from '@core/app/flow-kit/AppHeader';`,
      `import * as own from './JobStatusScreen';`,
      `export const used = [useState, Button, STEP_NAMES, callApi, FooterButton, AppHeader, own];`,
      `export type Used = [ApplicationView, StepName];`,
      ``,
    ].join('\n'),
  },
  {
    name: 'a domain module importing only the domain',
    at: DOMAIN_FILE,
    code: `import { STEP_NAMES } from './steps';\nimport { TIMEOUT_MS } from '@core/domain/limits';\nimport type { CallName } from './contract';\nexport const used = [STEP_NAMES, TIMEOUT_MS];\nexport type Used = CallName;\n`,
  },
  { name: 'the wire-schema module importing zod and the domain', at: 'src/core/domain/contract.ts', code: `import { z } from 'zod';\nimport { STEP_NAMES } from './steps';\nexport const step = z.enum(STEP_NAMES as unknown as [string, ...string[]]);\n` },
  { name: 'a call module importing zod and the domain', at: 'src/core/domain/calls/lint-fixture.ts', code: `import { z } from 'zod';\nimport { STEP_NAMES } from '../steps';\nimport { appId } from './shared';\nexport const step = z.object({ appId, step: z.enum(STEP_NAMES as unknown as [string, ...string[]]) });\n` },
  {
    name: 'a screen taking only types from a call module',
    at: JOB_SCREEN,
    code: `import type { CallWires } from '@core/domain/calls/shared';\nimport type { TransferInView } from '@core/domain/calls/transfer-in';\nexport type Used = [CallWires, TransferInView];\n`,
  },
  {
    name: 'the service importing the domain (barrel, alias and relative path)',
    at: 'server/src/modules/lint-fixture.ts',
    code: `import { schemas } from '@core/domain';\nimport { FACE_CHECK } from '@core/domain/face';\nimport { STEP_NAMES } from '../../../src/core/domain/steps';\nexport const used = [schemas, FACE_CHECK, STEP_NAMES];\n`,
  },
  { name: 'a module importing another through its index.ts, and its own repository', at: 'server/src/modules/margin/lint-fixture.ts', code: `import * as accounts from '../accounts';\nimport * as own from './repository';\nexport const used = [accounts, own];\n` },
  { name: 'a module registering its job with the infrastructure', at: 'server/src/modules/auth/lint-fixture.ts', code: `import type { JobHandler } from '../../jobs/types';\nimport { seal } from '../../jobs/seal';\nexport const used = seal;\nexport type Used = JobHandler<'sms.send'>;\n` },
  { name: 'a screen’s own test rendering the neighbour it navigates to', at: 'src/flows/open-account/screens/job-status/lint-fixture.test.tsx', code: useOf('../company-search/CompanySearchScreen') },
];
