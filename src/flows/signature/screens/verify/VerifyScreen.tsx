/**
 * The verify step (caStatus): the details the broker holds for the signer (GetClientInfo: name, ID number masked, the
 * organisation) to confirm, with a photo of the signer's ID card, then the signer's certificate is applied for
 * (CorpApplyAuth, CorpApplyCACert). A mainland card is read at once (IdCardOcr) and must carry the signer's number;
 * another document's photo goes with CorpApplyAuth for staff to check (domain idPhotoIsRead). A failed certificate
 * (caStatus 4) can be tried again.
 */
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@core/api/api-error';
import { signErrorMessage, useSignErrorHandler } from '@core/api/errors';
import { signCall, signClientInfoQuery, signIdPhotoQuery, signUpload, useSignCorpVerify } from '@core/api/org-sign';
import { SIGN_EXPIRED_CODES } from '@core/domain/errors';
import type { Rule } from '@core/domain/identity';
import { SIGN_STEP_STATUS, idPhotoIsRead, signVerifyIssues, type SignIdPhotoState } from '@core/domain/org-sign';
import type { FileRefData } from '@core/domain/uploads';
import { useRuleForm } from '@core/form/use-rule-form';
import { useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { CheckboxRow } from '@core/ui/form/CheckboxRow';
import { useToast } from '@core/ui/toast';
import { CardUploader } from '@core/ui/uploader/CardUploader';
import type { UploadFn } from '@core/ui/uploader/use-uploads';
import { PageSkeleton } from '@core/app/account-page-routes';
import { OrgName } from '../../OrgName';
import { StepGate } from '../../StepGate';
import { progressOf, useGoOn } from '../../use-sign';


export default function VerifyScreen() {
  return <StepGate step="verify">{(d) => <Verify failed={d.caStatus === SIGN_STEP_STATUS.failed} progress={progressOf(d, 'verify')} />}</StepGate>;
}


/** The photo accepted for the certificate: read as the signer's (mainland card) or kept for staff. */
interface Accepted {
  fileId: string;
  /** the number read, masked (mainland cards) */
  masked?: string;
}

function Verify({ failed, progress }: { failed: boolean; progress?: { current: number; total: number } }) {
  const t = useT();
  const intl = useIntl();
  const id = useId();
  const goOn = useGoOn();
  const onError = useSignErrorHandler();
  const info = useQuery(signClientInfoQuery());
  const held = info.data?.idPhoto ?? null;
  // a photo accepted earlier on this link (a reload, a certificate to try again): shown from the service
  const heldUrl = useQuery({ ...signIdPhotoQuery(held?.fileId ?? ''), enabled: !!held });
  const verify = useSignCorpVerify();
  const busy = verify.isPending;
  const [photo, setPhoto] = useState<FileRefData | null>(null);
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  const [reading, setReading] = useState(false);
  const [photoError, setPhotoError] = useState<string | undefined>();
  /** a new photo was taken on this screen: the one accepted earlier no longer counts */
  const [replaced, setReplaced] = useState(false);
  const toast = useToast();
  const read = info.data ? idPhotoIsRead(info.data.signerIdKind) : true;
  const current: Accepted | null = replaced ? accepted : held && (held.read || !read) ? { fileId: held.fileId } : null;
  const photoState: SignIdPhotoState = current ? 'accepted' : reading ? 'reading' : photoError ? 'refused' : 'missing';
  // what Continue needs (the domain's rule): the photo's state joins the confirmation box's
  const validate = useCallback((f: { confirm: boolean }) => signVerifyIssues({ photo: photoState, confirm: f.confirm }), [photoState]);
  // the photo's texts: the reading's own refusal, or "add the photo first"
  const message = useCallback(
    (rule: Rule, field: string) => (field !== 'idPhoto' ? undefined : rule === 'cnIdMismatch' ? photoError : t('orgSign.verify.photoNeeded')),
    [photoError, t],
  );
  const kit = useRuleForm({ initial: { confirm: false }, validate, message });
  const confirm = kit.bind('confirm', { touchOnChange: true });
  const photoField = kit.bindAt('idPhoto', current, () => undefined);

  // the object URLs of the photos shown: revoked when the screen goes (or at once when made after it went)
  const urls = useRef<string[]>([]);
  const live = useRef(true);
  const keepUrl = (u: string) => (live.current ? urls.current.push(u) : URL.revokeObjectURL(u));
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      urls.current.forEach((u) => URL.revokeObjectURL(u));
      urls.current = [];
    };
  }, []);
  useEffect(() => {
    if (heldUrl.data) keepUrl(heldUrl.data);
  }, [heldUrl.data]);

  if (info.isPending) return <PageSkeleton />;
  const shownPhoto = photo ?? (!replaced && held && heldUrl.data ? { ossId: held.fileId, url: heldUrl.data } : null);

  const upload: UploadFn = async (file, onProgress) => {
    const f = await signUpload(file, { purpose: 'idPhoto', onProgress });
    const url = URL.createObjectURL(file);
    keepUrl(url);
    return { ossId: f.fileId, ossUrl: url };
  };

  const onPick = () => {
    setReplaced(true);
    setAccepted(null);
    setPhotoError(undefined);
  };

  const onUploaded = async (ref: FileRefData) => {
    setPhoto(ref);
    setAccepted(null);
    setPhotoError(undefined);
    if (!read) {
      setAccepted({ fileId: ref.ossId });
      return;
    }
    setReading(true);
    try {
      const r = await signCall('signIdCardOcr', { fileId: ref.ossId });
      if (r.matchesSigner) setAccepted({ fileId: ref.ossId, masked: r.idNumberMasked });
      else {
        setPhotoError(r.idNumberMasked ? t('orgSign.verify.notYours', { masked: r.idNumberMasked }) : t('orgSign.verify.notRead'));
        kit.errors.touch('idPhoto');
      }
    } catch (e) {
      // the OCR's refusals and any other failure (too many tries, no answer) on the tile; an ended session leaves the page
      setPhotoError(signErrorMessage(intl, e));
      kit.errors.touch('idPhoto');
      if (e instanceof ApiError && typeof e.code === 'number' && SIGN_EXPIRED_CODES.includes(e.code)) onError(e);
    } finally {
      setReading(false);
    }
  };

  const apply = () => {
    // never a silent grey button: what is missing is marked, the first scrolled to and focused, the toast says how many
    if (!info.data) return toast.show(t('orgSign.loadFailed'));
    if (!kit.check() || !current) return;
    verify.mutate(
      { confirm: true, ...(read ? {} : { idPhotoFileId: current.fileId }) },
      {
        onSuccess: ({ caStatus, detail }) => {
          if (caStatus === SIGN_STEP_STATUS.success) goOn(detail);
        },
        onError,
      },
    );
  };

  const kind = read ? 'Cn' : 'Other';
  return (
    <StepPage
      title={t('orgSign.verify.title')}
      progress={progress}
      onNext={apply}
      nextLabel={t(failed ? 'orgSign.verify.retry' : 'orgSign.verify.apply')}
      nextDisabled={busy || reading}
      nextLoading={busy}
    >
      {failed ? (
        <p className="org-sign__notice" role="alert">
          {t('orgSign.verify.failed')}
        </p>
      ) : null}
      <p className="org-sign__intro">{t('orgSign.verify.intro')}</p>
      {info.data ? (
        <>
          <section className="org-sign__card" aria-labelledby={`${id}-who`}>
            <h2 id={`${id}-who`}>{t('orgSign.verify.details')}</h2>
            <dl className="org-sign__dl">
              <dt>{t('orgSign.verify.name')}</dt>
              <dd>{info.data.signerName}</dd>
              <dt>{t('orgSign.verify.idNumber')}</dt>
              <dd>{info.data.idNumberMasked}</dd>
              <dt>{t('orgSign.verify.organisation')}</dt>
              <dd>
                {[info.data.organisationName, info.data.chineseName].filter(Boolean).map((n, i) => (
                  <Fragment key={n}>
                    {i ? ' / ' : null}
                    <OrgName name={n} />
                  </Fragment>
                ))}
              </dd>
              <dt>{t('orgSign.verify.registration')}</dt>
              <dd>{info.data.registrationNumber}</dd>
            </dl>
          </section>
          <section className="org-sign__card" aria-labelledby={`${id}-card`}>
            <h2 id={`${id}-card`}>{t(`orgSign.verify.idTitle${kind}`)}</h2>
            <p>{t(`orgSign.verify.idIntro${kind}`)}</p>
            <CardUploader
              name={photoField.name}
              label={t(`orgSign.verify.idLabel${kind}`)}
              value={shownPhoto}
              category="UserInfo"
              upload={upload}
              kind={read ? 'idFront' : 'generic'}
              busy={reading}
              error={photoField.error}
              onUploaded={onUploaded}
              onPick={onPick}
            />
            <p className="org-sign__checked" role="status">
              {current && !reading && !photoError
                ? current.masked
                  ? t('orgSign.verify.idRead', { masked: current.masked })
                  : t(read ? 'orgSign.verify.idReadEarlier' : 'orgSign.verify.idKept')
                : null}
            </p>
          </section>
        </>
      ) : (
        <p className="org-sign__notice" role="alert">
          {t('orgSign.loadFailed')}
        </p>
      )}
      <CheckboxRow name={confirm.name} checked={confirm.value} onChange={confirm.onChange} error={confirm.error}>
        {t('orgSign.verify.confirm')}
      </CheckboxRow>
    </StepPage>
  );
}
