/**
 * The doc step (obResFileStatus): the documents to read (the organisation chart and the opening form, as PDFs), and the
 * ones the broker needs from the signer to upload (PDF, PNG or JPEG, FileUpload); Submit hands the uploads over
 * (ApplyUpdate).
 */
import { useCallback, useId, useRef, useState } from 'react';
import { ApiError } from '@core/api/api-error';
import { useSignErrorHandler } from '@core/api/errors';
import { signUpload, useSignApplyUpdate } from '@core/api/org-sign';
import type { Rule } from '@core/domain/identity';
import { SIGN_LIMITS, signDocIssues } from '@core/domain/org-sign';
import { ACCEPT_ATTR, ACCEPTED_MIME } from '@core/domain/uploads';
import { useRuleForm } from '@core/form/use-rule-form';
import { useLang, useT } from '@core/i18n';
import { StepPage } from '@core/ui/StepPage';
import { useToast } from '@core/ui/toast';
import { DocumentList } from '../../DocumentList';
import { StepGate, type SignDetail } from '../../StepGate';
import { useOrgSentence } from '../../OrgName';
import { organisationNameIn, progressOf, useGoOn } from '../../use-sign';


/** The doc step's form: the documents uploaded for the broker (the upload section's mark, its data-name, is `uploads`). */
interface DocForm {
  uploads: SignDetail['uploads'];
}

export default function DocScreen() {
  return <StepGate step="doc">{(d) => <Doc detail={d} />}</StepGate>;
}

function Doc({ detail }: { detail: SignDetail }) {
  const t = useT();
  const { lang } = useLang();
  const id = useId();
  const goOn = useGoOn();
  const toast = useToast();
  const onError = useSignErrorHandler();
  const orgSentence = useOrgSentence();
  const input = useRef<HTMLInputElement>(null);
  // none uploaded yet: the upload section says so in its own words once Submit was pressed
  const message = useCallback((rule: Rule) => (rule === 'fileRequired' ? t('orgSign.doc.needOne') : undefined), [t]);
  const kit = useRuleForm<DocForm>({ initial: () => ({ uploads: detail.uploads }), validate: signDocIssues, message });
  const { uploads } = kit.form;
  const uploadsField = kit.bind('uploads');
  const [sending, setSending] = useState<string | null>(null);
  const update = useSignApplyUpdate();
  const busy = update.isPending;
  const uploading = !!sending;

  const add = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (!ACCEPTED_MIME.includes(file.type)) {
        toast.show(t('orgSign.doc.badType'));
        continue;
      }
      if (file.size > SIGN_LIMITS.uploadMaxBytes) {
        toast.show(t('orgSign.doc.tooLarge', { mb: SIGN_LIMITS.uploadMaxBytes / 1024 / 1024 }));
        continue;
      }
      setSending(file.name);
      try {
        const f = await signUpload(file);
        kit.setForm((form) => ({ ...form, uploads: [...form.uploads, f] }));
      } catch (e) {
        if (e instanceof ApiError) onError(e);
        else toast.show(t('orgSign.doc.failed'));
      } finally {
        setSending(null);
      }
    }
    if (input.current) input.current.value = '';
  };

  const needOne = uploadsField.error;

  const submit = () => {
    // never a silent grey button: without a file the upload section is marked, scrolled to and its "add a file" focused
    if (!kit.check()) return;
    update.mutate({ fileIds: uploads.map((u) => u.fileId) }, { onSuccess: (d) => goOn(d), onError });
  };

  return (
    <StepPage title={t('orgSign.doc.title')} progress={progressOf(detail, 'doc')} onNext={submit} nextLabel={t('orgSign.doc.submit')} nextLoading={busy} nextDisabled={busy || uploading}>
      <p className="org-sign__intro">{orgSentence('orgSign.doc.intro', organisationNameIn(detail, lang))}</p>
      <section className="org-sign__card" aria-labelledby={`${id}-read`}>
        <h2 id={`${id}-read`}>{t('orgSign.doc.read')}</h2>
        <DocumentList files={[detail.organizationChart, ...detail.documents.filter((f) => f.fileId !== detail.organizationChart.fileId)]} label={t('orgSign.doc.read')} />
      </section>
      <section className="org-sign__card" aria-labelledby={`${id}-upload`} data-name={uploadsField.name}>
        <h2 id={`${id}-upload`}>{t('orgSign.doc.upload')}</h2>
        <p>{t('orgSign.doc.uploadIntro')}</p>
        {uploads.length ? (
          <ul className="org-sign__uploads" aria-label={t('orgSign.doc.uploaded')}>
            {uploads.map((u) => (
              <li key={u.fileId}>{u.fileName}</li>
            ))}
          </ul>
        ) : null}
        {sending ? (
          <p className="org-sign__sending" role="status">
            {t('orgSign.doc.sending', { name: sending })}
          </p>
        ) : null}
        <label className="org-sign__add">
          <input
            ref={input}
            type="file"
            accept={ACCEPT_ATTR}
            multiple
            onChange={(e) => void add(e.target.files)}
            disabled={uploading || uploads.length >= SIGN_LIMITS.uploadsPerTicket}
            aria-describedby={needOne ? `${id}-need` : undefined}
            aria-invalid={needOne ? true : undefined}
          />
          <span>{t('orgSign.doc.add')}</span>
        </label>
        {needOne ? (
          <p id={`${id}-need`} className="esop-field__error">
            {needOne}
          </p>
        ) : null}
      </section>
    </StepPage>
  );
}
