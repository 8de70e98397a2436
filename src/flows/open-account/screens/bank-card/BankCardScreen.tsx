/**
 * /bankCard — the mainland bank card (cn step 2 of 5; spec part 1 "Mainland bank card page", §5, §8): card
 * number (typed, or scanned: the photo goes through BankcardOcr), the bank's reserved phone, e-mail and the
 * statement language; statements go by e-mail. 150302 on save → the bank-card-wrong message.
 */
import { useState } from 'react';
import { ApiError, bankcardOcr } from '@core/api';
import type { ApplicationView } from '@core/domain/contract';
import { defaultStatementLang, STATEMENT_LANGS, type StatementLang } from '@core/domain/countries';
import { ErrorCode, TOAST_MS } from '@core/domain/errors';
import { MAX_LEN, normaliseDigits, normaliseEmail } from '@core/domain/identity';
import { type StepName, STEP_INTRO_KEY } from '@core/domain/steps';
import { isFileRef, type FileRefData } from '@core/domain/uploads';
import { CardPhotoTile } from '@core/form/sections/CardPhotoTile';
import { useCardOcr } from '@core/form/sections/use-card-ocr';
import { useLang, useT } from '@core/i18n';
import { useStepPage } from '@core/step-engine';
import { EmailField, FieldGroup, RadioField, SamplePopup, StepPage, TextField, toast } from '@core/ui';
import { WithApplication } from '@core/app/flow-kit/WithApplication';
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

export function bankFormFrom(data: Record<string, unknown> | undefined, pageLang?: string): BankForm {
  const d = data ?? {};
  const bank = obj(d.bankInfo);
  const scan = obj(d.documentInfo).bankCard;
  return {
    acctNumber: normaliseDigits(s(bank.acctNumber), MAX_LEN.bankCard),
    phone: normaliseDigits(s(bank.phone), MAX_LEN.phone),
    email: normaliseEmail(s(d.email)),
    language: STATEMENT_LANGS.includes(d.defaultLanguage as StatementLang) ? (d.defaultLanguage as StatementLang) : defaultStatementLang(pageLang),
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
  const t = useT();
  return <WithApplication title={t('bankcard.title')} step={STEP}>{(app) => <BankCardForm application={app} />}</WithApplication>;
}

const cardDigits = (v: string) => normaliseDigits(v, MAX_LEN.bankCard);

function BankCardForm({ application }: { application: ApplicationView }) {
  const t = useT();
  const { lang } = useLang();
  const page = useStepPage(STEP, application, {
    initial: (data) => bankFormFrom(data, lang),
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
  const { form, bind, bindAt, set, flow } = page;
  const [scanOpen, setScanOpen] = useState(false);
  const acct = bind('acctNumber', { field: 'bankInfo.acctNumber', map: cardDigits });

  // the scanned photo goes with the number read from it (onRead); the popup's tile starts empty every time
  const scanPhoto = bindAt<FileRefData | null>('documentInfo.bankCard', null, () => undefined);
  const ocr = useCardOcr({
    read: (ref: FileRefData) => bankcardOcr({ ossId: ref.ossId, url: ref.url, description: ref.description, ossCategory: 'UserInfo' }),
    onRead: (r, ref) => {
      const number = cardDigits(r.acctNumber);
      if (!number) throw new ApiError(ErrorCode.BANK_CARD_WRONG, '');
      acct.onChange(number);
      acct.onBlur();
      set('scan', ref);
      setScanOpen(false);
      toast.show(t('bankcard.scanned'), TOAST_MS);
    },
    // the failure is a toast, the popup closes
    failure: () => {
      setScanOpen(false);
      toast.show(t('bankcard.scanFailed'), TOAST_MS);
      return undefined;
    },
  });

  return (
    <StepPage title={t('bankcard.title')} intro={t(STEP_INTRO_KEY[STEP])} progress={flow.progress} onBack={() => void page.back()} onNext={() => void page.next()} nextDisabled={ocr.busy} nextLoading={flow.isSaving} className="bkc">
      <FieldGroup title={t('bankcard.cardTitle')}>
        <TextField
          {...acct}
          // a typed number is not the scanned card's: the scanned image goes with a scanned number only
          onChange={(v) => {
            acct.onChange(v);
            if (cardDigits(v) !== form.acctNumber) set('scan', null);
          }}
          label={t('bankcard.acctNumber')}
          placeholder={t('bankcard.acctPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={MAX_LEN.bankCard}
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
          {...bind('phone', { field: 'bankInfo.phone', map: (v) => normaliseDigits(v, MAX_LEN.phone) })}
          label={t('bankcard.phone')}
          placeholder={t('bankcard.phonePlaceholder')}
          inputMode="numeric"
          type="tel"
          autoComplete="tel-national"
          maxLength={MAX_LEN.phone}
          required
        />
      </FieldGroup>
      <FieldGroup title={t('bankcard.contactTitle')}>
        <EmailField {...bind('email', { map: normaliseEmail })} label={t('bankcard.email')} placeholder={t('bankcard.emailPlaceholder')} required />
        <RadioField<StatementLang>
          {...bind('language', { field: 'defaultLanguage' })}
          label={t('bankcard.language')}
          options={STATEMENT_LANGS.map((l) => ({ value: l, label: t(`bankcard.${l}`) }))}
          hint={t('bankcard.languageHint')}
          inline
          required
        />
      </FieldGroup>

      <SamplePopup visible={scanOpen} title={t('bankcard.scanTitle')} onClose={() => !ocr.busy && setScanOpen(false)}>
        <CardPhotoTile field={scanPhoto} ocr={ocr} label={t('bankcard.scanTitle')} caption={t('bankcard.scanHint')} category="UserInfo" kind="bankCard" />
      </SamplePopup>
    </StepPage>
  );
}
