/**
 * The Content-Security-Policy every answer carries (security.ts sends it through helmet). docs/api.md shows it from
 * here (`npm run docs:api`, part api-doc:csp), and a test compares that text with the header the app sends.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  // 'wasm-unsafe-eval' lets WebAssembly compile (the liveness screen's face model); JavaScript eval stays refused
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  // no inline <style> elements; React's style={{...}} attributes need style-src-attr
  'style-src': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** The hashes of a built page's own inline script and style (the build lists them: dist/pages/inline-hashes.json). */
export interface InlineHashes {
  script: string[];
  style: string[];
}

/**
 * The policy as one header value, directives in this order, `; ` between them; for a built page, with its inline
 * script and style allowed by their hashes (scripts/prerender.ts writes them: the first screen painted from the HTML).
 */
export const cspText = (inline?: InlineHashes): string =>
  Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => {
      const extra = name === 'script-src' ? inline?.script : name === 'style-src' ? inline?.style : undefined;
      return [name, ...values, ...(extra ?? [])].join(' ');
    })
    .join('; ');
