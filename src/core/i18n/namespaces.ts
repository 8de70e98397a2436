/**
 * The message namespaces (top-level keys of locales/*.json) the first screens need: home, login, the maintenance and
 * enterprise prompts, the shell (header, contact popup, guard) and every error text. They load before the first screen;
 * the rest load after it has painted and before any other screen renders (see messages.ts and the flow's routes).
 */
export const FIRST_NAMESPACES: readonly string[] = ['common', 'core', 'dialogs', 'enterprise', 'errors', 'home', 'login', 'maintenance', 'registered'];

/** The part of a language's messages an import asks for (`locales/en.json?part=first`). */
export type MessagePart = 'first' | 'rest';

/** The namespaces of one part, from the whole tree's top-level keys. */
export function namespacesOfPart(all: readonly string[], part: MessagePart): string[] {
  return all.filter((ns) => FIRST_NAMESPACES.includes(ns) === (part === 'first'));
}
