/**
 * How the native app marks its web view's user agent: `HLApp/<version>` and `HLLang/<language>`. The bridge reads
 * them (bridge.ts), and each built page's first-screen script too (scripts/first-screen-script.ts, from the sources).
 */
export const UA_APP = /\bHLApp\/(\d+(?:\.\d+)*)/;
export const UA_LANG = /\bHLLang\/([A-Za-z_-]+)/;
export const UA_APP_SOURCE = UA_APP.source;
export const UA_LANG_SOURCE = UA_LANG.source;
