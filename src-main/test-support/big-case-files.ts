import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Question } from '../../src-shared/judge/question-rules';

/**
 * The big case files the import stress test and the import bench read (docs/architecture.md,
 * "Benchmarks"), written by one generator so both measure the same files. Each is streamed to
 * disk piece by piece, never held whole.
 */
export const MB = 1024 * 1024;

/** The one question the files answer: `tone`, yes or no. */
export const TONE_QUESTIONS: Question[] = [
  {
    name: 'tone',
    type: 'choice',
    instructions: 'Is the tone right?',
    options: [
      { name: 'yes', description: 'polite' },
      { name: 'no', description: 'curt' },
    ],
    levels: [],
  },
];

/**
 * Writes `head`, then `piece(0)`, `piece(1)`, … until the file holds at least `bytes` bytes or
 * `pieces` pieces. Returns the bytes written.
 */
export async function writePieces(
  path: string,
  head: string,
  piece: (i: number) => string,
  limit: { bytes?: number; pieces?: number },
): Promise<number> {
  const { bytes = Infinity, pieces = Infinity } = limit;
  const out = createWriteStream(path);
  let written = 0;
  const write = async (text: string) => {
    written += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(head);
  for (let i = 0; written < bytes && i < pieces; i++) await write(piece(i));
  out.end();
  await once(out, 'finish');
  return written;
}

/** Short numbered CSV rows (`r12,yes`) to at least `bytes`: 50 MB holds about 5.5 million. */
export function writeShortRowsCsv(path: string, bytes = 50 * MB): Promise<number> {
  return writePieces(
    path,
    'state,tone\n',
    (i) => {
      let block = '';
      for (let k = 0; k < 10_000; k++) block += `r${i * 10_000 + k},yes\n`;
      return block;
    },
    { bytes },
  );
}

/**
 * `rows` CSV rows (a multiple of 1,000) with a note of 480 characters each: 99,000 of them are
 * about 48 MB, just under both of a case file's caps (50 MB, 100,000 rows).
 */
export function writeNotedRowsCsv(path: string, rows = 99_000): Promise<number> {
  const note = 'n'.repeat(480);
  return writePieces(
    path,
    'state,tone,note\n',
    (i) => {
      let block = '';
      for (let k = 0; k < 1_000; k++) block += `r${i * 1_000 + k},yes,${note}\n`;
      return block;
    },
    { pieces: Math.ceil(rows / 1_000) },
  );
}
