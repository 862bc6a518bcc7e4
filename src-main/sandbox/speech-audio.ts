import { seededRng } from './seed';

export const SPEECH_SAMPLE_RATE = 24_000;
/**
 * 4,096 one-letter words at speed 0.25 would be ~35 minutes (100 MB of PCM); the Sandbox stops
 * at two minutes (5.8 MB) so a test request stays quick and small. Length still grows with the text
 * up to there.
 */
export const MAX_SPEECH_SECONDS = 120;

/**
 * Speech-like audio: one voiced "syllable" per word (a pitch with two formant-ish harmonics and
 * a soft envelope), short pauses between words and longer ones after punctuation. Length grows
 * with the text; pitch depends on the voice, so voices sound different. 16-bit mono PCM.
 */
export function synthesizeSpeech(text: string, voice: string, speed: number): Buffer {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const voiceRng = seededRng('voice', voice);
  const basePitch = 110 + voiceRng.int(0, 120);
  const segments: { freq: number; seconds: number; silent: boolean }[] = [];
  for (const w of words) {
    const rng = seededRng('word', w.toLowerCase());
    segments.push({
      freq: basePitch * (0.85 + rng.next() * 0.4),
      seconds: (0.08 + 0.045 * Math.min(w.length, 14)) / speed,
      silent: false,
    });
    segments.push({ freq: 0, seconds: (/[.!?;:,]$/.test(w) ? 0.22 : 0.06) / speed, silent: true });
  }
  const wanted = Math.round(segments.reduce((s, x) => s + x.seconds, 0) * SPEECH_SAMPLE_RATE);
  const total = Math.max(1, Math.min(wanted, MAX_SPEECH_SECONDS * SPEECH_SAMPLE_RATE));
  const pcm = Buffer.alloc(total * 2);
  let at = 0;
  for (const seg of segments) {
    if (at >= total) break;
    const n = Math.round(seg.seconds * SPEECH_SAMPLE_RATE);
    for (let i = 0; i < n && at < total; i++, at++) {
      if (seg.silent) continue;
      const t = i / SPEECH_SAMPLE_RATE;
      const env = Math.sin((Math.PI * i) / n); // fades in and out, so words do not click
      const glide = 1 + 0.06 * (i / n); // a slight rise, like intonation
      const w = 2 * Math.PI * seg.freq * glide * t;
      const v = 0.55 * Math.sin(w) + 0.25 * Math.sin(3 * w) + 0.12 * Math.sin(5 * w);
      pcm.writeInt16LE(Math.round(v * env * 0.7 * 32767), at * 2);
    }
  }
  return pcm;
}
