/**
 * /bankCard — the mainland bank card (cn step 2 of 5; spec part 1 "Mainland bank card page", §5, §8): card
 * number (typed, or scanned: the photo goes through BankcardOcr), the bank's reserved phone, e-mail and the
 * statement language; statements go by e-mail. 150302 on save → the bank-card-wrong message.
 */
import { useState } from 'react';
import { ApiError, bankcardOcr, useApiErrorHandler, useApplyDetail } from '@core/api';
import type { ApplicationView } from '@core/domain/contract';
import { DEFAULT_STATEMENT_LANG, STATEMENT_LANGS, type StatementLang } from '@core/domain/countries';
import { behaviourOf, ErrorCode, TOAST_MS } from '@core/domain/errors';
import { MAX_LEN, normaliseDigits, normaliseEmail } from '@core/domain/identity';
import type { StepName } from '@core/domain/steps';
import { isFileRef, type FileRefData } from '@core/domain/uploads';
import { useT } from '@core/i18n';
import { useStepPage } from '@core/step-engine';
import { CardUploader, EmailField, FieldGroup, RadioField, SamplePopup, StepPage, TextField, toast } from '@core/ui';
import './bank-card.css';

const STEP: StepName = 'BANKCARD';
const MAX: Record<string, number> = { 'bankInfo.acctNumber': MAX_LEN.bankCard, 'bankInfo.phone': MAX_LEN.phone, email: MAX_LEN.email };

interface BankForm {
  acctNumber: string;
  phone: string;
  email: string;
  language: StatementLang;
  scan: FileRefData | null;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const s = (v: unknown) => (typeof v === 'string' ? v : '');

export function bankFormFrom(data: Record<string, unknown> | undefined): BankForm {
  const d = data ?? {};
  const bank = obj(d.bankInfo);
  const scan = obj(d.documentInfo).bankCard;
  return {
    acctNumber: normaliseDigits(s(bank.acctNumber), MAX_LEN.bankCard),
    phone: normaliseDigits(s(bank.phone), MAX_LEN.phone),
    email: normaliseEmail(s(d.email)),
    language: STATEMENT_LANGS.includes(d.defaultLanguage as StatementLang) ? (d.defaultLanguage as StatementLang) : DEFAULT_STATEMENT_LANG,
    scan: isFileRef(scan) ? scan : null,
  };
}

/** The BANKCARD step data (domain.md's shape); the scanned card image only when the number was scanned. */
export function buildBankcardData(f: BankForm): Record<string, unknown> {
  return {
    bankInfo: { acctNumber: f.acctNumber, phone: f.phone },
    email: f.email,
    defaultLanguage: f.language,
    statementDeliveryWay: 'email',
    ...(f.scan ? { documentInfo: { bankCard: f.scan } } : {}),
  };
}

const bankcardDataOf = (f: BankForm) => buildBankcardData(f);

export default function BankCardScreen() {
  const { data: application } = useApplyDetail();
  if (!application) return null;
  return <BankCardForm application={application} />;
}

function BankCardForm({ application }: { application: ApplicationView }) {
  const t = useT();
  const onApiError = useApiErrorHandler();
  const page = useStepPage(STEP, application, {
    initial: bankFormFrom,
    toData: bankcardDataOf,
    limits: MAX,
    onError: (err) => {
      if (err instanceof ApiError && err.code === ErrorCode.BANK_CARD_WRONG) {
        toast.show(t('bankcard.wrong'), TOAST_MS);
        return true;
      }
      return false;
    },
  });
  const { form, setForm, errors, flow } = page;
  const { touch, errorOf } = errors;
  const [scanOpen, setScanOpen] = useState(false);
  const [scanBusy, setScanBusy] = useState(false);

  const update = (patch: Partial<BankForm>, field: string) => {
    setForm((f) => ({ ...f, ...patch }));
    errors.changed(field);
  };

  const scanned = async (ref: FileRefData) => {
    setScanBusy(true);
    try {
      const r = await bankcardOcr({ ossId: ref.ossId, url: ref.url, description: ref.description, ossCategory: 'UserInfo' });
      const number = normaliseDigits(r.acctNumber, MAX_LEN.bankCard);
      if (!number) throw new ApiError(ErrorCode.BANK_CARD_WRONG, '');
      update({ acctNumber: number, scan: ref }, 'bankInfo.acctNumber');
      touch('bankInfo.acctNumber');
      setScanOpen(false);
      toast.show(t('bankcard.scanned'), TOAST_MS);
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'NETWORK' && behaviourOf(err.code).kind === 'loginExpired') {
        onApiError(err);
        return;
      }
      setScanOpen(false);
      toast.show(t('bankcard.scanFailed'), TOAST_MS);
    } finally {
      setScanBusy(false);
    }
  };

