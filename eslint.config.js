import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver, resolve as resolveTs } from 'eslint-import-resolver-typescript';

/*
 * Import boundaries, checked on RESOLVED paths (issue 26): every import is resolved the way TypeScript resolves it
 * (relative paths, the `@core/*` alias of tsconfig.json, packages in node_modules) and the file it lands in is judged,
 * whatever the import was spelled like. Spelling-based patterns (`no-restricted-imports`) missed `../api`, `@core/api`
 * and anything written with `!(…)`; they are kept only for package names, where the spelling IS the thing.
 * scripts/lint-boundaries.test.ts lints a set of known-bad imports with this file and fails unless each is refused.
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const abs = (...parts) => path.join(ROOT, ...parts);
const DOMAIN = 'src/core/domain';
/**
 * The wire-schema modules: the call table's zod schemas, one file per service module in src/core/domain/calls/
 * (calls/auth.ts, …) and contract.ts that gathers them. They are the only domain files that may import zod, and
 * (with the domain barrel that re-exports them) the only ones browser code may not take a value from. A file added
 * to calls/ is one of them by its place (the zones and the browser rule follow); its tests are not.
 */
const WIRE_DIR = `${DOMAIN}/calls`;
/** the wire-schema files, as globs (relative to the repository root) */
const WIRE_SCHEMAS = [`${DOMAIN}/contract.ts`, `${WIRE_DIR}/**/!(*.test).ts`];
/** modules that re-export the wire schemas: a value import of these brings zod onto the phone too */
const WIRE_CARRIERS = [...WIRE_SCHEMAS, `${DOMAIN}/index.ts`];
const isWireCarrier = (file) => {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return [`${DOMAIN}/contract.ts`, `${DOMAIN}/index.ts`].includes(rel) || (rel.startsWith(`${WIRE_DIR}/`) && !rel.endsWith('.test.ts'));
};

// every import is resolved with tsconfig.json's paths, also in server/: so `@core/api/client` written in the service
// resolves (and is refused) instead of going unresolved and unchecked (server/tsconfig.json maps only @core/domain)
const TS_RESOLVER = { project: [abs('tsconfig.json')], alwaysTryTypes: true };

