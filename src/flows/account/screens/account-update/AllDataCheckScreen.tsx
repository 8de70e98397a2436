/**
 * /AllDataCheck — checking the whole address module before the update goes for review (spec part 3 §4: after the
 * address is saved, and from the check-everything dialog when a returned address was not saved again): the
 * residential and mailing addresses with their proofs, each with Edit; the reviewer's reason when the address was
 * returned; and the W-8BEN, whose permanent residence address follows the residential address: when that changed,
 * the page offers the new address in English for the W-8BEN (or editing it). Submit sends the update for review.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClientSubmit, useClientUpdate } from '@core/api/updates';
import { useW8AddressOf } from '@core/api/lookup';
import {
  MAILING,
  UPDATE_ACTION,
  UPDATE_MODULE,
  UPDATE_ROUTE,
  addressLine,
  canSubmitUpdate,
  checkW8Address,
  hasModule,
  isUpdateOpen,
  isUpdateRejected,
  moduleButton,
  unrevisedModules,
  w8Address,
  w8NeedsReview,
} from '@core/domain/account-update';
import type { FileRefData } from '@core/domain/uploads';
import { useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { useCountryName } from '@core/ui/pickers/country-names';
import { FileUploader } from '@core/ui/uploader/FileUploader';
import { AccountGate } from '@core/app/flow-kit/AccountGate';
import { SubmitUpdateButton, UnrevisedDialog, W8Details } from './update-parts';
import { useAccountUpdate, useUpdateErrorHandler } from './use-account-update';
import './account-update.css';

type Address = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const files = (v: unknown): FileRefData[] => (Array.isArray(v) ? (v as FileRefData[]) : []);

export default function AllDataCheckScreen() {
  const t = useT();
  const navigate = useNavigate();
  const onError = useUpdateErrorHandler();
  const country = useCountryName();
  const { acct, applys, q, edit, passwordFirst, pending } = useAccountUpdate();
  const [dialog, setDialog] = useState<'unrevised' | 'w8' | null>(null);
  const submitUpdate = useClientSubmit();
  const saveW8 = useClientUpdate();
  const busy = submitUpdate.isPending || saveW8.isPending;
  const w8Card = useRef<HTMLElement>(null);
  // "Update it first": the W-8BEN's card in view, its first action focused (the suggestion, else its editor); in an
  // effect, so that it comes after the dialog has handed the focus back to the Submit button
  const [toW8, setToW8] = useState(0);
  useEffect(() => {
    const card = w8Card.current;
    if (!toW8 || !card) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    card.scrollIntoView?.({ behavior: still ? 'auto' : 'smooth', block: 'center' });
    card.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
  }, [toW8]);
  const u = applys.data?.update;
  const open = u && isUpdateOpen(u.status) ? u : null;
  const savedAddress = open?.data[String(UPDATE_MODULE.ADDRESS)] as Address | undefined;
  const held = (applys.data?.current.address ?? null) as Address | null;
  const w8Saved = open ? moduleButton(open, UPDATE_MODULE.W8) === 'saved' : false;
  // a W-8BEN in the update (saved in this round or before it was sent back) already follows the new address
  const review = w8NeedsReview(held, savedAddress ?? null, !!open && hasModule(open.module, UPDATE_MODULE.W8));
  const suggestion = useW8AddressOf(review ? text(savedAddress?.residentialAddress) : null);
  const title = t('accountUpdate.check.title');
  if (pending) return <AccountGate title={title} state="loading" />;
  if (!acct || !applys.data) return <AccountGate title={title} state={acct ? 'loadFailed' : 'noAccount'} />;

  const ids = { subAcctId: acct.subAcctId, cltId: acct.hlId };
  const address = savedAddress ?? held;
  const w8 = (open?.data[String(UPDATE_MODULE.W8)] ?? applys.data.current.w8) as { country?: string; residenceAddress?: string } | null;
  const rejected = !!open && isUpdateRejected(open.status);
  const addressReturned = rejected && hasModule(open.rejectModule, UPDATE_MODULE.ADDRESS);
  const line = (a: Address, p: 'residential' | 'mailing') =>
    addressLine(text(a[`${p}Address`]), text(a[`${p}AddressCity`]), text(a[`${p}AddressCountry`]) ? country(text(a[`${p}AddressCountry`])) : '');
  const proof = (savedAddress?.proofOfAddress ?? {}) as { residence?: unknown; mailing?: unknown };
  const w8Line = suggestion.data ? w8Address(suggestion.data) : '';
  const w8Country = text(savedAddress?.residentialAddressCountry);

  const failed = (e: unknown) => {
    if (!passwordFirst(e, UPDATE_ROUTE.allDataCheck)) onError(e);
  };
  const submit = () => submitUpdate.mutate({ ...ids, updateId: open!.updateId }, { onSuccess: () => navigate(`${UPDATE_ROUTE.status}${q}`, { replace: true }), onError: failed });
  const trySubmit = () => (review ? setDialog('w8') : unrevisedModules(open).length ? setDialog('unrevised') : submit());
  const useSuggestion = () =>
    saveW8.mutate({ ...ids, updateId: open!.updateId, module: UPDATE_MODULE.W8, action: UPDATE_ACTION.SAVE, data: { country: w8Country, residenceAddress: w8Line } }, { onError: failed });

  return (
    <StepPage
      title={title}
      onBack={() => navigate(`${rejected ? UPDATE_ROUTE.status : UPDATE_ROUTE.accountInfo}${q}`)}
      footer={
        <div className="oa-upd__footer">
          <SubmitUpdateButton ready={canSubmitUpdate(open)} busy={busy} onSubmit={trySubmit} />
        </div>
      }
    >
      <p className="oa-upd__intro">{t('accountUpdate.check.intro')}</p>
      {addressReturned && open?.rejectData?.message ? (
        <div className="oa-status__reason" role="note" aria-label={t('status.reason')}>
          <strong>{t('status.reason')}</strong>
          {open.rejectData.message}
        </div>
      ) : null}
      <section className="oa-upd__card" aria-labelledby="oa-check-residential">
        <div className="oa-upd__head">
          <h2 id="oa-check-residential">{t('accountUpdate.info.residential')}</h2>
          {savedAddress ? <span className="oa-upd__badge">{t('accountUpdate.info.saved')}</span> : null}
        </div>
        <p className={address ? 'oa-upd__value' : 'oa-upd__muted'}>{address ? line(address, 'residential') : t('accountUpdate.info.none')}</p>
        {files(proof.residence).length ? <FileUploader name="check-proof-residence" label={t('accountUpdate.address.proofResidence')} value={files(proof.residence)} onChange={() => undefined} max={3} category="UserApply" readOnly /> : null}
        <button type="button" className="oa-upd__secondary" onClick={() => edit(UPDATE_ROUTE.editAddress)} aria-label={`${t('accountUpdate.info.edit')} ${t('accountUpdate.info.residential')}`}>
          {t('accountUpdate.info.edit')}
        </button>
      </section>
      <section className="oa-upd__card" aria-labelledby="oa-check-mailing">
        <div className="oa-upd__head">
          <h2 id="oa-check-mailing">{t('accountUpdate.info.mailing')}</h2>
        </div>
        <p className="oa-upd__value">{address && address.mailingSameResidential === MAILING.DIFFERENT ? line(address, 'mailing') : t('accountUpdate.info.sameAsResidential')}</p>
        {files(proof.mailing).length ? <FileUploader name="check-proof-mailing" label={t('accountUpdate.address.proofMailing')} value={files(proof.mailing)} onChange={() => undefined} max={3} category="UserApply" readOnly /> : null}
        <button type="button" className="oa-upd__secondary" onClick={() => edit(UPDATE_ROUTE.editAddress)} aria-label={`${t('accountUpdate.info.edit')} ${t('accountUpdate.info.mailing')}`}>
          {t('accountUpdate.info.edit')}
        </button>
      </section>
      <section className="oa-upd__card" aria-labelledby="oa-check-w8" ref={w8Card}>
        <div className="oa-upd__head">
          <h2 id="oa-check-w8">{t('accountUpdate.info.w8')}</h2>
          {w8Saved ? <span className="oa-upd__badge">{t('accountUpdate.info.saved')}</span> : null}
        </div>
        <W8Details w8={w8} />
        {review ? (
          <div className="oa-upd__request" role="note">
            <p>{t('accountUpdate.check.w8Follows')}</p>
            {suggestion.isPending ? <p>{t('accountUpdate.check.w8Working')}</p> : null}
            {w8Line && checkW8Address(w8Line) === null ? (
              <>
                <p>
                  {t('accountUpdate.check.w8Suggested')} <strong>{w8Line}</strong>
                </p>
                <button type="button" className="oa-upd__secondary" disabled={busy} onClick={useSuggestion}>
                  {t('accountUpdate.check.w8Use')}
                </button>
              </>
            ) : null}
          </div>
        ) : null}
        <button type="button" className="oa-upd__link" onClick={() => edit(UPDATE_ROUTE.checkW8)}>
          {t('accountUpdate.check.w8Edit')}
        </button>
      </section>
      <UnrevisedDialog visible={dialog === 'unrevised'} busy={busy} onSubmit={submit} onCancel={() => setDialog(null)} />
      <ConfirmDialog
        visible={dialog === 'w8'}
        title={t('accountUpdate.check.w8DialogTitle')}
        message={t('accountUpdate.check.w8DialogMessage')}
        confirmText={t('accountUpdate.status.submitAnyway')}
        cancelText={t('accountUpdate.check.w8DialogBack')}
        confirmLoading={busy}
        onConfirm={() => (unrevisedModules(open).length ? setDialog('unrevised') : submit())}
        onCancel={() => {
          setDialog(null);
          setToW8((n) => n + 1);
        }}
      />
    </StepPage>
  );
}
