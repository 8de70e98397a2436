/**
 * MP3 by content: the file's length in milliseconds from its MPEG audio frames (after an ID3v2 tag, if any).
 * Used to accept a recorded risk track (`ops risk-track`): anything that is not a run of valid frames is refused.
 */
const BITRATES: Record<string, number[]> = {
  // kbit/s by index 1..14, for MPEG-1 layer III and MPEG-2/2.5 layer III
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Duration in ms of an MP3 (layer III) file, or null when the bytes are not one (fewer than 10 valid frames). */
export function mp3DurationMs(buf: Uint8Array): number | null {
  let pos = 0;
  if (buf.length > 10 && buf[0] === 0x49 && buf[1] === 0x44 && buf[2] === 0x33) {
    const size = ((buf[6] & 0x7f) << 21) | ((buf[7] & 0x7f) << 14) | ((buf[8] & 0x7f) << 7) | (buf[9] & 0x7f);
    pos = 10 + size;
  }
  let frames = 0;
  let seconds = 0;
  while (pos + 4 <= buf.length) {
    const b1 = buf[pos + 1];
    const b2 = buf[pos + 2];
    if (buf[pos] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      if (frames === 0) return null;
      break; // trailing tag (ID3v1, APE) after the frames
    }
    const version = (b1 >> 3) & 0x03; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
    const layer = (b1 >> 1) & 0x03; // 1 = layer III
    const bitrateIndex = (b2 >> 4) & 0x0f;
    const rateIndex = (b2 >> 2) & 0x03;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return frames >= 10 ? Math.round(seconds * 1000) : null;
    const sampleRate = SAMPLE_RATES[version][rateIndex];
    const bitrate = BITRATES[version === 3 ? 'v1' : 'v2'][bitrateIndex] * 1000;
    const samples = version === 3 ? 1152 : 576;
    const padding = (b2 >> 1) & 0x01;
    const length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
    if (length < 4) return null;
    pos += length;
    frames++;
    seconds += samples / sampleRate;
  }
  return frames >= 10 ? Math.round(seconds * 1000) : null;
}
