/**
 * /signature — the drawn signature (SIGNATURE; spec part 3 §2 "Signature", §3, §5, §7 "Signature upload").
 * The applicant signs on the pad (a signature with too little ink is refused); it is uploaded as a UserApply PNG
 * named by the phone and the signature suffix, and SIGNATURE saved with customerSignature. A saved signature is
 * shown with a way to sign again. For hk applicants this is the last step: Next submits the application.
 */
import { useMemo, useRef, useState } from 'react';
import { useApiErrorHandler } from '@core/api/errors';
import { useSignedUrl } from '@core/api/files';
import { uploadFile } from '@core/api/upload';
import { useUserInfo } from '@core/api/auth';
import { SIGNATURE_MIN_STROKE_PX, signatureFileName } from '@core/domain/closing';
import type { ApplicationView } from '@core/domain/contract';
import { at, type StepContext } from '@core/domain/step-rules/types';
import { STEP_INTRO_KEY } from '@core/domain/steps';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { SignaturePad, type SignaturePadHandle } from '@core/ui/signature/SignaturePad';
import { toast } from '@core/ui/toast';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
import { useStepPage } from '@core/step-engine';
import './signature.css';

const STEP = 'SIGNATURE';

export default function SignatureScreen() {
  const t = useT();
  return <WithApplication title={t('signature.title')} step={STEP}>{(app) => <SignaturePage app={app} />}</WithApplication>;
}

interface SavedFile {
  ossId: string;
  url?: string;
  description: string;
  ossCategory: 'UserApply';
}

/** the signature saved before (the step's saved data; nothing of a drawing is kept halfway) */
function savedSignature(ctx: StepContext): SavedFile | null {
  const list = at(ctx.saved.SIGNATURE, 'documentInfo.customerSignature');
  return Array.isArray(list) && (list[0] as SavedFile | undefined)?.ossId ? (list[0] as SavedFile) : null;
}
const signatureData = (file: SavedFile) => ({ documentInfo: { customerSignature: [file] } });

interface SignatureForm {
  /** drawing a new signature (always when none was saved) */
  redraw: boolean;
}
const initialSignatureForm = (_src: unknown, ctx: StepContext): SignatureForm => ({ redraw: !savedSignature(ctx) });
const signatureDataOf = (f: SignatureForm, ctx: StepContext): Record<string, unknown> => {
  const saved = savedSignature(ctx);
  return saved && !f.redraw ? signatureData(saved) : {};
};
const noDraft = () => null;

function SignaturePage({ app }: { app: ApplicationView }) {
  const t = useT();
  const onApiError = useApiErrorHandler();
  const user = useUserInfo();
  const pad = useRef<SignaturePadHandle>(null);
  const page = useStepPage(STEP, app, { initial: initialSignatureForm, toData: signatureDataOf, draft: noDraft });
  const { flow, ctx } = page;
  const saved = useMemo(() => savedSignature(ctx), [ctx]);
  const redraw = page.form.redraw;
  const setRedraw = (v: boolean) => page.set('redraw', v);
  const [ink, setInk] = useState(0);
  const [uploading, setUploading] = useState(false);
  const savedUrl = useSignedUrl(redraw ? null : saved?.ossId);
  const busy = uploading || flow.isSaving;

  const onNext = async () => {
    if (busy) return;
    if (saved && !redraw) {
      await page.next();
      return;
    }
    const drawn = pad.current?.inkLength() ?? 0;
    if (drawn < SIGNATURE_MIN_STROKE_PX) {
      toast.show(t(drawn > 0 ? 'signature.tooLittle' : 'signature.required'));
      return;
    }
    setUploading(true);
    let file: SavedFile;
    try {
      const png = await pad.current!.toPng();
      if (!png) throw new Error('the pad gave no image');
      const name = signatureFileName(user.data?.phoneMasked ?? 'signature');
      const up = await uploadFile(png, name, 'UserApply');
      file = { ossId: up.ossId, url: up.ossUrl, description: name, ossCategory: 'UserApply' };
    } catch (err) {
      onApiError(err);
      return;
    } finally {
      setUploading(false);
    }
    await page.next(signatureData(file));
  };

  return (
    <StepPage
      title={t('signature.title')}
      intro={t(STEP_INTRO_KEY[STEP])}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={() => void onNext()}
      nextLabel={flow.application && flow.application.applyStepsName[flow.application.applyStepsName.length - 1] === STEP ? t('common.submit') : undefined}
      nextLoading={busy}
    >
      {saved && !redraw ? (
        <div className="esop-signature__saved">
          {savedUrl.data ? <img src={savedUrl.data} alt={t('signature.savedAlt')} className="esop-signature__img" /> : <div className="esop-signature__img" />}
          <button type="button" className="esop-signature__action" onClick={() => setRedraw(true)}>
            {t('signature.again')}
          </button>
        </div>
      ) : (
        <>
          <SignaturePad ref={pad} label={t('signature.padName')} onInk={setInk} />
          <div className="esop-signature__bar">
            <span className="esop-signature__hint">{t('signature.hint')}</span>
            <button type="button" className="esop-signature__action" onClick={() => pad.current?.clear()} disabled={ink === 0}>
              {t('signature.clear')}
            </button>
          </div>
        </>
      )}
    </StepPage>
  );
}
