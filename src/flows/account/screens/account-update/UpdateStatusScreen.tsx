/**
 * /status — an account update after it was submitted (spec part 3 §4 "Status page"): under review, or sent back with
 * the reviewer's reason, the modules to edit (each "edit" or "saved"), Submit once one was saved again (asking first
 * when a sent-back module was not), the check-everything dialog while the address was sent back and not saved again,
 * and discarding the update.
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useClientSubmit, useClientUpdate } from '@core/api/updates';
import { ACCOUNT_ROUTE } from '@core/domain/account';
import {
  UPDATE_ACTION,
  UPDATE_MODULE,
  UPDATE_MODULES,
  UPDATE_ROUTE,
  canSubmitUpdate,
  isUpdateRejected,
  moduleButton,
  modulesToCorrect,
  needsAllDataCheck,
  unrevisedModules,
  updateLanding,
  updateRejectReasonKey,
} from '@core/domain/account-update';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { AccountGate } from '@core/app/flow-kit/AccountGate';
import { StatusHeader } from '@core/app/flow-kit/StatusHeader';
import { SubmitUpdateButton, UnrevisedDialog } from './update-parts';
import { useAccountUpdate, useUpdateErrorHandler } from './use-account-update';
import './account-update.css';

const EDITOR = { [UPDATE_MODULE.ADDRESS]: UPDATE_ROUTE.editAddress, [UPDATE_MODULE.W8]: UPDATE_ROUTE.checkW8 } as const;

export default function UpdateStatusScreen() {
  const t = useT();
  const navigate = useNavigate();
  const onError = useUpdateErrorHandler();
  const { acct, applys, q, edit, passwordFirst, pending } = useAccountUpdate();
  const [dialog, setDialog] = useState<'unrevised' | 'allData' | 'discard' | null>(null);
  const submitUpdate = useClientSubmit();
  const discard = useClientUpdate();
  const busy = submitUpdate.isPending || discard.isPending;
  const title = t('accountUpdate.status.title');
  if (pending) return <AccountGate title={title} state="loading" />;
  if (!acct || !applys.data) return <AccountGate title={title} state={acct ? 'loadFailed' : 'noAccount'} />;
  const u = applys.data.update;
  if (!u || updateLanding(u.status) !== UPDATE_ROUTE.status) return <Navigate to={`${UPDATE_ROUTE.accountInfo}${q}`} replace />;
  const rejected = isUpdateRejected(u.status);
  const ids = { subAcctId: acct.subAcctId, cltId: acct.hlId, updateId: u.updateId };
  const after = {
    onSuccess: () => setDialog(null),
    onError: (e: unknown) => {
      if (!passwordFirst(e, UPDATE_ROUTE.status)) onError(e);
    },
  };
  const submit = () => submitUpdate.mutate(ids, after);
  const trySubmit = () => (unrevisedModules(u).length ? setDialog('unrevised') : submit());
  const goEdit = (m: (typeof UPDATE_MODULES)[number]) => (m === UPDATE_MODULE.ADDRESS && needsAllDataCheck(u) ? setDialog('allData') : edit(EDITOR[m]));

  return (
    <StepPage title={title} onBack={() => navigate(`${ACCOUNT_ROUTE.home}${q}`)}>
      <StatusHeader tone={rejected ? 'failure' : 'progress'} title={t(rejected ? 'accountUpdate.status.failed' : 'accountUpdate.status.review')}>
        <p className="oa-status__sub">{t(rejected ? 'accountUpdate.status.failedSub' : 'accountUpdate.status.reviewSub')}</p>
      </StatusHeader>
      {rejected && (u.rejectData?.message || updateRejectReasonKey(u.status)) ? (
        <div className="oa-status__reason" role="note" aria-label={t('status.reason')}>
          <strong>{t('status.reason')}</strong>
          {u.rejectData?.message || t(updateRejectReasonKey(u.status)!)}
        </div>
      ) : null}
      {rejected ? (
        <>
          <ul className="oa-upd__modules" aria-label={t('accountUpdate.status.toEdit')}>
            {modulesToCorrect(u).map((m) => {
              const state = moduleButton(u, m);
              const name = t(m === UPDATE_MODULE.ADDRESS ? 'accountUpdate.info.address' : 'accountUpdate.info.w8');
              return (
                <li key={m}>
                  <span>{name}</span>
                  <button type="button" className="oa-upd__secondary" onClick={() => goEdit(m)} aria-label={`${t(state === 'saved' ? 'accountUpdate.info.saved' : 'accountUpdate.info.edit')} ${name}`}>
                    {t(state === 'saved' ? 'accountUpdate.info.saved' : 'accountUpdate.info.edit')}
                  </button>
                </li>
              );
            })}
          </ul>
          <SubmitUpdateButton ready={canSubmitUpdate(u)} busy={busy} onSubmit={trySubmit} />
          <button type="button" className="oa-upd__link oa-upd__discard" onClick={() => setDialog('discard')}>
            {t('accountUpdate.info.discard')}
          </button>
        </>
      ) : null}
      <UnrevisedDialog visible={dialog === 'unrevised'} busy={busy} onSubmit={submit} onCancel={() => setDialog(null)} />
      <ConfirmDialog
        visible={dialog === 'allData'}
        title={t('accountUpdate.status.allDataTitle')}
        message={t('accountUpdate.status.allDataMessage')}
        confirmText={t('accountUpdate.status.allDataGo')}
        onConfirm={() => {
          setDialog(null);
          edit(UPDATE_ROUTE.allDataCheck);
        }}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        visible={dialog === 'discard'}
        title={t('accountUpdate.info.discardTitle')}
        message={t('accountUpdate.info.discardMessage')}
        confirmText={t('accountUpdate.info.discardConfirm')}
        confirmLoading={busy}
        onConfirm={() => discard.mutate({ ...ids, module: UPDATE_MODULE.W8, action: UPDATE_ACTION.DISCARD }, after)}
        onCancel={() => setDialog(null)}
      />
    </StepPage>
  );
}
