/**
 * Writes the eight agreements of /sign and the asset-transfer agreement (assetTransferAgreement.html) as PDFs, one per language: static/agreements/<en|zh-CN|zh-TW>/<key>.pdf
 * (keys: AGREEMENTS in src/core/domain/closing.ts). The text is our own plain-language summary of what a Hong Kong
 * broker's agreements say, written in English and simplified Chinese; traditional Chinese is the simplified text
 * converted with opencc-js (Hong Kong usage, 戶 as in the locale files). Run: `npx tsx scripts/make-agreements.ts` (needs fonts-wqy-microhei).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as OpenCC from 'opencc-js';
import { PDFDocument } from 'pdf-lib';
import { AGREEMENTS, type Agreement } from '../src/core/domain/closing';
import { BRAND, MUTED, Writer, embedCjkFont, setMeta } from '../server/src/pdf/text';

type Text = { en: string; zh: string };
interface Doc {
  title: Text;
  clauses: Text[];
}

const OUT = resolve(import.meta.dirname, '..', 'static', 'agreements');
// Hong Kong vocabulary, with 戶 as the product's traditional texts write it (OpenCC's hk variant keeps 户)
const hk = OpenCC.Converter({ from: 'cn', to: 'hk' });
const toHk = (s: string) => hk(s).replace(/户/g, '戶');

const NOTE: Text = {
  en: 'Sample document of the account-opening flow. The binding terms are those of the version the Company issues to you.',
  zh: '本文件为开户流程的样本文件，正式条款以本公司向阁下发出的版本为准。',
};

/** The asset-transfer agreement (assetTransferAgreement.html; the /sign box and stock transfer-in), not one of the eight. */
const ASSET_TRANSFER: Doc = {
  title: { en: 'Asset Transfer Agreement', zh: '资产转移协议' },
  clauses: [
    { en: 'You ask the Company to receive into your securities account with it the Hong Kong securities you hold with another broker or custodian ("the other broker"), through the Central Clearing and Settlement System (CCASS).', zh: '阁下要求本公司经中央结算及交收系统（CCASS），将阁下在其他经纪或托管商（"对方经纪"）持有的香港证券转入阁下在本公司的证券账户。' },
    { en: 'The securities must be held in your own name at the other broker. The Company does not accept securities from an account of any other person, and may refuse or return a transfer that does not match your request.', zh: '有关证券须以阁下本人名义在对方经纪持有。本公司不接受任何其他人士账户的证券，并可拒绝或退回与阁下申请不符的转移。' },
    { en: 'You will instruct the other broker to deliver the securities. The other broker may charge fees for the transfer; they are yours to pay. The Company does not charge for receiving them.', zh: '阁下须指示对方经纪交付有关证券。对方经纪可能就转移收取费用，该等费用由阁下支付；本公司不就接收收取费用。' },
    { en: 'The securities are credited to your account once the Company has received them and matched them with your request, usually within one to three business days after the other broker delivers them.', zh: '本公司收到有关证券并与阁下的申请核对相符后，即存入阁下账户，一般于对方经纪交付后一至三个营业日内完成。' },
    { en: 'The Company is not liable for a delay or failure caused by the other broker, CCASS or incorrect details you give. It will tell you when a transfer fails or is refused, and why.', zh: '如因对方经纪、中央结算系统或阁下提供的资料有误而导致延误或失败，本公司概不负责。转移失败或被拒绝时，本公司会通知阁下并说明原因。' },
    { en: 'This agreement forms part of the Client Agreement and is governed by the laws of Hong Kong.', zh: '本协议构成客户协议的一部分，受香港法律管辖。' },
  ],
};

