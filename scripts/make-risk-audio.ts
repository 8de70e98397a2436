/**
 * Writes the risk disclosure tracks of /risk: the statement (the page's text of it, locales/) read aloud in Mandarin and in Cantonese by
 * espeak-ng (Debian package espeak-ng), encoded by ffmpeg as mono MP3 at 32 kbps, and the speaker's avatar. The
 * outputs are committed; the service seeds its track table from them at first start (the duration read from the frames). Staff replace a track with a recorded one by `npm run ops -- risk-track`.
 * Run: `npx tsx scripts/make-risk-audio.ts` (needs espeak-ng and ffmpeg).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { RISK_STATEMENT_PARAGRAPHS } from '../src/core/domain/closing';

const OUT = resolve(import.meta.dirname, '..', 'static', 'risk');

/**
 * The statement, one paragraph a sentence group, read from the pages' texts so that what the risk page shows
 * beside the player (its text alternative) is what the tracks say: the Mandarin track reads the simplified
 * Chinese text (locales/zh-CN.json risk.statement.p1…), the Cantonese track the traditional Chinese one
 * (locales/zh-TW.json, written in Cantonese); locales/en.json holds its English translation.
 */
const statementOf = (locale: 'zh-CN' | 'zh-TW'): string[] => {
  const messages = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'locales', `${locale}.json`), 'utf8')) as { risk: { statement: Record<string, string> } };
  return RISK_STATEMENT_PARAGRAPHS.map((key) => messages.risk.statement[key]);
};
const TEXT = { zh: statementOf('zh-CN'), yue: statementOf('zh-TW') } as const;

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
