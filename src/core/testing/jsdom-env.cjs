/* A jsdom environment with Node's fetch, streams, encoders and WebCrypto (jsdom lacks them). */
const { TestEnvironment } = require('jest-environment-jsdom');
const { TextEncoder, TextDecoder } = require('node:util');
const { webcrypto } = require('node:crypto');

class JsdomWithNode extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    Object.assign(g, {
      TextEncoder,
      TextDecoder,
      fetch: globalThis.fetch,
      Request: globalThis.Request,
      Response: globalThis.Response,
      Headers: globalThis.Headers,
      FormData: globalThis.FormData,
      Blob: globalThis.Blob,
      File: globalThis.File,
      ReadableStream: globalThis.ReadableStream,
      AbortController: globalThis.AbortController,
      AbortSignal: globalThis.AbortSignal,
      structuredClone: globalThis.structuredClone,
    });
    Object.defineProperty(g, 'crypto', { value: webcrypto, configurable: true });
  }
}
module.exports = JsdomWithNode;
