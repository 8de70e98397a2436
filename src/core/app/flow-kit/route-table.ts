/**
 * A flow's route table, without React: what each path opens and how its screen loads (every screen its own lazy
 * chunk). The first screens need only the first part of the messages; every other screen also the rest of them
 * (`texts: 'all'`), loaded with its chunk. A page's entry uses its flow's table to start loading the screen of the
 * address before the React part of the page has arrived; flow-routes.tsx (or the flow's own shell) turns it into the
 * router's routes. The core RouteGuard reads `submittedFlag` (reachable once the application is submitted) and `public`
 * (reachable without a session).
 */
import type { ComponentType } from 'react';
import { currentLang } from '../../i18n/lang';
import { loadAllMessages } from '../../i18n/messages';

export interface RouteEntry {
  path: string;
  /** reachable when the application is at or past submission */
  submittedFlag: boolean;
  /** reachable without a session (no login redirect) */
  public: boolean;
  /** the messages the screen needs: the first part (first screens) or all */
  texts: 'first' | 'all';
  load: () => Promise<{ default: ComponentType }>;
}

/** The route a path opens in a table (react-router's matching here: exact and case-insensitive paths, else '*' if the table has one). */
export function routeIn(table: readonly RouteEntry[], path: string): RouteEntry | undefined {
  const p = path.toLowerCase().replace(/(.)\/+$/, '$1');
  return table.find((r) => r.path.toLowerCase() === p) ?? table.find((r) => r.path === '*');
}

const ignore = () => undefined;

/** Starts loading a route's screen: its chunk, and the rest of the messages when it needs them. */
export function preloadRoute(route: RouteEntry): void {
  void route.load().catch(ignore);
  if (route.texts === 'all') void loadAllMessages(currentLang()).catch(ignore);
}

/** The router path of a page address's hash ('#/Finance?lang=en' → '/Finance'). */
export function hashPath(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/**
 * Starts loading the screen the address opens (its chunk and texts) when the page starts, not once the session and
 * the application are known; without a session hint also the login route, where a protected route sends the visitor.
 * Returns the route the address opens.
 */
export function preloadFirstScreen(table: readonly RouteEntry[], hash: string, hasSession: boolean): RouteEntry | undefined {
  const route = routeIn(table, hashPath(hash));
  if (route) preloadRoute(route);
  const login = routeIn(table, '/login');
  if (!hasSession && !route?.public && login) preloadRoute(login);
  return route;
}
