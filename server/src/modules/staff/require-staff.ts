/**
 * The staff session on every call of auth 'staff' (plugins/route.ts): the STAFF_COOKIE cookie, whose path is the
 * desk's prefix (an applicant's calls never carry it, and a staff call never looks at an applicant's cookie).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
// the cookie plugin's types (request.cookies, reply.setCookie), also where this file is checked without app.ts
import type {} from '@fastify/cookie';
import { STAFF_COOKIE, STAFF_PREFIX, type StaffNeed } from '@core/domain/staff';
import { ErrorCode } from '@core/domain/errors';
import { AppError } from '../../errors';
import { resolveStaff, type StaffSession } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** a staff member's session (routes of auth 'staff'; null elsewhere) */
    staff: StaffSession | null;
  }
}

export function staffCookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return {
    path: STAFF_PREFIX,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.server.deps.config.production || request.protocol === 'https',
    maxAge: maxAgeSeconds,
  };
}

export function clearStaffCookie(reply: FastifyReply): void {
  const { path, secure, sameSite, httpOnly } = staffCookieOptions(reply.request, 0);
  reply.clearCookie(STAFF_COOKIE, { path, secure, sameSite, httpOnly });
}

export function requireStaff(need: StaffNeed) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      request.staff = await resolveStaff(request.server.deps, request.cookies[STAFF_COOKIE], need);
    } catch (err) {
      // an ended or unknown session loses its cookie; a role below the call's, or a database not answering (503), keeps it
      if (err instanceof AppError && err.code !== ErrorCode.STAFF_NOT_ALLOWED) clearStaffCookie(reply);
      throw err;
    }
  };
}
