/**
 * Saves an application's steps through the service with valid data, up to (not including) a step: the set-up
 * of journeys that start in the middle of the flow and of developers' screenshots. Identity images are small
 * real PNG uploads of the applicant (the card screens and their recognition are covered by their own journeys).
 */
import { cnIdCheckDigit } from '../../src/core/domain/identity';
import { DERIVATIVE_VERSION, fixedMarketMask } from '../../src/core/domain/profile';
import { answerNo, toDerivativeInfo } from '../../src/flows/open-account/components/derivative/derivative-data';
import { STEP_VERSION, type StepName } from '../../src/core/domain/steps';
import type { CallName } from '../../src/core/domain/contract';
import type { ApiClient } from './api-client';
import { TINY_PNG } from './flows';

export interface PrefillOptions {
  /** YYYY-MM-DD; the applicant's birthday on the identity step */
  birthday?: string;
  /** hk: 1 permanent resident (default), 2 non-permanent */
  permanent?: 1 | 2;
  /** SELECTACCOUNT: 1 cash, 2 margin (default) */
  accountType?: 1 | 2;
  /** the identity step's names (cn IDCARD, hk USERINFO) */
  name?: { chinese: string; last: string; first: string };
}

type Data = Record<string, unknown>;

const random = (digits: number) =>
  String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0');

/** A valid mainland ID number with this birthday (Shenzhen Nanshan), random in its sequence digits. */
export function randomCnId(birthday: string): string {
  const first17 = `440305${birthday.replace(/-/g, '')}${random(2)}${'13579'[Math.floor(Math.random() * 5)]}`;
  return first17 + cnIdCheckDigit(first17);
}

async function file(client: ApiClient, category: 'UserApply' | 'UserInfo' = 'UserInfo') {
  const name = `photo-${random(6)}.png`;
  const up = await client.upload(TINY_PNG, name, category);
  return { ossId: up.ossId, url: up.ossUrl, description: name, ossCategory: category };
}

/** A derivatives answer of version 2, not intending (as the investment page builds it). */
export const noDerivatives = () => toDerivativeInfo(answerNo(), DERIVATIVE_VERSION.FULL, false);

interface State {
  client: ApiClient;
  appId: string;
  type: 'cn' | 'hk';
  opts: PrefillOptions;
  idNumber?: string;
  hkId?: { country: string; number: string };
}

