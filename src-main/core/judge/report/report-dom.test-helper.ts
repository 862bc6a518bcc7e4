import { openMemoryDatabase } from '../../db/open-database';
import { casesStamp } from '../../db/cases-stamp';
import { createRepositories } from '../../db/repositories';
import { StorageNotices } from '../../storage/storage-notices';
import { seedBigRun } from '../../../test-support/big-judge-run';
import { LabelledRunCache } from '../batch/labelled-run';
import { AgreementService } from '../agreement/agreement-service';

/**
 * What the report tests read a report with: the DOM of the test's jsdom environment (the test
 * file says `@vitest-environment jsdom`), typed here because main's TypeScript has no DOM types.
 */
export interface Node_ {
  tagName: string;
  textContent: string | null;
  outerHTML: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node_ | null;
  querySelectorAll(selector: string): ArrayLike<Node_>;
}
export interface Doc {
  documentElement: Node_;
  title: string;
  body: Node_;
  querySelector(selector: string): Node_ | null;
  querySelectorAll(selector: string): ArrayLike<Node_>;
}

function parser(): { parseFromString(text: string, type: string): Doc } {
  const P = (
    globalThis as unknown as { DOMParser?: new () => { parseFromString(t: string, m: string): Doc } }
  ).DOMParser;
  if (!P) throw new Error('the report tests run in jsdom: add `// @vitest-environment jsdom`');
  return new P();
}

export const parseHtml = (html: string): Doc => parser().parseFromString(html, 'text/html');

/** Each chart parsed alone as XML: a tag left open or an attribute unquoted is a parse error. */
export function svgParseErrors(doc: Doc): string[] {
  return Array.from(doc.querySelectorAll('svg')).flatMap((svg) => {
    const xml = parser().parseFromString(svg.outerHTML, 'image/svg+xml');
    const error = xml.querySelector('parsererror');
    return error ? [error.textContent ?? 'parse error'] : [];
  });
}

export const all = (root: Doc | Node_, selector: string): Node_[] =>
  Array.from(root.querySelectorAll(selector));

/** The text of every row of the tables under `root`, cells joined by " | ". */
export const rowTexts = (root: Doc | Node_): string[] =>
  all(root, 'tr').map((tr) =>
    all(tr, 'th,td')
      .map((c) => (c.textContent ?? '').trim())
      .join(' | '),
  );

/** A seeded set with two finished runs of three questions (noul, choice, score), and their views. */
export function seededViews(cases = 300) {
  const db = openMemoryDatabase();
  const big = seedBigRun(db, cases);
  const repos = createRepositories({ db, notices: new StorageNotices() });
  const service = new AgreementService({
    labelled: new LabelledRunCache({ ...repos, labelsStamp: casesStamp(db) }),
  });
  return { big, service };
}

/** Markup a hostile user might type as a name: each must come out as text. */
export const HOSTILE = `<img src=x onerror="alert(1)">&amp;'"</td><script>x()</script>`;

export const CONTEXT = {
  setName: 'A big set',
  generatedAt: Date.UTC(2026, 10, 26, 23, 5),
  appVersion: '9.8.7',
};
