import { drawText, GLYPH_HEIGHT, textWidth } from './bitmap-font';
import { encodePng } from './png-encoder';
import type { Rng } from './seed';

/**
 * A deterministic picture for a prompt: a two-colour gradient, a few shapes, and the prompt's
 * first words in a band at the bottom. Not art; enough to tell images apart at a glance.
 */
export function renderPromptPng(prompt: string, width: number, height: number, rng: Rng): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  const colour = () => [rng.int(30, 225), rng.int(30, 225), rng.int(30, 225)] as const;
  const [a, b] = [colour(), colour()];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const i = (y * width + x) * 3;
      rgb[i] = a[0] + (b[0] - a[0]) * t;
      rgb[i + 1] = a[1] + (b[1] - a[1]) * t;
      rgb[i + 2] = a[2] + (b[2] - a[2]) * t;
    }
  }
  const set = (x: number, y: number, c: readonly number[]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    rgb[i] = c[0];
    rgb[i + 1] = c[1];
    rgb[i + 2] = c[2];
  };
  const shapes = rng.int(3, 6);
  for (let s = 0; s < shapes; s++) {
    const c = colour();
    const cx = rng.int(0, width - 1);
    const cy = rng.int(0, Math.floor(height * 0.75));
    const r = rng.int(Math.floor(width / 16), Math.floor(width / 5));
    const circle = rng.next() < 0.5;
    for (let y = Math.max(0, cy - r); y < Math.min(height, cy + r); y++) {
      for (let x = Math.max(0, cx - r); x < Math.min(width, cx + r); x++) {
        if (!circle || (x - cx) ** 2 + (y - cy) ** 2 <= r * r) set(x, y, c);
      }
    }
  }
  // The words: as many as fit on two lines, on a dark band so they stay legible.
  const scale = Math.max(1, Math.floor(width / 128));
  const lineH = (GLYPH_HEIGHT + 3) * scale;
  const bandTop = height - lineH * 2 - 2 * scale;
  for (let y = bandTop; y < height; y++) for (let x = 0; x < width; x++) set(x, y, [20, 20, 28]);
  const words = prompt.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [''];
  for (const w of words) {
    const candidate = lines[lines.length - 1] ? `${lines[lines.length - 1]} ${w}` : w;
    if (textWidth(candidate, scale) <= width - 4 * scale) lines[lines.length - 1] = candidate;
    else if (lines.length < 2) lines.push(w);
    else break;
  }
  lines.forEach((line, i) =>
    drawText(line.slice(0, 60), 2 * scale, bandTop + 2 * scale + i * lineH, scale, (x, y) =>
      set(x, y, [245, 245, 245]),
    ),
  );
  return encodePng(width, height, rgb);
}