async function dataOf(step: StepName, s: State): Promise<Data> {
  const birthday = s.opts.birthday ?? '1985-06-15';
  switch (step) {
    case 'IDCARD': {
      s.idNumber = randomCnId(birthday);
      const address = '广东省深圳市南山区科技园路1号';
      return {
        chineseName: s.opts.name?.chinese ?? '李四', firstName: s.opts.name?.first ?? 'SI', lastName: s.opts.name?.last ?? 'LI',
        englishName: s.opts.name ? `${s.opts.name.last} ${s.opts.name.first}` : 'LI SI', idType: 1, idNumber: s.idNumber,
        idAddress: address, idAuthority: '深圳市公安局南山分局', birthCity: '广东省深圳市', birthCountry: 'CN', gender: 1,
        birthday, idValidTime: '2020-01-01,长期', idCountry: 'CN',
        documentInfo: {
          idCard: { front: await file(s.client), back: await file(s.client) },
          CropIdCard: { front: await file(s.client), back: await file(s.client) },
        },
        contactInfo: { residentialAddress: address, residentialAddressCountry: 'CN', mailingAddress: address, mailingAddressCountry: 'CN', mailingSameResidential: 1 },
        frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: new Date().toISOString() },
      };
    }
    case 'BANKCARD':
      return { bankInfo: { acctNumber: '6222021234567890128', phone: '13812345678' }, email: 'li.si@qq.com', defaultLanguage: 'zhTc', statementDeliveryWay: 'email' };
    case 'HK_IDCARD': {
      const number = `K${random(7)}`;
      s.hkId = { country: 'HK', number };
      if (s.opts.permanent === 2) {
        return {
          permanentResident: 2, nationality: 'GB', idType: 1, idCountry: 'HK', idNumber: number, defaultLanguage: 'en',
          documentInfo: { nonMainlandDocument: { front: await file(s.client) }, idCard: [await file(s.client)] },
          idExtraInfo: { permanent: { idCountry: 'GB', idType: null, idNumber: `${random(9)}` } },
        };
      }
      return { permanentResident: 1, nationality: 'HK', idType: 1, idCountry: 'HK', idNumber: number, defaultLanguage: 'zhTc', documentInfo: { nonMainlandDocument: { front: await file(s.client) } } };
    }
    case 'USERINFO':
      return {
        chineseName: s.opts.name?.chinese ?? (s.opts.permanent === 2 ? '' : '陳小明'), firstName: s.opts.name?.first ?? 'SIU MING', lastName: s.opts.name?.last ?? 'CHAN',
        englishName: s.opts.name ? `${s.opts.name.last} ${s.opts.name.first}` : 'CHAN SIU MING', gender: 1, birthday,
        birthCity: 'Hong Kong', birthCountry: 'HK', email: 'siuming@gmail.com', defaultLanguage: s.opts.permanent === 2 ? 'en' : 'zhTc', statementDeliveryWay: 'email',
      };
    case 'PROOFADDRESS': {
      const address = 'Flat 1, 10 Harbour Road, Wan Chai';
      return {
        contactInfo: { residentialAddress: address, residentialAddressCountry: 'HK', residentialAddressCity: '', mailingAddress: address, mailingAddressCountry: 'HK', mailingAddressCity: '', mailingSameResidential: 1 },
        documentInfo: { proofOfAddress: [await file(s.client, 'UserApply')] },
        w8Info: { residenceAddress: address.toUpperCase() },
      };
    }
    case 'JOBSTATUS':
      return {
        employmentInfo: {
          degree: '4', employment: '1', companyName: 'Harbour View Trading Limited', companyNameVendor: '',
          officeAddress: '88 Queensway, Admiralty', officeAddressVendor: '', industry: '34', position: '4', workLife: '2',
        },
      };
    case 'FINANCE':
      return { financialInfo: { fundsSource: '1,2', annualIncome: '2', netAsset: '2', currentAsset: '1', annualAverageInvestAmount: '1', houseType: '3' } };
    case 'INVESTMENT':
      return {
        investmentInfo: { hkStock: '2', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '2' },
        openDerivative: 0,
        derivativeInfo: noDerivatives(),
      };
    case 'SELECTACCOUNT': {
      const saved = s.type === 'hk' ? { HK_IDCARD: { permanentResident: s.opts.permanent ?? 1 } } : {};
      return { accountType: s.opts.accountType ?? 2, marketOpen: fixedMarketMask({ clientType: s.type, saved }), openFundTrade: 0, openDerivative: 0 };
    }
    case 'IDENTITYEXPOSURE': {
      const n = (s.opts.accountType ?? 2) === 1 ? 6 : 13;
      const { DISCLOSURE_ITEMS, AML_CONFIRM_ITEMS } = await import('../../src/core/domain/profile');
      const aml = await s.client.call<{ hitStatus: number; amlInfoId: string }>('applyAmlCheck' as CallName, { appId: s.appId });
      return {
        identityExposureInfo: Object.fromEntries(DISCLOSURE_ITEMS.slice(0, n).map((title, i) => [String(i + 1), { title, value: 'yes' }])),
        amlInfoId: aml.amlInfoId,
        ...(aml.hitStatus === 1 ? { amlConfirmInfo: AML_CONFIRM_ITEMS.map((title, i) => ({ index: i + 1, title, value: 'yes', checked: 1 })) } : {}),
        frontInfo: { RAW_amlConfirmInfoTime: new Date().toISOString() },
      };
    }
    default:
      throw new Error(`prefill: no data for ${step}`);
  }
}

/** Saves the application's steps in order until `until` (not saved); returns the steps saved. */
export async function prefillSteps(client: ApiClient, appId: string, until: StepName, opts: PrefillOptions = {}): Promise<StepName[]> {
  const app = await client.call<{ clientType: 'cn' | 'hk'; applyStepsName: StepName[] }>('applyDetail', { appId });
  const s: State = { client, appId, type: app.clientType, opts };
  const saved: StepName[] = [];
  for (const step of app.applyStepsName) {
    if (step === until) break;
    if (step === 'STATEMENT') continue;
    await client.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, data: await dataOf(step, s) });
    saved.push(step);
  }
  return saved;
}