const DOCS: Record<Agreement, Doc> = {
  clientAgreement: {
    title: { en: 'Client Agreement', zh: '客户协议' },
    clauses: [
      { en: 'This Agreement governs the securities account the Company, a broker licensed by the Securities and Futures Commission, opens for you, and every transaction in it.', zh: '本协议规管本公司（证券及期货事务监察委员会持牌经纪商）为阁下开立的证券账户及其中的每项交易。' },
      { en: 'You confirm that the information in your application is true, complete and accurate, and you will tell the Company of any material change within a reasonable time.', zh: '阁下确认开户申请中的资料真实、完整及准确，如有重大变更，将于合理时间内通知本公司。' },
      { en: 'The Company acts as your agent unless it tells you otherwise. It executes your instructions under the rules of the relevant exchange and clearing house.', zh: '除另有通知外，本公司以阁下代理人身份行事，并按有关交易所及结算所的规则执行阁下的指示。' },
      { en: 'You shall pay the commission, fees, levies and taxes of each transaction, and the Company may deduct any amount due from your account.', zh: '阁下须支付每项交易的佣金、费用、征费及税项，本公司可从阁下账户中扣除任何到期款项。' },
      { en: 'The Company will send you a statement of each transaction and a monthly statement of your account. You shall check them and report any error within seven days.', zh: '本公司将就每项交易及每月账户向阁下发出结单。阁下须核对，如有错误须于七日内报告。' },
      { en: 'This Agreement is governed by the laws of Hong Kong. Either party may end it by written notice; ending it does not affect transactions already made.', zh: '本协议受香港法律管辖。任何一方可书面通知终止本协议，终止不影响已进行的交易。' },
    ],
  },
  riskDisclosureStatement: {
    title: { en: 'Risk Disclosure Statement', zh: '风险披露声明' },
    clauses: [
      { en: 'The prices of securities fluctuate, sometimes dramatically. A price may move up or down and may become valueless. Losses are as likely as profits.', zh: '证券价格有时可能会非常波动，可升可跌，甚至变成毫无价值。买卖证券招致亏损的可能与获利相同。' },
      { en: 'Trading on GEM involves high investment risk: companies listed there may not have a record of profit, and their shares may be very volatile and illiquid.', zh: '买卖创业板股份涉及很高的投资风险：在创业板上市的公司可能未有盈利记录，其股份可能非常波动及流通量很低。' },
      { en: 'Client assets received or held outside Hong Kong are subject to the laws of the overseas jurisdiction, which may give less protection than those of Hong Kong.', zh: '在香港以外地方收取或持有的客户资产，受当地法律监管，所提供的保障可能不及香港。' },
      { en: 'Investments in a foreign currency carry exchange-rate risk: a change in the rate can reduce a gain or add to a loss.', zh: '以外币计价的投资须承受汇率风险：汇率变动可能减少收益或扩大亏损。' },
      { en: 'Electronic trading may be interrupted or delayed. Your instruction may not be carried out as you gave it, or at all.', zh: '电子交易可能中断或延误，阁下的指示可能未能按其发出的方式执行，甚至完全未被执行。' },
    ],
  },
  personalDataNotice: {
    title: { en: 'Personal Information Collection Statement', zh: '个人资料收集声明' },
    clauses: [
      { en: 'The Company collects your personal data under the Personal Data (Privacy) Ordinance (Cap. 486) to open and run your account, verify your identity, meet its legal and regulatory duties and serve you.', zh: '本公司按《个人资料（私隐）条例》（第486章）收集阁下的个人资料，用于开立及管理账户、核实身份、履行法律及监管责任及为阁下提供服务。' },
      { en: 'Supplying the data is voluntary, but without it the Company may be unable to open or keep your account.', zh: '提供资料属自愿性质，但如未能提供，本公司可能无法为阁下开立或维持账户。' },
      { en: 'Your data may be given to exchanges, regulators, clearing houses, tax authorities and the Company\'s service providers, in Hong Kong or elsewhere, for the purposes above.', zh: '为上述目的，阁下的资料可能提供予香港或其他地方的交易所、监管机构、结算所、税务机关及本公司的服务供应商。' },
      { en: 'The Company will not use your data in direct marketing without your consent.', zh: '未经阁下同意，本公司不会将阁下的资料用于直接促销。' },
      { en: 'You may ask to see and correct your data by writing to the Company\'s Data Protection Officer.', zh: '阁下可致函本公司的资料保障主任，要求查阅及更正阁下的资料。' },
    ],
  },
  electronicServices: {
    title: { en: 'Electronic Services Terms', zh: '电子服务条款' },
    clauses: [
      { en: 'These terms apply to the Company\'s app, website and every other electronic channel through which you give instructions or receive information.', zh: '本条款适用于本公司的应用程序、网站及阁下发出指示或接收资讯的所有其他电子渠道。' },
      { en: 'You are the only authorised user of your login details. Keep your passwords and verification codes secret and tell the Company at once if you suspect misuse.', zh: '阁下是登录资料的唯一授权使用者，须对密码及验证码保密，如怀疑被盗用须立即通知本公司。' },
      { en: 'An instruction given through an electronic channel with your login details is treated as given by you.', zh: '以阁下登录资料经电子渠道发出的指示，视为由阁下发出。' },
      { en: 'Market data is provided by third parties for reference only, and may be delayed or inaccurate.', zh: '市场数据由第三方提供，仅供参考，可能有延误或不准确之处。' },
      { en: 'You agree to receive statements, notices and documents electronically.', zh: '阁下同意以电子方式接收结单、通知及文件。' },
    ],
  },
  clientMoneyStandingAuthority: {
    title: { en: 'Client Money Standing Authority', zh: '客户款项常设授权' },
    clauses: [
      { en: 'You authorise the Company to move your money between your accounts with the Company and its group companies, and to pay from them amounts you owe to the Company or them.', zh: '阁下授权本公司在阁下于本公司及其集团公司的账户之间调动款项，并从中支付阁下欠本公司或其集团公司的款项。' },
      { en: 'This authority is valid for twelve months from the date of your account opening, and is renewed for another twelve months each time unless you object.', zh: '本授权自开户日起有效十二个月，除非阁下反对，每次期满可续期十二个月。' },
      { en: 'The Company will remind you in writing at least fourteen days before the authority expires. If you do not object before then, it is renewed.', zh: '本公司将于授权届满前最少十四日以书面提醒阁下。阁下如未于届满前反对，本授权即予续期。' },
      { en: 'You may revoke this authority by written notice; the revocation takes effect seven days after the Company receives it.', zh: '阁下可书面通知撤销本授权，撤销于本公司收到通知后七日生效。' },
      { en: 'The Company will confirm each renewal to you within one week after the authority is renewed.', zh: '本公司将于每次续期后一星期内向阁下确认续期。' },
    ],
  },
  marginStandingAuthority: {
    title: { en: 'Client Securities Standing Authority (Margin Account)', zh: '客户证券常设授权（保证金账户）' },
    clauses: [
      { en: 'You authorise the Company to deposit, lend or pledge your securities collateral as security for financial accommodation the Company obtains, as the Securities and Futures (Client Securities) Rules allow.', zh: '阁下授权本公司按《证券及期货（客户证券）规则》，将阁下的证券抵押品存放、借出或质押，作为本公司取得财务融通的保证。' },
      { en: 'A lender may have a claim on your securities if the Company fails. You may lose some or all of them.', zh: '如本公司倒闭，贷款人可能对阁下的证券提出申索，阁下可能损失部分或全部证券。' },
      { en: 'This authority is valid for twelve months and is renewed each time unless you object; you will be reminded at least fourteen days before it expires.', zh: '本授权有效十二个月，除非阁下反对，每次期满续期；本公司将于届满前最少十四日提醒阁下。' },
      { en: 'You may revoke it by written notice, effective seven days after the Company receives it; you must then repay any margin loan.', zh: '阁下可书面通知撤销，于本公司收到后七日生效；阁下届时须偿还任何保证金贷款。' },
      { en: 'Losses in a margin account may exceed the cash and securities you deposit. You may be asked to deposit more at short notice, and your collateral may be sold without your consent if you do not.', zh: '保证金账户的亏损可能超过阁下存入的现金及证券。阁下可能须在短时间内存入额外款项，否则阁下的抵押品可能在未经同意下被出售。' },
    ],
  },
  usOptionsAgreement: {
    title: { en: 'US Listed Options Agreement', zh: '美国上市期权协议' },
    clauses: [
      { en: 'You have received and read the booklet "Characteristics and Risks of Standardized Options" and understand the options you will trade.', zh: '阁下已收到并阅读《标准化期权的特点及风险》小册子，并明白阁下将买卖的期权。' },
      { en: 'A buyer of options may lose the whole premium. A seller of uncovered options takes a risk of loss that is not limited.', zh: '期权买方可能损失全部期权金；无备兑期权的卖方须承担无限亏损的风险。' },
      { en: 'Options are settled under the rules of the Options Clearing Corporation. Exercise and assignment happen as those rules and the exchange\'s rules say.', zh: '期权按美国期权结算公司的规则交收，行使及指派按该等规则及交易所规则进行。' },
      { en: 'The Company may close your positions if you do not meet a margin call or the exercise of an option would leave your account short.', zh: '如阁下未能应付追加保证金通知，或期权行使将令账户不足，本公司可为阁下平仓。' },
      { en: 'You will not exceed the position and exercise limits of the exchanges.', zh: '阁下不会超出交易所的持仓及行使限额。' },
    ],
  },
  specialClientDisclosure: {
    title: { en: 'Risk Disclosure for Clients Aged 65 or Above (Margin Trading)', zh: '六十五岁或以上客户风险披露（保证金交易）' },
    clauses: [
      { en: 'Margin trading lets you buy securities with money the Company lends you. Losses can exceed what you deposit, and you must repay the loan whatever the market does.', zh: '保证金交易让阁下以本公司借出的款项买入证券。亏损可能超过阁下存入的款项，不论市况如何，阁下均须偿还贷款。' },
      { en: 'Think about whether your income, savings and plans for retirement can bear these losses, and whether you need the money within a short time.', zh: '请考虑阁下的收入、储蓄及退休计划能否承受此等亏损，以及阁下是否需要在短期内动用该笔款项。' },
      { en: 'You may be asked to deposit more money at short notice. If you cannot, your securities may be sold at a loss without your consent.', zh: '阁下可能须在短时间内存入更多款项；如未能存入，阁下的证券可能在未经同意下被亏本出售。' },
      { en: 'You may ask a family member or a person you trust to be present when you trade, and may ask the Company to explain anything you do not understand.', zh: '阁下可要求家人或信任的人士在阁下交易时在场，亦可要求本公司解释任何阁下不明白的事项。' },
    ],
  },
};

