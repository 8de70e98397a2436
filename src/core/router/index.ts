export { RouteGuard, GuardSettingsProvider, useGuardSettings, resetGuardState, useRouteLeave } from './guard';
export type { RouteFlags, RouteGuardProps, GuardSettings } from './guard';
export { ApiErrorListener } from './api-error-listener';
export { NAMED_ROUTES, resolveNamedRoute } from './named-routes';
export { recordProgressStep, currentProgressStep, useProgressStep } from './progress-step';
