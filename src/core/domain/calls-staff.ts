/**
 * The review desk's calls (issue 28), apart from the pages' table (calls.ts APP_CALLS) so that no applicant page
 * carries them: the service (calls-all.ts) and the desk's own client read them.
 */
import { STAFF_PREFIX, call, type CallDef, type CallOpts } from './calls';
import { TIMEOUT_MS } from './limits';
import type { StaffNeed } from './staff';

/** A call of the review desk (under STAFF_PREFIX, plain JSON): a staff session whose role allows `need`. */
/*#__NO_SIDE_EFFECTS__*/
const staffCall = (method: CallDef['method'], name: string, need: StaffNeed, opts: CallOpts = {}): CallDef => ({
  ...call(method, name, 'staff', { auth: 'staff', cipher: false, staffNeed: need, ...opts }),
  path: `${STAFF_PREFIX}/${name}`,
});

/** The review desk's calls (issue 28): the service and the desk's own client read them. */
export const STAFF_CALLS = {
  // the review desk (issue 28): /kyc/staff/v1/, plain JSON, the staff session's own cookie
  /** login, password and authenticator code → a staff session (its cookie); wrong tries lock the account a while */
  staffSignIn: staffCall('POST', 'SignIn', 'staff', { auth: 'public', rateLimit: 'staffSignIn' }),
  /** ends the staff session */
  staffSignOut: staffCall('POST', 'SignOut', 'staff'),
  /** the signed-in staff member */
  staffMe: staffCall('GET', 'Me', 'staff'),
  /** server-sent events: `change` (data: the application id) whenever any application changed */
  staffStream: staffCall('GET', 'Stream', 'staff'),
  /** the applications to review (filters, a page), the count per status and the usual review time */
  staffQueue: staffCall('GET', 'Queue', 'staff'),
  /** takes an application to work on (one staff member at a time) */
  staffClaim: staffCall('POST', 'Claim', 'staff'),
  /** gives an application back to the queue */
  staffRelease: staffCall('POST', 'Release', 'staff'),
  /** one application as the reviewer sees it: data, files, AML, face checks, duplicates, claim, approvals, history */
  staffCase: staffCall('GET', 'Case', 'staff'),
  /** a file of the application's applicant (bytes, inline): the desk's viewer opens it */
  staffFile: staffCall('GET', 'File', 'staff', { timeout: TIMEOUT_MS.download }),
  /** a decision on a claimed application: approve (four eyes for margin or an AML hit), send steps back, close */
  staffDecide: staffCall('POST', 'Decide', 'staff'),
  /** the account updates (address, W-8BEN) clients submitted, with what they changed */
  staffUpdates: staffCall('GET', 'Updates', 'staff'),
  /** a decision on a submitted account update: approve (the account takes the new data) or send modules back */
  staffUpdateDecide: staffCall('POST', 'UpdateDecide', 'staff'),
  /** the organisations of organisation signing, each with its signing links and their states */
  staffOrgs: staffCall('GET', 'Orgs', 'staff'),
  /** a new organisation and its signer */
  staffOrgCreate: staffCall('POST', 'OrgCreate', 'approver'),
  /** a new signing link for an organisation's signer (sending it again is a new link; the old one may be revoked) */
  staffSignTicket: staffCall('POST', 'SignTicket', 'approver'),
  /** revokes a signing link: it opens no more, its sessions end */
  staffSignRevoke: staffCall('POST', 'SignRevoke', 'approver'),
} as const satisfies Record<string, CallDef>;
