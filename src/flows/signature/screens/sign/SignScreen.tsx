/**
 * The sign step (signatureStatus): the documents to sign (read them), the box "I have read them", the signature drawn;
 * Sign sends it (CorpApplyUpdate): the service signs those documents with the signer's certificate. Once the box is
 * ticked the pad is brought wholly above the sticky Sign footer with a gap, so that a stroke near its bottom never
 * lands on Sign.
 */
import { useId, useRef, useState } from 'react';
import { useSignErrorHandler } from '@core/api/errors';
import { useSignCorpApplyUpdate } from '@core/api/org-sign';
import { SIGNATURE_MIN_STROKE_PX } from '@core/domain/closing';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { SignaturePad, type SignaturePadHandle } from '@core/ui/signature/SignaturePad';
import { useToast } from '@core/ui/toast';
import { DocumentList } from '../../DocumentList';
import { StepGate, type SignDetail } from '../../StepGate';
import { progressOf, useGoOn } from '../../use-sign';

export default function SignScreen() {
  return <StepGate step="sign">{(d) => <Sign detail={d} />}</StepGate>;
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function Sign({ detail }: { detail: SignDetail }) {
  const t = useT();
  const id = useId();
  const goOn = useGoOn();
  const toast = useToast();
  const onError = useSignErrorHandler();
  const pad = useRef<SignaturePadHandle>(null);
  const [readAll, setReadAll] = useState(false);
  const [ink, setInk] = useState(0);
  const update = useSignCorpApplyUpdate();
  const busy = update.isPending;
  const padCard = useRef<HTMLElement>(null);

  /** the pad wholly in view above the footer (scroll-margin-bottom keeps the footer's height and a gap clear) */
  const revealPad = () => padCard.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });

  const sign = async () => {
    if (!readAll) return toast.show(t('orgSign.sign.readFirst'));
    if (ink < SIGNATURE_MIN_STROKE_PX) return toast.show(t('orgSign.sign.drawFirst'));
    const png = await pad.current?.toPng();
    if (!png) return toast.show(t('orgSign.sign.drawFirst'));
    const signature = await base64Of(png);
    update.mutate({ readAll: true, signature }, { onSuccess: (d) => goOn(d, true), onError });
  };

  return (
    <StepPage title={t('orgSign.sign.title')} progress={progressOf(detail, 'sign')} onNext={() => void sign()} nextLabel={t('orgSign.sign.sign')} nextLoading={busy} nextDisabled={busy}>
      <p className="org-sign__intro">{t('orgSign.sign.intro')}</p>
      <section className="org-sign__card" aria-labelledby={`${id}-docs`}>
        <h2 id={`${id}-docs`}>{t('orgSign.sign.documents')}</h2>
        <DocumentList files={detail.documents} label={t('orgSign.sign.documents')} />
      </section>
      <CheckboxRow
        name="readAll"
        checked={readAll}
        onChange={(v) => {
          setReadAll(v);
          if (v) revealPad();
        }}
      >
        {t('orgSign.sign.readAll')}
      </CheckboxRow>
      <section ref={padCard} className="org-sign__card org-sign__pad-card" aria-labelledby={`${id}-pad`}>
        <div className="org-sign__pad-head">
          <h2 id={`${id}-pad`}>{t('orgSign.sign.pad')}</h2>
          <button
            type="button"
            className="org-sign__link"
            onClick={() => {
              pad.current?.clear();
              setInk(0);
            }}
          >
            {t('orgSign.sign.clear')}
          </button>
        </div>
        <p>{t('orgSign.sign.padHint')}</p>
        <SignaturePad ref={pad} label={t('orgSign.sign.pad')} onInk={setInk} />
      </section>
    </StepPage>
  );
}
