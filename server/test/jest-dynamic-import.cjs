/**
 * Jest transform for CommonJS files that load modules with `import("...")` (PGlite's build, @fastify/cookie),
 * which Jest's module sandbox refuses without --experimental-vm-modules: such imports become require()
 * (ESM-only targets are compiled by the server project's .js transform).
 */
const crypto = require('node:crypto');

module.exports = {
  getCacheKey(source, path) {
    return crypto.createHash('sha256').update('esop-dynamic-import-v3').update(path).update(source).digest('hex');
  },
  process(source) {
    // the module's own `require`, captured before emscripten code declares a local `var require`
    const code = source.replace(/\bimport\((["'])((?:node:)?[@a-z0-9_./-]+)\1\)/g, 'Promise.resolve(__esopRequire($1$2$1))');
    return { code: `var __esopRequire = require;${code}` };
  },
};
