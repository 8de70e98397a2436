/**
 * /sign — the agreements (SIGN; spec part 3 §2 "Sign agreements", §4 "Sign", §5 "Sign"). The application's list
 * of agreements (agreementsOf: margin standing authority for account types 2/3, US options with market flag 16, the
 * special-client disclosure for ages 65-75 on margin), each opened inside the page as a PDF; the read-all box; the
 * asset-transfer box from the protocol status (0 hidden, shown otherwise, 2 ticked and locked) with its terms (the
 * asset-transfer agreement's PDF, opened in the page), unticked → a confirm dialog that says what the box is; its
 * "Go back" scrolls to the box, highlights it and focuses it; the first-time notice on data validity, remembered under openAccountSign. Next with the read-all
 * box unticked marks it and sends the applicant to the first document not opened yet (marked, focused, named in
 * the toast), or to the box when every document was opened.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useProtocolStatus, useSignAssetTransfer } from '@core/api/closing';
import { useApiErrorHandler } from '@core/api/errors';
import { STORAGE_KEY, bridge } from '@core/bridge/bridge';
import { agreementPdfPath, agreementsOf, assetTransferBox, type Agreement } from '@core/domain/closing';
import type { ApplicationView } from '@core/domain/contract';
import { assetTransferPdfPath } from '@core/domain/transfer-in';
import type { StepContext } from '@core/domain/step-rules/types';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useLang, useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { markFirst } from '@core/form/mark';
import { PdfSheet } from '@core/ui/pdf/PdfSheet';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import '../../components/doc-list.css';
import './sign.css';

const STEP = 'SIGN';
/** a document's row, as a name Next's mark can find */
const docName = (a: Agreement) => `document.${a}`;

interface SignForm {
  readAll: boolean;
  transfer: boolean;
}
type Box = ReturnType<typeof assetTransferBox> | 'hidden';
/** the saved answers (the page keeps no draft: a box ticked is ticked again on purpose) */
const initialSignForm = (_src: unknown, ctx: StepContext): SignForm => ({
  readAll: ctx.saved.SIGN?.readAll === 1,
  transfer: ctx.saved.SIGN?.assetTransfer === 1,
});
const noDraft = () => null;
const transferOf = (f: SignForm, box: Box) => box === 'locked' || (box === 'open' && f.transfer);
const signDataOf = (f: SignForm, ctx: StepContext, box: Box): Record<string, unknown> => ({
  agreements: agreementsOf(ctx),
  readAll: f.readAll ? 1 : 0,
  ...(box === 'hidden' ? {} : { assetTransfer: transferOf(f, box) ? 1 : 0 }),
});

export default function SignScreen() {
  const t = useT();
  return <WithApplication title={t('sign.title')} step={STEP}>{(app) => <SignPage app={app} />}</WithApplication>;
}

function SignPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const { lang } = useLang();
  const onApiError = useApiErrorHandler();
  const protocol = useProtocolStatus(app.appId);
  const box = protocol.data === undefined ? 'hidden' : assetTransferBox(protocol.data);
  // the data carries the asset-transfer answer only when the box is shown
  const toData = useCallback((f: SignForm, c: StepContext) => signDataOf(f, c, box), [box]);
  const page = useStepPage(STEP, app, { initial: initialSignForm, toData, draft: noDraft });
  const { form, set, bind, flow, ctx } = page;
  const list = useMemo(() => agreementsOf(ctx), [ctx]);
  const { readAll, transfer } = form;
  const readAllBox = bind('readAll');
  const setTransfer = (v: boolean) => {
    set('transfer', v);
    if (v) setPointTransfer(false);
  };
  const [opened, setOpened] = useState<Agreement | 'assetTransfer' | null>(null);
  const [seen, setSeen] = useState<ReadonlySet<Agreement>>(() => new Set());
  // the document Next sent the applicant to (marked until opened)
  const [unread, setUnread] = useState<Agreement | null>(null);
  const [notice, setNotice] = useState(false);
  const [askTransfer, setAskTransfer] = useState(false);
  const signTransfer = useSignAssetTransfer();
  const signing = signTransfer.isPending;
  /** "Go back" in the dialog: the box is highlighted until ticked */
  const [pointTransfer, setPointTransfer] = useState(false);
  const transferBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!pointTransfer) return;
    const el = transferBox.current;
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    el?.querySelector<HTMLInputElement>('input[type=checkbox]')?.focus({ preventScroll: true });
  }, [pointTransfer]);

  useEffect(() => {
    let live = true;
    void bridge.storage.get(STORAGE_KEY.openAccountSign).then((v) => live && v !== '1' && setNotice(true));
    return () => {
      live = false;
    };
  }, []);

  const transferOn = transferOf(form, box);

  const save = () => {
    if (box === 'open' && transferOn) signTransfer.mutate(app.appId, { onSuccess: () => void page.next(), onError: onApiError });
    else void page.next();
  };
  const onNext = () => {
    if (!readAll) {
      const first = list.find((a) => !seen.has(a));
      if (!first) {
        page.check(); // the box is marked, scrolled to and focused
        return;
      }
      page.reveal();
      setUnread(first);
      markFirst([docName(first)], t('sign.unreadToast', { doc: t(`sign.docs.${first}`) }));
      return;
    }
    if (box === 'open' && !transfer) {
      setAskTransfer(true);
      return;
    }
    save();
  };
  const closeNotice = () => {
    setNotice(false);
    void bridge.storage.set(STORAGE_KEY.openAccountSign, '1');
  };

  return (
    <StepPage
      title={t('sign.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={onNext}
      nextLoading={signing || flow.isSaving}
    >
      <ul className="esop-sign__list">
        {list.map((a) => (
          <li key={a} data-name={docName(a)}>
            <button
              type="button"
              className="esop-sign__doc"
              aria-invalid={unread === a ? true : undefined}
              aria-describedby={unread === a ? `${docName(a)}-error` : undefined}
              onClick={() => {
                setOpened(a);
                setSeen((s) => new Set(s).add(a));
                if (unread === a) setUnread(null);
              }}
            >
              <svg className="esop-sign__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M6 2h8l5 5v15H6z M14 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
              </svg>
              <span className="esop-sign__name">{t(`sign.docs.${a}`)}</span>
              {seen.has(a) ? <span className="esop-sign__seen">{t('sign.opened')}</span> : null}
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
            {unread === a ? (
              <p id={`${docName(a)}-error`} className="esop-field__error">
                {t('sign.unreadDoc')}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="esop-sign__boxes">
        <CheckboxRow name={readAllBox.name} checked={readAllBox.value} onChange={readAllBox.onChange} error={readAllBox.error}>
          {t('sign.readAll')}
        </CheckboxRow>
        {box !== 'hidden' ? (
          <div ref={transferBox} className={`esop-sign__transfer${pointTransfer ? ' esop-sign__transfer--pointed' : ''}`}>
            <CheckboxRow name="assetTransfer" checked={transferOn} disabled={box === 'locked'} onChange={setTransfer}>
              {t('sign.assetTransfer')}
            </CheckboxRow>
            <button type="button" className="esop-sign__terms" onClick={() => setOpened('assetTransfer')}>
              {t('sign.transferTerms')}
            </button>
          </div>
        ) : null}
      </div>
      {opened === 'assetTransfer' ? (
        <PdfSheet url={assetTransferPdfPath(lang)} title={t('assetTransfer.title')} onClose={() => setOpened(null)} />
      ) : opened ? (
        <PdfSheet url={agreementPdfPath(opened, lang)} title={t(`sign.docs.${opened}`)} onClose={() => setOpened(null)} />
      ) : null}
      <ConfirmDialog
        visible={notice}
        title={t('sign.noticeTitle')}
        message={t('sign.notice')}
        confirmText={t('sign.noticeOk')}
        showCancel={false}
        onConfirm={closeNotice}
      />
      <ConfirmDialog
        visible={askTransfer}
        title={t('sign.transferTitle')}
        message={t('sign.transferMessage')}
        confirmText={t('sign.transferContinue')}
        cancelText={t('sign.transferBack')}
        onConfirm={() => {
          setAskTransfer(false);
          save();
        }}
        onCancel={() => {
          setAskTransfer(false);
          setPointTransfer(true);
        }}
      />
    </StepPage>
  );
}
