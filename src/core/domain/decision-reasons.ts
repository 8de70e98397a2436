/**
 * The reasons a reviewer picks from when rejecting or sending back (with free text besides). Apart from staff.ts so
 * that the application's view (calls/shared.ts) can name them without importing the desk's rules (and the call
 * table they import).
 */
export const DECISION_REASONS = ['documentUnclear', 'identityMismatch', 'addressProof', 'incomplete', 'amlConcern', 'duplicate', 'other'] as const;
export type DecisionReason = (typeof DECISION_REASONS)[number];
export const isDecisionReason = (v: unknown): v is DecisionReason => typeof v === 'string' && (DECISION_REASONS as readonly string[]).includes(v);
