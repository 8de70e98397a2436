/**
 * The router's routes of the open-account flow, from the route table (route-table.ts): each screen a lazy component
 * (lazyScreen for a screen that needs all the messages, so its chunk and texts load together), the page title the
 * flow's (ESOP or not) on every route, as the spec gives.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { flowTitleKey } from './flow-context';
import { lazyScreen } from '@core/i18n/lazy-screen';
import { ROUTE_TABLE, preloadRoute, type RouteEntry } from './route-table';

export interface FlowRoute extends RouteEntry {
  /** message key of the page title */
  titleKey: string;
  Screen: LazyExoticComponent<ComponentType>;
  /** starts loading the screen's chunk (and, for a screen beyond the first ones, the rest of the messages) */
  preload: () => void;
}

// one lazy component per screen for the page's life (React.lazy caches what it loaded)
const screens = new Map(ROUTE_TABLE.map((r) => [r.path, r.texts === 'all' ? lazyScreen(r.load) : lazy(r.load)]));

/** The routes of the flow. */
export function flowRoutes({ esop }: { esop: boolean }): FlowRoute[] {
  const titleKey = flowTitleKey(esop);
  return ROUTE_TABLE.map((r) => ({ ...r, titleKey, Screen: screens.get(r.path)!, preload: () => preloadRoute(r) }));
}