const LANGS = { en: 'en', 'zh-CN': 'zh', 'zh-TW': 'zh' } as const;

async function write(key: Agreement | 'assetTransferAgreement', lang: keyof typeof LANGS): Promise<number> {
  const doc = key === 'assetTransferAgreement' ? ASSET_TRANSFER : DOCS[key];
  const pick = (t: Text) => (LANGS[lang] === 'en' ? t.en : lang === 'zh-TW' ? toHk(t.zh) : t.zh);
  const pdf = await PDFDocument.create();
  const font = await embedCjkFont(pdf);
  setMeta(pdf, { title: pick(doc.title), subject: key, lang, producer: 'scripts/make-agreements.ts' });
  const w = new Writer(pdf, font);
  w.text(pick(doc.title), { size: 19, color: BRAND, gapAfter: 8 });
  w.text(pick(NOTE), { size: 9.5, color: MUTED, gapAfter: 4 });
  w.rule();
  doc.clauses.forEach((c, i) => {
    w.keep(40);
    w.text(`${i + 1}.  ${pick(c)}`, { size: 11, leading: 17, gapAfter: 8 });
  });
  w.footers(pick(doc.title));
  const bytes = await pdf.save({ useObjectStreams: true });
  const dir = join(OUT, lang);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${key}.pdf`), bytes);
  return bytes.length;
}

let total = 0;
for (const lang of Object.keys(LANGS) as Array<keyof typeof LANGS>) {
  for (const key of AGREEMENTS) total += await write(key, lang);
  total += await write('assetTransferAgreement', lang);
}
console.log(`wrote ${(AGREEMENTS.length + 1) * 3} PDFs under ${OUT} (${(total / 1024).toFixed(0)} KB in all)`);
