/**
 * "Next case": the oldest submission under review that nobody holds (the queue's first free row), claimed for the
 * reviewer and opened; when another reviewer takes it first, the one after it. None left: back to the queue.
 */
import { useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { App } from 'antd';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { staffApi } from '@core/api/staff';
import type { Req } from '@core/domain/contract';
import { APPLY_STATUS } from '@core/domain/status';
import { APPLICATIONS, deskErrorText } from '../providers';

/** tries before giving up when others claim the same cases at the same time */
const TRIES = 3;

export function useNextCase(current: string) {
  const intl = useIntl();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { message } = App.useApp();
  const [pending, setPending] = useState(false);
  const next = async () => {
    if (pending) return;
    setPending(true);
    try {
      for (let i = 0; i < TRIES; i++) {
        const query = { status: String(APPLY_STATUS.SUBMITTED), free: 'true', page: '1', pageSize: '5' } as unknown as Exclude<Req<'staffQueue'>, void>;
        const rows = (await staffApi('staffQueue', query)).rows.filter((r) => r.appId !== current && !r.claimedBy);
        if (rows.length === 0) {
          void message.info(intl.formatMessage({ id: 'desk.next.none' }));
          navigate('/queue');
          return;
        }
        try {
          await staffApi('staffClaim', { appId: rows[0].appId });
          await invalidate({ resource: APPLICATIONS, invalidates: ['list'] });
          navigate(`/queue/${encodeURIComponent(rows[0].appId)}`);
          return;
        } catch {
          // taken by someone else a moment ago: the next one
        }
      }
      void message.info(intl.formatMessage({ id: 'desk.next.busy' }));
    } catch (err) {
      void message.error(deskErrorText(intl, err));
    } finally {
      setPending(false);
    }
  };
  return { next, pending };
}
