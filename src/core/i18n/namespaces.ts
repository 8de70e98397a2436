/**
 * The message namespaces (top-level keys of locales/*.json) the first screens need: home, login, the maintenance and
 * enterprise prompts, the shell (header, contact popup, guard) and every error text. They load before the first screen;
 * the rest load after it has painted and before any other screen renders (see messages.ts and the flow's routes).
 */
export const FIRST_NAMESPACES: readonly string[] = ['common', 'core', 'dialogs', 'enterprise', 'errors', 'home', 'login', 'maintenance', 'registered'];

/**
 * The namespaces only the review desk reads (issue 28): in neither part of the applicant pages' messages. The desk's
 * own build loads the whole file (src/flows/desk/messages.ts).
 */
export const DESK_NAMESPACES: readonly string[] = ['desk'];

/** The part of a language's messages an import asks for (`locales/en.json?part=first`). */
export type MessagePart = 'first' | 'rest';

/** The namespaces of one part, from the whole tree's top-level keys (the desk's in neither). */
export function namespacesOfPart(all: readonly string[], part: MessagePart): string[] {
  return all.filter((ns) => !DESK_NAMESPACES.includes(ns) && FIRST_NAMESPACES.includes(ns) === (part === 'first'));
}
