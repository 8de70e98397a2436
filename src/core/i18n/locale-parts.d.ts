/** `locales/<lang>.json?part=first|rest`: one part of a language's messages (scripts/precompile-messages.ts). */
declare module '*.json?part=first' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?part=rest' {
  const messages: Record<string, unknown>;
  export default messages;
}
