/**
 * IdcardOcr, HkIdcardOcr and BankcardOcr with the real offline engine (tesseract.js, language data from npm) on card
 * photos drawn by scripts/make-card-images.ts. Recognitions are few (each about a second here): one shared
 * app, so one chi_sim and one eng worker for the whole file. The clock is fixed, so validity is judged on a
 * known date.
 */
import sharp from 'sharp';
import { CALLS, ErrorCode } from '@core/domain';
import {
  makeBankCard,
  makeBlank,
  makeGlare,
  makeHkIdFront,
  makeIdBack,
  makeIdFront,
  makePhotocopy,
  makeTilted,
  SAMPLE_BACK,
  SAMPLE_BANK,
  SAMPLE_FRONT,
  SAMPLE_HK_FRONT,
  type IdFrontOptions,
} from '../../scripts/make-card-images';
import { findCard } from '../src/modules/ocr/card-image';
import { createLocalOcr } from '../src/vendors/ocr';
import { createTestApp, TestClock, userMaker, type TestApp, type TestClient } from './helpers';
import { browserCompressed, testPdf } from './upload-fixtures';

const OCR_TIMEOUT = 60_000;

/** 2026-06-01 12:00 Hong Kong */
const NOW = Date.UTC(2026, 5, 1, 4, 0, 0);

let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(NOW) });
  user = userMaker(t, '6');
}, OCR_TIMEOUT);
afterAll(() => t.close());

const FRONT: IdFrontOptions = {
  name: '李秀英',
  gender: '女',
  nation: '汉',
  birthday: '1985-06-15',
  address: '江苏省南京市鼓楼区中山路18号',
  idNumber: '320102198506154867',
};

async function uploaded(c: TestClient, bytes: Uint8Array, filename = 'card.jpg'): Promise<string> {
  const res = await c.upload(`${CALLS.upload.path}/UserInfo`, { filename }, bytes);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result.ossId as string;
}

async function filesOf(c: TestClient): Promise<{ oss_id: string; category: string; mime: string }[]> {
  const { rows } = await t.db.query<{ oss_id: string; category: string; mime: string }>(
    'SELECT oss_id, category, mime FROM files WHERE owner_user_id = $1 ORDER BY created_at',
    [c.user!.userId],
  );
  return rows;
}

