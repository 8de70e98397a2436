/**
 * Writes static/customer-agreement.pdf: a short bilingual (Chinese / English) sample customer agreement of our own,
 * opened from the home page's consent box. Run: `npx tsx scripts/make-agreement-pdf.ts`.
 *
 * The CJK text is set in WenQuanYi Micro Hei (Debian package fonts-wqy-microhei). Its file is a TrueType collection,
 * which pdf-lib cannot open directly, so fontkit is asked for the named face inside the collection; only the glyphs
 * used are embedded (subset), which keeps the PDF small. Other fonts can be given with AGREEMENT_FONT and
 * AGREEMENT_FONT_FACE (PostScript name of the face inside a .ttc).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { BRAND, MUTED, Writer, embedCjkFont, setMeta } from '../server/src/pdf/text';

const OUT = resolve(import.meta.dirname, '..', 'static', 'customer-agreement.pdf');

interface Section {
  zh: string;
  en: string;
  clauses: { zh: string; en: string }[];
}

const TITLE = { zh: '客户协议（样本）', en: 'Customer Agreement (Sample)' };
const NOTE = {
  zh: '本文件为开户流程所附的样本协议，仅供阅读参考。正式条款以本公司向阁下提供的签署版本为准。',
  en: 'This document is a sample agreement provided with the account-opening flow for reference. The binding terms are those in the version the Company gives you to sign.',
};

const SECTIONS: Section[] = [
  {
    zh: '一、协议双方',
    en: '1. Parties',
    clauses: [
      {
        zh: '本协议由香港证券及期货事务监察委员会持牌的经纪商（“本公司”）与在本公司开立证券账户的个人（“客户”或“阁下”）订立。',
        en: 'This Agreement is made between a broker licensed by the Securities and Futures Commission of Hong Kong (the "Company") and the individual who opens a securities account with the Company (the "Client" or "you").',
      },
      {
        zh: '客户确认其已年满十八周岁，具有完全民事行为能力，并以其本人名义及为其本人利益开立账户。',
        en: 'The Client confirms that they are at least eighteen years old, have full legal capacity, and open the account in their own name and for their own benefit.',
      },
    ],
  },
  {
    zh: '二、账户',
    en: '2. The Account',
    clauses: [
      {
        zh: '客户在开户申请中提供的资料须真实、完整及准确。资料如有变更，客户须于合理时间内通知本公司。',
        en: 'The information the Client gives in the account-opening application must be true, complete and accurate. The Client shall tell the Company of any change within a reasonable time.',
      },
      {
        zh: '本公司有权核实客户身份及资料，并可按其合理判断拒绝开户申请而无须说明理由。',
        en: 'The Company may verify the Client\'s identity and information and may, at its reasonable discretion, decline an application without giving reasons.',
      },
      {
        zh: '客户须妥善保管登录密码、交易密码及验证码，并对经其账户发出的指示负责。',
        en: 'The Client shall keep login passwords, trading passwords and verification codes secure and is responsible for instructions given through the account.',
      },
    ],
  },
  {
    zh: '三、交易',
    en: '3. Trading',
    clauses: [
      {
        zh: '客户可透过本公司的电子交易服务发出买卖指示。指示一经本公司接收，即可能无法撤回或修改。',
        en: 'The Client may give buy and sell instructions through the Company\'s electronic trading services. Once received, an instruction may not be cancelled or amended.',
      },
      {
        zh: '本公司将按有关交易所及结算所的规则执行及交收交易。市况急剧变动时，成交价格可能与指示价格不同。',
        en: 'The Company executes and settles trades under the rules of the relevant exchange and clearing house. In fast markets the execution price may differ from the price instructed.',
      },
      {
        zh: '电子交易服务可能因系统维护、网络故障或其他本公司无法控制的原因而中断或延误。',
        en: 'Electronic trading services may be interrupted or delayed by system maintenance, network failures or other causes beyond the Company\'s control.',
      },
    ],
  },
  {
    zh: '四、费用',
    en: '4. Fees and Charges',
    clauses: [
      {
        zh: '客户须按本公司不时公布的收费表支付佣金、平台费、交收费、印花税、交易征费及其他第三方收费。',
        en: 'The Client shall pay commission, platform fees, settlement fees, stamp duty, transaction levies and other third-party charges according to the Company\'s published schedule, as amended from time to time.',
      },
      {
        zh: '本公司可从客户账户中扣除到期应付的款项。收费表如有更改，本公司将提前通知客户。',
        en: 'The Company may deduct amounts due from the Client\'s account. The Company will give the Client advance notice of changes to the schedule.',
      },
    ],
  },
  {
    zh: '五、风险披露摘要',
    en: '5. Summary of Risk Disclosure',
    clauses: [
      {
        zh: '证券价格有时可能会非常波动。证券价格可升可跌，甚至变成毫无价值。买卖证券未必一定能够赚取利润，反而可能会招致损失。',
        en: 'The prices of securities fluctuate, sometimes dramatically. The price of a security may move up or down, and may become valueless. It is as likely that losses will be incurred rather than profit made as a result of buying and selling securities.',
      },
      {
        zh: '在香港以外地方收取或持有的客户资产，受当地司法管辖区的法律及规例监管，未必与香港的规定相同。',
        en: 'Client assets received or held outside Hong Kong are subject to the laws and regulations of the relevant overseas jurisdiction, which may differ from those of Hong Kong.',
      },
      {
        zh: '以外币计价的投资须承受汇率波动的风险。完整的风险披露声明载于正式协议之中。',
        en: 'Investments denominated in a foreign currency carry exchange-rate risk. The full risk disclosure statements are set out in the binding agreement.',
      },
    ],
  },
  {
    zh: '六、个人资料私隐',
    en: '6. Personal Data Privacy',
    clauses: [
      {
        zh: '本公司按《个人资料（私隐）条例》（香港法例第486章）收集、使用及保存客户的个人资料，用于开户、身份核实、交易、监管申报及客户服务。',
        en: 'The Company collects, uses and keeps the Client\'s personal data under the Personal Data (Privacy) Ordinance (Cap. 486) for account opening, identity verification, trading, regulatory reporting and customer service.',
      },
      {
        zh: '客户有权查阅及更正其个人资料。除法律要求或为上述目的所必需外，本公司不会向第三方披露客户资料。',
        en: 'The Client has the right to access and correct their personal data. The Company will not disclose it to third parties except as required by law or as necessary for the purposes above.',
      },
    ],
  },
  {
    zh: '七、管辖法律',
    en: '7. Governing Law',
    clauses: [
      {
        zh: '本协议受香港特别行政区法律管辖，并按其解释。双方同意接受香港法院的非专属司法管辖。',
        en: 'This Agreement is governed by and construed in accordance with the laws of the Hong Kong Special Administrative Region. The parties submit to the non-exclusive jurisdiction of the Hong Kong courts.',
      },
      {
        zh: '本协议的中文本与英文本如有歧义，以英文本为准。',
        en: 'If the Chinese and English versions of this Agreement differ, the English version prevails.',
      },
    ],
  },
  {
    zh: '八、修订及终止',
    en: '8. Amendment and Termination',
    clauses: [
      {
        zh: '本公司可修订本协议，并须于修订生效前最少三十日以书面或电子方式通知客户。客户于修订生效后继续使用账户，即视为接受修订。',
        en: 'The Company may amend this Agreement by giving the Client at least thirty days\' written or electronic notice before the amendment takes effect. Continued use of the account after that date is acceptance of the amendment.',
      },
      {
        zh: '任何一方可随时以书面通知终止本协议。终止不影响终止前已发出的指示或已产生的权利及义务。',
        en: 'Either party may end this Agreement at any time by written notice. Termination does not affect instructions given or rights and obligations arising before it.',
      },
    ],
  },
];

const ACKNOWLEDGEMENT = {
  zh: '客户确认已阅读并明白本协议及风险披露声明，并同意受其约束。客户在开户流程中勾选同意方框，即与签署本协议具有同等效力。',
  en: 'The Client confirms having read and understood this Agreement and the risk disclosure statements and agrees to be bound by them. Ticking the consent box in the account-opening flow has the same effect as signing this Agreement.',
};

async function main() {
  const doc = await PDFDocument.create();
  const font = await embedCjkFont(doc);
  setMeta(doc, { title: `${TITLE.zh} ${TITLE.en}`, subject: 'Sample customer agreement', lang: 'zh-CN', producer: 'scripts/make-agreement-pdf.ts' });

  const w = new Writer(doc, font);
  w.text(TITLE.zh, { size: 20, color: BRAND });
  w.text(TITLE.en, { size: 16, color: BRAND, gapAfter: 10 });
  w.text(NOTE.zh, { size: 9.5, color: MUTED });
  w.text(NOTE.en, { size: 9.5, color: MUTED, gapAfter: 4 });
  w.rule();

  for (const section of SECTIONS) {
    w.keep(80);
    w.text(`${section.zh}  ${section.en}`, { size: 13, color: BRAND, gapAfter: 4 });
    section.clauses.forEach((c, i) => {
      const n = `${SECTIONS.indexOf(section) + 1}.${i + 1}`;
      w.keep(48);
      w.text(`${n}  ${c.zh}`, { size: 10.5, leading: 16 });
      w.text(c.en, { size: 10, color: MUTED, indent: 20, leading: 15, gapAfter: 8 });
    });
    w.text('', { size: 4, gapAfter: 6 });
  }
  w.rule();
  w.keep(90);
  w.text('确认  Acknowledgement', { size: 13, color: BRAND, gapAfter: 4 });
  w.text(ACKNOWLEDGEMENT.zh, { size: 10.5, leading: 16 });
  w.text(ACKNOWLEDGEMENT.en, { size: 10, color: MUTED, leading: 15 });
  w.footers(`${TITLE.zh} · ${TITLE.en}`);

  const bytes = await doc.save({ useObjectStreams: true });
  writeFileSync(OUT, bytes);
  console.log(`wrote ${OUT} (${w.pages.length} pages, ${(bytes.length / 1024).toFixed(1)} KB)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