const dirsIn = (dir) => {
  try {
    return readdirSync(abs(dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
};
const FLOWS = dirsIn('src/flows');

const SERVER_SRC = 'server/src';
const MODULES_DIR = `${SERVER_SRC}/modules`;
const SERVICE_MODULES = dirsIn(MODULES_DIR);
/** the folders of the service's infrastructure, which import no module */
const INFRA = ['plugins', 'vendors', 'storage', 'db'];
/**
 * The layers of src/core, lowest first, as their imports run: the pure domain; the native bridge and the entry's
 * channel; the languages; the calls; the shared components; the form kit (its sections are built of them); the router;
 * the step engine; the page's start; the test helpers (which render whole pages). The toast store (ui/toast.ts) is
 * open to the calls below it. A layer imports only the layers before it (a test file may import
 * any, through testing/).
 */
const CORE_LAYERS = ['domain', 'bridge', 'i18n', 'api', 'ui', 'form', 'router', 'step-engine', 'app', 'testing'];
/** ui/toast.ts, the toast store (no React; ToastHost renders it): the one ui file the calls raise their notices through */
const CORE_LAYER_SHARED = abs('src/core/ui/**/!(toast).{ts,tsx}');

/** import-x/no-restricted-paths zones: `target` = the importing files, `from` = where they may not land */
const ZONES = [
  // flows never import one another (a flow's own tests included)
  ...FLOWS.map((flow) => ({
    target: abs('src/flows', flow, '**'),
    from: abs('src/flows/**'),
    except: [abs('src/flows', flow, '**')],
    message: `Flows never import one another: ${flow} may not use another flow; what they share belongs in src/core.`,
  })),
  // a screen never imports a sibling screen (its own tests may render a neighbour it navigates to)
  ...FLOWS.flatMap((flow) =>
    dirsIn(`src/flows/${flow}/screens`).map((screen) => ({
      target: abs('src/flows', flow, 'screens', screen, '**/!(*.test).{ts,tsx}'),
      from: abs('src/flows', flow, 'screens/**'),
      except: [abs('src/flows', flow, 'screens', screen, '**')],
      message: `Screens never import one another: what two screens share lives in the flow's components/ or in src/core/ui.`,
    })),
  ),
  { target: abs('src/core'), from: abs('src/flows'), message: 'src/core never imports a flow.' },
  // src/core is layered: a layer imports only the layers below it (CORE_LAYERS, lowest first); tests apart (they use testing/)
  ...CORE_LAYERS.slice(0, -1).map((layer, i) => ({
    target: abs('src/core', layer, '**/!(*.test).{ts,tsx}'),
    from: CORE_LAYERS.slice(i + 1).map((higher) => (higher === 'ui' ? CORE_LAYER_SHARED : abs('src/core', higher, '**'))),
    message: `src/core is layered (${CORE_LAYERS.join(' → ')}): ${layer} imports only the layers before it.`,
  })),
  { target: abs('src'), from: abs('server'), message: 'src/ never imports server/.' },
  {
    target: abs('server/**'),
    from: abs('src/**'),
    except: [abs(DOMAIN, '**')],
    message: 'server/ imports only src/core/domain from src/.',
  },
  // infrastructure imports no module (issue 39): it offers registration points (route()'s guards, the jobs' handlers,
  // the cipher layer's key service) and the modules fill them (server/src/modules/index.ts, modules/jobs.ts)
  {
    target: [
      ...INFRA.map((dir) => abs(SERVER_SRC, dir, '**')),
      abs(SERVER_SRC, 'jobs/**'),
    ],
    from: abs(MODULES_DIR, '**'),
    message: 'Infrastructure (server/src/jobs, plugins, vendors, storage, db) imports no module: offer a registration point and let the module register (server/src/modules/index.ts).',
  },
  // another module is reached through its public face only, server/src/modules/<module>/index.ts (issue 39): never its
  // repository, service or any other file of its own
  ...SERVICE_MODULES.map((mod) => ({
    target: abs(MODULES_DIR, mod, '**'),
    from: abs(MODULES_DIR, `!(${mod})`, '**'),
    except: [abs(MODULES_DIR, '*/index.ts')],
    message: `Another module is imported through its index.ts only (its public face), never its repository or other files: ${mod} may not reach into another module.`,
  })),
  // the domain is pure: nothing but the domain itself (no other part of core, no package: no React, ky, browser or
  // Node module), its tests apart; the wire-schema modules (contract.ts and calls/) may import zod besides
  {
    target: [abs(DOMAIN, '!(*.test|contract).ts'), abs(DOMAIN, '!(calls)/**/!(*.test).ts')],
    from: '/**',
    except: [abs(DOMAIN, '**')],
    message: 'src/core/domain imports nothing but src/core/domain (zod only in the wire-schema modules).',
  },
  ...WIRE_SCHEMAS.map((glob) => ({
    target: abs(glob),
    from: '/**',
    except: [abs(DOMAIN, '**'), '/**/node_modules/zod/**'],
    message: 'The wire-schema module imports nothing but src/core/domain and zod.',
  })),
];

/**
 * Browser code takes no VALUE from the wire-schema modules (nor from the domain barrel that re-exports them): that
 * would ship zod and every schema to the phone. Type-only imports are erased by the build and allowed. The import is
 * resolved like the zones' are, so `../domain/contract`, `@core/domain` and `./index` are all caught.
 */
const noWireValues = {
  meta: {
    type: 'problem',
    docs: { description: 'no value import of the wire-schema modules in browser code' },
    schema: [],
    messages: {
      value:
        'Browser code takes no value from {{target}} (it brings zod and every schema onto the phone): import the value from its own domain module (e.g. @core/domain/calls), or use `import type`.',
    },
  },
  create(context) {
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const { path: target } = resolveTs(source, context.physicalFilename, TS_RESOLVER);
      if (target && isWireCarrier(target)) context.report({ node, messageId: 'value', data: { target: path.relative(ROOT, target) } });
    };
    const typeOnly = (kind, specifiers, field) =>
      kind === 'type' || (specifiers.length > 0 && specifiers.every((s) => s[field] === 'type'));
    return {
      ImportDeclaration(node) {
        if (!typeOnly(node.importKind, node.specifiers, 'importKind')) check(node.source, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source && !typeOnly(node.exportKind, node.specifiers, 'exportKind')) check(node.source, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type') check(node.source, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
      },
    };
  },
};

/**
 * No cycle between the service's modules (server/src/modules/<module>/): import-x/no-cycle sees cycles between FILES
 * only, and two modules can lean on each other through different files (margin/x → applications/y while
 * applications/z → margin/w) without any file cycle. This rule builds the modules' graph (value imports; `import
 * type` is erased and does not count) and refuses an import into another module that leads back to the importer's.
 * MODULE_BACK_EDGES are cycles tolerated for a while, each an edge left out of the graph: empty since issue 26 broke the
 * last five; never add one (move the shared piece to the lower module, or to server/src/*.ts, or let the higher module
 * register itself with the lower one at start, as aml, risk and closing register their step checks).
 */
const MODULE_BACK_EDGES = [];
const moduleOf = (file) => {
  const rel = path.relative(abs(MODULES_DIR), file);
  return rel.startsWith('..') || path.isAbsolute(rel) || !rel.includes(path.sep) ? null : rel.split(path.sep)[0];
};
const IMPORT_RE = /^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?'([^']+)'/gm;
const typeOnlyClause = (clause) => /^\{[^}]*\}$/.test(clause.trim()) && clause.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((s) => s.startsWith('type'));
let moduleGraph; // built once per lint run: module -> Map(imported module -> one file that imports it)
function serviceModuleGraph() {
  if (moduleGraph) return moduleGraph;
  moduleGraph = new Map();
  const skip = new Set(MODULE_BACK_EDGES);
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        const from = moduleOf(file);
        if (!from) continue;
        for (const [, type, clause, source] of readFileSync(file, 'utf8').matchAll(IMPORT_RE)) {
          if (type || (clause && typeOnlyClause(clause))) continue;
          const to = moduleOf(resolveTs(source, file, TS_RESOLVER).path ?? '');
          if (!to || to === from || skip.has(`${from} -> ${to}`)) continue;
          if (!moduleGraph.has(from)) moduleGraph.set(from, new Map());
          if (!moduleGraph.get(from).has(to)) moduleGraph.get(from).set(to, path.relative(ROOT, file));
        }
      }
    }
  };
  walk(abs(MODULES_DIR));
  return moduleGraph;
}
/** a path of modules from `start` back to `goal` ([start, …, goal]), or null */
function modulePath(start, goal) {
  const graph = serviceModuleGraph();
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const m = queue.shift();
    if (m === goal) {
      const route = [];
      for (let x = m; x !== null; x = prev.get(x)) route.unshift(x);
      return route;
    }
    for (const next of graph.get(m)?.keys() ?? []) {
      if (!prev.has(next)) {
        prev.set(next, m);
        queue.push(next);
      }
    }
  }
  return null;
}
const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycle between the service modules' },
    schema: [],
    messages: {
      cycle:
        'Import cycle between service modules: {{route}}. Move what both need into the lower module, or into server/src/*.ts (as errors.ts holds the shared errors).',
    },
  },
  create(context) {
    const from = moduleOf(context.physicalFilename);
    if (!from) return {};
    const check = (node, importKind, specifiers, field) => {
      if (importKind === 'type' || (specifiers.length > 0 && specifiers.every((s) => s[field] === 'type'))) return;
      const to = moduleOf(resolveTs(node.source.value, context.physicalFilename, TS_RESOLVER).path ?? '');
      if (!to || to === from || MODULE_BACK_EDGES.includes(`${from} -> ${to}`)) return;
      const back = modulePath(to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { route: [from, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.importKind, node.specifiers, 'importKind'),
      ExportNamedDeclaration: (node) => node.source && check(node, node.exportKind, node.specifiers, 'exportKind'),
      ExportAllDeclaration: (node) => check(node, node.exportKind, [], 'exportKind'),
    };
  },
};

// package names, matched by name (exact names do work in no-restricted-imports; it is its patterns that went quiet)
const VANT = { name: 'react-vant', message: 'Deep-import react-vant components (react-vant/es/<component>): the root import pulls in the whole library.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'e2e/out/**', 'bench/out/**', 'coverage/**', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { paths: [VANT] }],
    },
  },
  // the boundaries: one rule, one block, every zone (a later block's options would replace these, not add to them)
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver(TS_RESOLVER)] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: ZONES }],
    },
  },
  // no import cycles (issue 26), between files in the service, in src/core and in the flows (issue 39: a screen's lazy
  // import counts, as the route table ⇄ company choice loop did), and between the service's modules: a cycle means one
  // side holds what belongs lower down (a shared error, a shared read, a route); type-only imports do not count (erased
  // at build). A block of its own: the boundaries block above keeps its zones.
  {
    files: ['server/src/**/*.ts', 'src/core/**/*.{ts,tsx}', 'src/flows/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'service-modules': { rules: { 'no-module-cycle': noModuleCycle } } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver(TS_RESOLVER)],
      // the rule follows only files it may parse: without these it reads no .ts file and finds nothing
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'service-modules/no-module-cycle': 'error',
    },
  },
  {
    files: [`${DOMAIN}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    rules: {
      // Node built-ins resolve to no file, so the zones cannot see them; an unresolved import would slip past them too
      'import-x/no-nodejs-modules': 'error',
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...WIRE_CARRIERS, `${DOMAIN}/**/*.test.ts`],
    plugins: { boundaries: { rules: { 'no-wire-schema-values': noWireValues } } },
    rules: {
      'boundaries/no-wire-schema-values': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `import { type A } from './x'` (only inline type specifiers) leaves a bare `import './x'` in a bundle built
      // without type information (the service's esbuild bundle kept it as an unresolved import): write `import type`
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
);
