/**
 * /sign — the agreements (SIGN; spec part 3 §2 "Sign agreements", §4 "Sign", §5 "Sign"). The application's list
 * of agreements (agreementsOf: margin standing authority for account types 2/3, US options with market flag 16, the
 * special-client disclosure for ages 65-75 on margin), each opened inside the page as a PDF; the read-all box; the
 * asset-transfer box from the protocol status (0 hidden, shown otherwise, 2 ticked and locked), unticked → a
 * confirm dialog; the first-time notice on data validity, remembered under openAccountSign.
 */
import { useEffect, useMemo, useState } from 'react';
import { signAssetTransfer, useProtocolStatus } from '@core/api/closing';
import { useApiErrorHandler } from '@core/api/errors';
import { STORAGE_KEY, bridge } from '@core/bridge/bridge';
import { agreementPdfPath, agreementsOf, assetTransferBox, type Agreement } from '@core/domain/closing';
import type { ApplicationView } from '@core/domain/contract';
import { todayInHongKong } from '@core/domain/identity';
import { stepContextOfApp } from '@core/domain/step-rules/types';
import { useLang, useT } from '@core/i18n';
import { ConfirmDialog } from '@core/ui/ConfirmDialog';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { PdfSheet } from '@core/ui/pdf/PdfSheet';
import { WithApplication } from '../../components/WithApplication';
import { useStepForm } from '../../step-form';
import '../../components/doc-list.css';

const STEP = 'SIGN';

export default function SignScreen() {
  const t = useT();
  return <WithApplication title={t('sign.title')}>{(app) => <SignPage app={app} />}</WithApplication>;
}

function SignPage({ app }: { app: ApplicationView }) {
  const t = useT();
  const { lang } = useLang();
  const onApiError = useApiErrorHandler();
  const ctx = useMemo(() => stepContextOfApp(app, todayInHongKong()), [app]);
  const list = useMemo(() => agreementsOf(ctx), [ctx]);
  const saved = (app.data.SIGN ?? {}) as Record<string, unknown>;
  const protocol = useProtocolStatus(app.appId);
  const box = protocol.data === undefined ? 'hidden' : assetTransferBox(protocol.data);
  const [readAll, setReadAll] = useState(saved.readAll === 1);
  const [transfer, setTransfer] = useState(saved.assetTransfer === 1);
  const [opened, setOpened] = useState<Agreement | null>(null);
  const [seen, setSeen] = useState<ReadonlySet<Agreement>>(() => new Set());
  const [notice, setNotice] = useState(false);
  const [askTransfer, setAskTransfer] = useState(false);
  const [signing, setSigning] = useState(false);

  useEffect(() => {
    let live = true;
    void bridge.storage.get(STORAGE_KEY.openAccountSign).then((v) => live && v !== '1' && setNotice(true));
    return () => {
      live = false;
    };
  }, []);

  const transferOn = box === 'locked' || (box === 'open' && transfer);
  const data = useMemo(
    () => ({ agreements: list, readAll: readAll ? 1 : 0, ...(box === 'hidden' ? {} : { assetTransfer: transferOn ? 1 : 0 }) }),
    [list, readAll, box, transferOn],
  );
  const { errors, flow } = useStepForm(STEP, data, ctx, { draft: () => null });

  const save = async () => {
    if (box === 'open' && transferOn) {
      setSigning(true);
      try {
        await signAssetTransfer(app.appId);
      } catch (err) {
        onApiError(err);
        return;
      } finally {
        setSigning(false);
      }
    }
    await flow.next(data);
  };
  const onNext = () => {
    if (!readAll) {
      errors.touch('readAll');
      return;
    }
    if (box === 'open' && !transfer) {
      setAskTransfer(true);
      return;
    }
    void save();
  };
  const closeNotice = () => {
    setNotice(false);
    void bridge.storage.set(STORAGE_KEY.openAccountSign, '1');
  };

  return (
    <StepPage
      title={t('sign.title')}
      progress={flow.progress}
      onBack={() => void flow.back()}
      onNext={onNext}
      nextDisabled={!readAll}
      nextLoading={signing || flow.isSaving}
    >
      <p className="esop-sign__intro">{t('sign.intro')}</p>
      <ul className="esop-sign__list">
        {list.map((a) => (
          <li key={a}>
            <button
              type="button"
              className="esop-sign__doc"
              onClick={() => {
                setOpened(a);
                setSeen((s) => new Set(s).add(a));
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
          </li>
        ))}
      </ul>
      <div className="esop-sign__boxes">
        <CheckboxRow name="readAll" checked={readAll} onChange={(v) => {
          setReadAll(v);
          errors.changed('readAll');
        }} error={errors.errorOf('readAll')}>
          {t('sign.readAll')}
        </CheckboxRow>
        {box !== 'hidden' ? (
          <CheckboxRow name="assetTransfer" checked={transferOn} disabled={box === 'locked'} onChange={setTransfer}>
            {t('sign.assetTransfer')}
          </CheckboxRow>
        ) : null}
      </div>
      {opened ? <PdfSheet url={agreementPdfPath(opened, lang)} title={t(`sign.docs.${opened}`)} onClose={() => setOpened(null)} /> : null}
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
          void save();
        }}
        onCancel={() => setAskTransfer(false)}
      />
    </StepPage>
  );
}
