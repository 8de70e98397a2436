/**
 * The desk's actions on an application (claim, release, decide) through Refine's custom mutation, with a translated
 * notice of the outcome and the queue and the case read again after each.
 */
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { App } from 'antd';
import { useIntl } from 'react-intl';
import type { Req, Res } from '@core/domain/contract';
import { APPLICATIONS, ORGS, UPDATES, deskErrorText, type DeskActionName } from '../providers';


export function useDeskAction<K extends DeskActionName>(name: K) {
  const intl = useIntl();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<Res<K> & Record<string, unknown>>();
  const run = async (values: Exclude<Req<K>, void>, done: string): Promise<Res<K> | null> => {
    try {
      const r = await mutateAsync({ url: name, method: 'post', values, errorNotification: false, successNotification: false });
      void message.success(done);
      return r.data as Res<K>;
    } catch (err) {
      void message.error(deskErrorText(intl, err));
      return null;
    } finally {
      if (name === 'staffUpdateDecide') await invalidate({ resource: UPDATES, invalidates: ['list'] });
      else if (name === 'staffOrgCreate' || name === 'staffSignTicket' || name === 'staffSignRevoke') await invalidate({ resource: ORGS, invalidates: ['list'] });
      else await invalidate({ resource: APPLICATIONS, invalidates: ['list', 'detail'], id: (values as { appId?: string }).appId });
    }
  };
  return { run, pending: mutation.isPending };
}
