/**
 * Writes the risk disclosure tracks of /risk: the statement below read aloud in Mandarin and in Cantonese by
 * espeak-ng (Debian package espeak-ng), encoded by ffmpeg as mono MP3 at 32 kbps, and the speaker's avatar. The
 * outputs are committed; the service seeds its track table from them at first start (the duration read from the frames). Staff replace a track with a recorded one by `npm run ops -- risk-track`.
 * Run: `npx tsx scripts/make-risk-audio.ts` (needs espeak-ng and ffmpeg).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const OUT = resolve(import.meta.dirname, '..', 'static', 'risk');

/** The statement, one paragraph a sentence group; the same content in both. */
const TEXT = {
  zh: [
    '风险披露声明。请您在开立证券账户之前，完整收听以下内容。',
    '证券价格有时可能会非常波动。证券价格可升可跌，甚至变成毫无价值。买卖证券未必一定能够赚取利润，反而可能会招致损失。',
    '如果您以保证金账户买卖，您所蒙受的亏损可能会超过您存放于本公司作为抵押品的现金及任何其他资产。市况可能使备用交易指示无法执行。您可能会在短时间内被要求存入额外的保证金款额。假如您未能在指定的时间内支付所需的款额，您的抵押品可能会在未经您的同意下被出售。',
    '买卖在香港以外地方上市的证券，须承受汇率波动的风险，亦可能受到当地法律及监管规定的影响，所提供的保障可能有所不同。',
    '期权交易的风险非常高。期权买方可能会损失全部期权金，期权卖方的损失可能是无限的。',
    '本声明不能披露所有风险。您应该根据自己的财务状况和投资目标，审慎考虑是否适合进行投资，如有疑问，应寻求独立的专业意见。',
    '收听完毕后，请勾选确认您已收听并明白以上风险披露声明。',
  ],
  yue: [
    '風險披露聲明。請你喺開立證券賬戶之前，完整收聽以下內容。',
    '證券價格有時可能會非常波動。證券價格可升可跌，甚至變成毫無價值。買賣證券未必一定能夠賺取利潤，反而可能會招致損失。',
    '如果你以保證金賬戶買賣，你所蒙受嘅虧損可能會超過你存放喺本公司作為抵押品嘅現金及任何其他資產。市況可能令備用交易指示無法執行。你可能會喺短時間內被要求存入額外嘅保證金款額。假如你未能喺指定時間內支付所需款額，你嘅抵押品可能會喺未經你同意之下被出售。',
    '買賣喺香港以外地方上市嘅證券，須承受匯率波動嘅風險，亦可能受到當地法律及監管規定影響，所提供嘅保障可能有所不同。',
    '期權交易嘅風險非常高。期權買方可能會損失全部期權金，期權賣方嘅損失可能係無限嘅。',
    '本聲明不能披露所有風險。你應該根據自己嘅財務狀況同投資目標，審慎考慮是否適合進行投資，如有疑問，應尋求獨立嘅專業意見。',
    '收聽完畢之後，請剔選確認你已收聽並明白以上風險披露聲明。',
  ],
} as const;

const VOICE = { zh: 'cmn', yue: 'yue' } as const;
const SPEED = { zh: 280, yue: 170 } as const;

const tmp = mkdtempSync(join(tmpdir(), 'risk-audio-'));
try {
  for (const lang of ['zh', 'yue'] as const) {
    const wav = join(tmp, `${lang}.wav`);
    // espeak's speed (words a minute) per voice, set so both read the statement in about a minute and a half
    execFileSync('espeak-ng', ['-v', VOICE[lang], '-s', String(SPEED[lang]), '-w', wav, TEXT[lang].join('\n\n')]);
    const mp3 = join(OUT, `${lang}.mp3`);
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', wav, '-ac', '1', '-ar', '22050', '-codec:a', 'libmp3lame', '-b:a', '32k', mp3]);
    const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp3]).toString().trim());
    const bytes = Number(execFileSync('stat', ['-c', '%s', mp3]).toString().trim());
    console.log(`${lang}: ${seconds.toFixed(1)} s, ${Math.round(bytes / 1024)} KB`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// the speaker's avatar: a drawn head and shoulders on the brand blue, 160 px, a few KB
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <rect width="160" height="160" rx="80" fill="#1c4fd8"/>
  <circle cx="80" cy="64" r="28" fill="#f4f6fb"/>
  <path d="M28 140c6-30 28-44 52-44s46 14 52 44" fill="#f4f6fb"/>
  <path d="M66 100l14 22 14-22" fill="#1c4fd8"/>
</svg>`;
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(join(OUT, 'speaker.png'));
console.log(`written to ${OUT}`);
