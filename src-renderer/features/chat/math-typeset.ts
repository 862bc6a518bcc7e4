import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * Math in replies, typeset by KaTeX when the first formula is shown (its own chunk, with its
 * fonts). `katex.render` builds DOM and sets styles through it, which the page's CSP allows;
 * its HTML-string output would carry style attributes the CSP blocks. Untrusted TeX: no
 * \href, \url or HTML extensions (trust: false); an error shows the TeX with the reason.
 */
export function typeset(target: HTMLElement, tex: string, display: boolean): void {
  katex.render(tex, target, {
    displayMode: display,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    maxSize: 50,
    maxExpand: 1000,
    output: 'htmlAndMathml',
  });
}