  const nextDisabled = page.issues.length > 0 || scanBusy;
  const onNext = () => {
    if (scanBusy) return;
    void page.next();
  };

  return (
    <StepPage
      title={t('bankcard.title')}
      progress={flow.progress}
      onBack={() => void page.back()}
      onNext={onNext}
      nextDisabled={nextDisabled}
      nextLoading={flow.isSaving}
      className="bkc"
    >
      <p className="bkc__intro">{t('bankcard.intro')}</p>
      <FieldGroup title={t('bankcard.cardTitle')}>
        <TextField
          name="acctNumber"
          label={t('bankcard.acctNumber')}
          value={form.acctNumber}
          // a typed number is not the scanned card's: the scanned image goes with a scanned number only
          onChange={(v) => {
            const acctNumber = normaliseDigits(v, MAX_LEN.bankCard);
            update({ acctNumber, ...(acctNumber !== form.acctNumber ? { scan: null } : {}) }, 'bankInfo.acctNumber');
          }}
          onBlur={() => touch('bankInfo.acctNumber')}
          placeholder={t('bankcard.acctPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={MAX_LEN.bankCard}
          error={errorOf('bankInfo.acctNumber')}
          required
          rightSlot={
            <button type="button" className="bkc__scan" aria-label={t('bankcard.scan')} onClick={() => setScanOpen(true)}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M4 8V5h3M17 5h3v3M20 16v3h-3M7 19H4v-3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                <path d="M7 12h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          }
        />
        <TextField
          name="phone"
          label={t('bankcard.phone')}
          value={form.phone}
          onChange={(v) => update({ phone: normaliseDigits(v, MAX_LEN.phone) }, 'bankInfo.phone')}
          onBlur={() => touch('bankInfo.phone')}
          placeholder={t('bankcard.phonePlaceholder')}
          inputMode="numeric"
          type="tel"
          autoComplete="tel-national"
          maxLength={MAX_LEN.phone}
          error={errorOf('bankInfo.phone')}
          required
        />
      </FieldGroup>
      <FieldGroup title={t('bankcard.contactTitle')}>
        <EmailField
          name="email"
          label={t('bankcard.email')}
          value={form.email}
          onChange={(v) => update({ email: normaliseEmail(v) }, 'email')}
          onBlur={() => touch('email')}
          placeholder={t('bankcard.emailPlaceholder')}
          error={errorOf('email')}
          required
        />
        <RadioField
          name="defaultLanguage"
          label={t('bankcard.language')}
          value={form.language}
          options={STATEMENT_LANGS.map((l) => ({ value: l, label: t(`bankcard.${l}`) }))}
          onChange={(v) => update({ language: v }, 'defaultLanguage')}
          error={errorOf('defaultLanguage')}
          inline
          required
        />
      </FieldGroup>

      <SamplePopup visible={scanOpen} title={t('bankcard.scanTitle')} onClose={() => !scanBusy && setScanOpen(false)}>
        <CardUploader
          name="bankCard"
          label={t('bankcard.scanTitle')}
          caption={t('bankcard.scanHint')}
          value={null}
          category="UserInfo"
          kind="bankCard"
          busy={scanBusy}
          onUploaded={(ref) => scanned(ref)}
        />
      </SamplePopup>
    </StepPage>
  );
}
