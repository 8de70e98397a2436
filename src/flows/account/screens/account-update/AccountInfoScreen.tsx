/**
 * /accountInfo — the account's information and its update (spec part 3 §2 "Account update area", §4 "Update and
 * resubmission flow"): the address and the W-8BEN as the account holds them, each with "edit" or, once saved in this
 * update, "saved"; submit once something was saved; discard the update; the broker's request to update when there is
 * one. An update submitted or sent back opens its status page instead. Editing asks for the trading password first.
 */
import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useClientSubmit, useClientUpdate, useClientUpdateNotice } from '@core/api/updates';
import { ACCOUNT_ROUTE } from '@core/domain/account';
import { UPDATE_ACTION, UPDATE_MODULE, UPDATE_ROUTE, addressLine, canSubmitUpdate, isUpdateOpen, moduleButton, updateLanding, type UpdateModule } from '@core/domain/account-update';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { useCountryName } from '@core/ui/pickers/country-names';
import { AccountGate } from '@core/app/flow-kit/AccountGate';
import { SubmitUpdateButton, W8Details } from './update-parts';
import { useAccountUpdate, useUpdateErrorHandler } from './use-account-update';
import './account-update.css';

export default function AccountInfoScreen() {
  const t = useT();
  const navigate = useNavigate();
  const onError = useUpdateErrorHandler();
  const country = useCountryName();
  const { acct, applys, q, edit, passwordFirst, pending } = useAccountUpdate();
  const [discarding, setDiscarding] = useState(false);
  const submitUpdate = useClientSubmit();
  const discard = useClientUpdate();
  const seen = useClientUpdateNotice();
  const busy = submitUpdate.isPending || discard.isPending || seen.isPending;
  const title = t('accountUpdate.info.title');
  if (pending) return <AccountGate title={title} state="loading" />;
  if (!acct || !applys.data) return <AccountGate title={title} state={acct ? 'loadFailed' : 'noAccount'} />;
  const { current, update, notice } = applys.data;
  if (update && updateLanding(update.status) === UPDATE_ROUTE.status) return <Navigate to={`${UPDATE_ROUTE.status}${q}`} replace />;
  const open = update && isUpdateOpen(update.status) ? update : null;
  const ids = { subAcctId: acct.subAcctId, cltId: acct.hlId };
  const failed = (e: unknown) => {
    if (!passwordFirst(e, UPDATE_ROUTE.accountInfo)) onError(e);
  };
  const address = current.address as Record<string, string | number> | null;
  const w8 = current.w8 as { country?: string; residenceAddress?: string } | null;
  const saved = (m: UpdateModule) => open?.data[String(m)] as Record<string, unknown> | undefined;
  const shownAddress = (saved(UPDATE_MODULE.ADDRESS) ?? address) as Record<string, string | number> | null;
  const shownW8 = (saved(UPDATE_MODULE.W8) ?? w8) as { country?: string; residenceAddress?: string } | null;

  const card = (m: UpdateModule, heading: string, body: ReactNode, route: string | null) => {
    const state = moduleButton(open, m);
    return (
      <section className="oa-upd__card" aria-labelledby={`oa-upd-${m}`}>
        <div className="oa-upd__head">
          <h2 id={`oa-upd-${m}`}>{heading}</h2>
          {state === 'saved' ? <span className="oa-upd__badge">{t('accountUpdate.info.saved')}</span> : null}
        </div>
        {body}
        {route ? (
          <button type="button" className="oa-upd__secondary" onClick={() => edit(route)} aria-label={`${t(state === 'saved' ? 'accountUpdate.info.editAgain' : 'accountUpdate.info.edit')} ${heading}`}>
            {t(state === 'saved' ? 'accountUpdate.info.editAgain' : 'accountUpdate.info.edit')}
          </button>
        ) : null}
      </section>
    );
  };

  return (
    <StepPage
      title={title}
      onBack={() => navigate(`${ACCOUNT_ROUTE.home}${q}`)}
      footer={
        <div className="oa-upd__footer">
          <SubmitUpdateButton
            ready={canSubmitUpdate(open)}
            busy={busy}
            onSubmit={() => submitUpdate.mutate({ ...ids, updateId: open!.updateId }, { onSuccess: () => navigate(`${UPDATE_ROUTE.status}${q}`), onError: failed })}
          />
        </div>
      }
    >
      {notice && !notice.seen ? (
        <div className="oa-upd__request" role="note">
          <p>{notice.message}</p>
          <button type="button" className="oa-upd__link" onClick={() => seen.mutate(ids, { onError: failed })}>
            {t('accountUpdate.info.noticeSeen')}
          </button>
        </div>
      ) : null}
      {card(
        UPDATE_MODULE.ADDRESS,
        t('accountUpdate.info.address'),
        shownAddress ? (
          <dl className="oa-upd__dl">
            <dt>{t('accountUpdate.info.residential')}</dt>
            <dd>{addressLine(String(shownAddress.residentialAddress ?? ''), String(shownAddress.residentialAddressCity ?? ''), country(String(shownAddress.residentialAddressCountry ?? '')))}</dd>
            <dt>{t('accountUpdate.info.mailing')}</dt>
            <dd>
              {shownAddress.mailingSameResidential === 2
                ? addressLine(String(shownAddress.mailingAddress ?? ''), String(shownAddress.mailingAddressCity ?? ''), country(String(shownAddress.mailingAddressCountry ?? '')))
                : t('accountUpdate.info.sameAsResidential')}
            </dd>
          </dl>
        ) : (
          <p className="oa-upd__muted">{t('accountUpdate.info.none')}</p>
        ),
        UPDATE_ROUTE.editAddress,
      )}
      {card(
        UPDATE_MODULE.W8,
        t('accountUpdate.info.w8'),
        <W8Details w8={shownW8} />,
        UPDATE_ROUTE.checkW8,
      )}
      {open ? (
        <button type="button" className="oa-upd__link oa-upd__discard" onClick={() => setDiscarding(true)}>
          {t('accountUpdate.info.discard')}
        </button>
      ) : null}
      <ConfirmDialog
        visible={discarding}
        title={t('accountUpdate.info.discardTitle')}
        message={t('accountUpdate.info.discardMessage')}
        confirmText={t('accountUpdate.info.discardConfirm')}
        confirmLoading={busy}
        onConfirm={() => discard.mutate({ ...ids, updateId: open!.updateId, module: UPDATE_MODULE.W8, action: UPDATE_ACTION.DISCARD }, { onSuccess: () => setDiscarding(false), onError: failed })}
        onCancel={() => setDiscarding(false)}
      />
    </StepPage>
  );
}
