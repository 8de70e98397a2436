/**
 * What the service writes into every page it serves, so the first screen does not wait for a call to learn it: the
 * deployment's client settings (the answer of ClientConfig), as JSON in a non-executed script element. The page reads
 * it once; a page served without it (the Vite dev server, a test) asks ClientConfig as before.
 */
export const PAGE_DATA_ELEMENT_ID = 'esop-page-data';

export interface PageData {
  /** the answer ClientConfig would give */
  clientConfig: unknown;
}

/**
 * The script element holding `data`, safe inside HTML: '<' is escaped so no '</script>' or '<!--' can end or change
 * the element, whatever the settings contain.
 */
export function pageDataElement(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}