describe('IdcardOcr', () => {
  test(
    'front: every field as printed; the card cut out and stored as the caller\'s own file',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await makeIdFront(FRONT));
      const res = await c.call('idcardOcr', { ossId, ossCategory: 'UserInfo' });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      const { cropIdCard, ...fields } = res.body.result;
      expect(fields).toEqual({
        side: 'front',
        name: '李秀英',
        idNumber: '320102198506154867',
        idAddress: '江苏省南京市鼓楼区中山路18号',
        gender: 2,
        birthday: '1985-06-15',
        idAuthority: '',
        idValidTime: '',
      });
      expect(cropIdCard.ossId).not.toBe(ossId);
      expect((await filesOf(c)).find((f) => f.oss_id === cropIdCard.ossId)).toEqual({ oss_id: cropIdCard.ossId, category: 'UserInfo', mime: 'image/jpeg' });

      // the owner downloads the crop; someone else's session is refused the same signed URL
      const mine = await c.inject({ method: 'GET', url: cropIdCard.ossUrl });
      expect([mine.statusCode, mine.headers['content-type']]).toEqual([200, 'image/jpeg']);
      const sharp = (await import('sharp')).default;
      const meta = await sharp(mine.rawPayload).metadata();
      expect(meta.width! / meta.height!).toBeCloseTo(85.6 / 54, 1);
      const other = await user();
      const theirs = await other.inject({ method: 'GET', url: cropIdCard.ossUrl });
      expect([theirs.statusCode, theirs.json().error.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    },
    OCR_TIMEOUT,
  );

  test(
    'front as the browser uploads it (compressed to JPEG quality 0.7): every field as printed, the name too',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await browserCompressed(await makeIdFront(SAMPLE_FRONT)));
      const res = await c.call('idcardOcr', { ossId, ossCategory: 'UserInfo' });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      const { cropIdCard, ...fields } = res.body.result;
      expect(fields).toEqual({
        side: 'front',
        name: '张伟明',
        idNumber: '44030419900307211X',
        idAddress: '广东省深圳市福田区深南大道1001号华强花园3栋502房',
        gender: 1,
        birthday: '1990-03-07',
        idAuthority: '',
        idValidTime: '',
      });
      expect(cropIdCard.ossId).not.toBe(ossId);
    },
    OCR_TIMEOUT,
  );

  // names whose 明/晓 the full-card pass misread after the browser's compression (李阳, 王限明), and others
  test.each(['李明', '王晓明', '陈思远', '刘洋', '单乐', '欧阳明月'])(
    'browser-compressed front named %s: the name is read exactly',
    async (name) => {
      const c = await user();
      const ossId = await uploaded(c, await browserCompressed(await makeIdFront({ ...SAMPLE_FRONT, name })));
      const res = await c.call('idcardOcr', { ossId });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      expect(res.body.result).toEqual(expect.objectContaining({ side: 'front', name, idNumber: SAMPLE_FRONT.idNumber }));
    },
    OCR_TIMEOUT,
  );

  test(
    'front whose printed gender and birth date contradict the ID number: the number decides',
    async () => {
      const c = await user();
      // printed 男 and 1990-01-02, but 11010519491231002X is a woman born 1949-12-31
      const ossId = await uploaded(c, await makeIdFront({ name: '王芳', gender: '男', nation: '汉', birthday: '1990-01-02', address: '北京市朝阳区建国路88号', idNumber: '11010519491231002X' }));
      const res = await c.call('idcardOcr', { ossId });
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual(expect.objectContaining({ side: 'front', idNumber: '11010519491231002X', gender: 2, birthday: '1949-12-31' }));
    },
    OCR_TIMEOUT,
  );

  test(
    'back: issuing authority and validity as "start,end"',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await makeIdBack(SAMPLE_BACK));
      const res = await c.call('idcardOcr', { ossId });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      const { cropIdCard, ...fields } = res.body.result;
      expect(fields).toEqual({
        side: 'back',
        name: '',
        idNumber: '',
        idAddress: '',
        gender: 0,
        birthday: '',
        idAuthority: '深圳市公安局福田分局',
        idValidTime: '2016-05-20,2036-05-20',
      });
      expect((await filesOf(c)).map((f) => f.oss_id)).toContain(cropIdCard.ossId);
    },
    OCR_TIMEOUT,
  );

  test(
    'back valid for the long term: the end is the word 长期',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await makeIdBack({ authority: '北京市公安局朝阳分局', validFrom: '2012.08.15', validTo: '长期' }));
      const res = await c.call('idcardOcr', { ossId });
      expect(res.body.result).toEqual(expect.objectContaining({ side: 'back', idAuthority: '北京市公安局朝阳分局', idValidTime: '2012-08-15,长期' }));
    },
    OCR_TIMEOUT,
  );

  test(
    'a photo taken askew (7°, JPEG): the card is levelled before it is read',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await makeTilted(await makeIdBack({ authority: '上海市公安局浦东分局', validFrom: '2019.11.02', validTo: '2039.11.02' }), 7));
      const res = await c.call('idcardOcr', { ossId });
      expect(res.body.result).toEqual(expect.objectContaining({ side: 'back', idAuthority: '上海市公安局浦东分局', idValidTime: '2019-11-02,2039-11-02' }));
    },
    OCR_TIMEOUT,
  );

  test(
    'back whose validity ended before today → 151201, nothing stored',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await makeIdBack({ authority: '南京市公安局鼓楼分局', validFrom: '2006.03.01', validTo: '2026.03.01' }));
      const res = await c.call('idcardOcr', { ossId });
      expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_VALIDITY_INVALID]);
      expect(await filesOf(c)).toHaveLength(1);
    },
    OCR_TIMEOUT,
  );

  test('a greyscale photocopy, also one photographed under warm light → 151203', async () => {
    const c = await user();
    for (const warm of [false, true]) {
      const ossId = await uploaded(c, await makePhotocopy(await makeIdFront(FRONT), warm));
      const res = await c.call('idcardOcr', { ossId });
      expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_NOT_ORIGINAL]);
    }
  });

  test('a large glare patch on the card → 151204', async () => {
    const c = await user();
    const ossId = await uploaded(c, await makeGlare(await makeIdFront(FRONT)));
    const res = await c.call('idcardOcr', { ossId });
    expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_REFLECTIVE]);
  });

  test('a photo with no card → 151202', async () => {
    const c = await user();
    const ossId = await uploaded(c, await makeBlank());
    const res = await c.call('idcardOcr', { ossId });
    expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_UNCLEAR]);
  });

  test(
    'a card that is not an ID card (a bank card) → 151202',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await makeBankCard(SAMPLE_BANK));
      const res = await c.call('idcardOcr', { ossId });
      expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_UNCLEAR]);
    },
    OCR_TIMEOUT,
  );

  test.each([
    ['blank (one shade)', async () => sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 12, g: 12, b: 14 } } }).jpeg().toBuffer(), 'blank', 'The photo is blank or too dark to show the card. Please take it again with the card in view.'],
    ['blurred past reading', async () => sharp(await makeIdFront(FRONT)).blur(6).jpeg().toBuffer(), 'blurry', 'The photo is blurred. Hold the phone still, let it focus on the card, and take it again.'],
  ])('a photo that is %s → 151202 with data.reason and a message saying what to do', async (_what, make, reason, message) => {
    const c = await user();
    const ossId = await uploaded(c, await make());
    const res = await c.call('idcardOcr', { ossId }, { headers: { 'x-esop-lang': 'en' } });
    expect([res.status, res.body.error?.code, res.body.error?.data]).toEqual([400, ErrorCode.ID_UNCLEAR, { reason }]);
    expect(res.body.error?.message).toBe(message);
  }, OCR_TIMEOUT);

  test('a damaged JPEG (its start only) is refused at the upload already (1009, reason unreadable): it never reaches the reading', async () => {
    const c = await user();
    const damaged = (await sharp(await makeIdFront(FRONT)).jpeg().toBuffer()).subarray(0, 600);
    const res = await c.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'card.jpg' }, damaged);
    expect([res.status, res.body.error?.code, res.body.error?.data]).toEqual([415, ErrorCode.FILE_TYPE, { reason: 'unreadable' }]);
  });

  test('a sharp photo of a card that is no ID card → 151202 without a photo reason', async () => {
    const c = await user();
    const ossId = await uploaded(c, await makeBankCard(SAMPLE_BANK));
    const res = await c.call('bankcardOcr', { ossId });
    expect(res.body.error?.data?.reason).toBeUndefined();
  }, OCR_TIMEOUT);

  test('a PDF → 151202 (a card photo is needed)', async () => {
    const c = await user();
    const ossId = await uploaded(c, testPdf('not a card'), 'id.pdf');
    const res = await c.call('idcardOcr', { ossId });
    expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_UNCLEAR]);
  });

  test('another user\'s file, or one that does not exist → 100403', async () => {
    const owner = await user();
    const ossId = await uploaded(owner, await makeBlank());
    const c = await user();
    for (const id of [ossId, 'A'.repeat(24)]) {
      const res = await c.call('idcardOcr', { ossId: id });
      expect([res.status, res.body.error?.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    }
    const bank = await c.call('bankcardOcr', { ossId });
    expect([bank.status, bank.body.error?.code]).toEqual([403, ErrorCode.FORBIDDEN]);
  });

  test('without a login → 100008', async () => {
    const c = await t.handshake();
    const res = await c.call('idcardOcr', { ossId: 'A'.repeat(24) });
    expect(res.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

describe('BankcardOcr', () => {
  test(
    'the embossed number, digits only (PNG photo)',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await makeBankCard({ bankName: '中国工商银行', number: '6222 0212 3456 7890 128', holder: 'LI XIUYING' }, 'png'), 'card.png');
      const res = await c.call('bankcardOcr', { ossId, ossCategory: 'UserInfo' });
      expect([res.status, res.body]).toEqual([200, { result: { acctNumber: '6222021234567890128' } }]);
    },
    OCR_TIMEOUT,
  );

  test(
    'a picture without a card number → 150302',
    async () => {
      const c = await user();
      for (const bytes of [await makeBlank(), await makeIdBack(SAMPLE_BACK)]) {
        const ossId = await uploaded(c, bytes);
        const res = await c.call('bankcardOcr', { ossId });
        expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.BANK_CARD_WRONG]);
      }
    },
    OCR_TIMEOUT,
  );
});

describe('HkIdcardOcr (issue 41)', () => {
  test(
    "the front as the page uploads it: number (check digit verified), English and Chinese names, birth date and sex; the card kept, the reading kept for the desk",
    async () => {
      const c = await user();
      const photo = await browserCompressed(await makeHkIdFront({ ...SAMPLE_HK_FRONT, chineseName: '李嘉欣', ccc: '2621 0857 1800', englishName: 'LEE, Ka Yan', sex: 'F', birthday: '1990-11-02', idNumber: 'A1234563' }));
      const ossId = await uploaded(c, photo);
      const res = await c.call('hkIdcardOcr', { ossId });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      const { cropIdCard, ...fields } = res.body.result as Record<string, unknown> & { cropIdCard: { ossId: string } };
      expect(fields).toEqual({ idNumber: 'A1234563', lastName: 'LEE', firstName: 'KA YAN', chineseName: '李嘉欣', birthday: '1990-11-02', gender: 2 });
      expect((await filesOf(c)).map((f) => f.oss_id).sort()).toEqual([ossId, cropIdCard.ossId].sort());
      const kept = await t.db.query('SELECT kind, fields FROM ocr_readings WHERE oss_id = $1', [ossId]);
      expect(kept.rows).toEqual([{ kind: 'hkidFront', fields }]);
    },
    OCR_TIMEOUT,
  );

  test(
    'a holder without a Chinese name: the rest is read, chineseName empty',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await makeHkIdFront({ ...SAMPLE_HK_FRONT, chineseName: '', ccc: undefined, englishName: 'SMITH, John Michael', idNumber: 'C6688991' }));
      const res = await c.call('hkIdcardOcr', { ossId });
      expect(res.body.result).toEqual(expect.objectContaining({ idNumber: 'C6688991', lastName: 'SMITH', firstName: 'JOHN MICHAEL', chineseName: '', birthday: SAMPLE_HK_FRONT.birthday, gender: 1 }));
    },
    OCR_TIMEOUT,
  );

  test(
    'a mainland ID card, a bank card or a blank picture is no HKID front → 151202; a photocopy 151203, glare 151204',
    async () => {
      const c = await user();
      for (const bytes of [await makeIdFront(FRONT), await makeBankCard(SAMPLE_BANK), await makeBlank()]) {
        const res = await c.call('hkIdcardOcr', { ossId: await uploaded(c, bytes) });
        expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_UNCLEAR]);
      }
      const copy = await c.call('hkIdcardOcr', { ossId: await uploaded(c, await makePhotocopy(await makeHkIdFront())) });
      expect(copy.body.error?.code).toBe(ErrorCode.ID_NOT_ORIGINAL);
      const glare = await c.call('hkIdcardOcr', { ossId: await uploaded(c, await makeGlare(await makeHkIdFront())) });
      expect(glare.body.error?.code).toBe(ErrorCode.ID_REFLECTIVE);
    },
    OCR_TIMEOUT,
  );

  test(
    'a card whose number does not pass the check digit is refused (151202), not answered with a wrong number',
    async () => {
      const c = await user();
      // drawn with a check digit one off: every other field is there, the number is not a real one
      const ossId = await uploaded(c, await makeHkIdFront({ ...SAMPLE_HK_FRONT, idNumber: 'K1234561' }));
      const res = await c.call('hkIdcardOcr', { ossId });
      expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_UNCLEAR]);
    },
    OCR_TIMEOUT,
  );

  test("another user's photo → 100403; without a login → 100008", async () => {
    const owner = await user();
    const ossId = await uploaded(owner, await makeBlank());
    const other = await user();
    expect((await other.call('hkIdcardOcr', { ossId })).body.error?.code).toBe(ErrorCode.FORBIDDEN);
    expect((await (await t.handshake()).call('hkIdcardOcr', { ossId })).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

test(
  'a reading slower than the timeout fails and ends its worker (nothing is left running)',
  async () => {
    const slow = createLocalOcr({ timeoutMs: 1 });
    const card = await findCard(await makeIdBack(SAMPLE_BACK));
    await expect(slow.readIdCard(card!.crop)).rejects.toThrow(/longer than 1 ms/);
    await expect(slow.readBankCard(card!.crop)).rejects.toThrow(/longer than 1 ms/);
    await slow.close();
  },
  OCR_TIMEOUT,
);

test(
  'readings beyond the queue limit fail at once instead of waiting past the screens\' timeout',
  async () => {
    const busy = createLocalOcr({ maxWaiting: 1 });
    const card = await findCard(await makeBankCard(SAMPLE_BANK));
    // both prepare the image first, so either may reach the engine first: one is read, the other refused
    const settled = await Promise.allSettled([busy.readBankCard(card!.crop), busy.readBankCard(card!.crop)]);
    expect(settled).toEqual(
      expect.arrayContaining([
        { status: 'fulfilled', value: { acctNumber: '6217001234567890122' } },
        { status: 'rejected', reason: expect.objectContaining({ name: 'OcrBusyError' }) },
      ]),
    );
    // the queue is free again once the first reading is done
    await expect(busy.readBankCard(card!.crop)).resolves.toEqual({ acctNumber: '6217001234567890122' });
    await busy.close();
  },
  OCR_TIMEOUT,
);
