import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/i18n';
import { loadMarkdownRenderer } from './markdown-loader';
import { Markdown } from './Markdown';
import { SHOWN_ADDRESS_CHARS } from './render-markdown';

/**
 * Replies never make the window fetch (docs/architecture.md, "Replies"): each payload below is
 * rendered through the real reply renderer (marked, DOMPurify and its hooks, React) and the DOM
 * is searched for any attribute or element that could load the attacker's address. The CSP
 * would stop most of these too; this is the first wall, tested as if the CSP were not there.
 */
const EVIL = 'attacker.example';
const PAYLOADS: Record<string, string> = {
  'html img, http': `<img src="http://${EVIL}/a.png">`,
  'markdown image, https': `![chart](https://${EVIL}/b.png)`,
  'markdown image with a title': `![chart](http://${EVIL}/c.png "title")`,
  'reference-style image': `![ref][r]\n\n[r]: https://${EVIL}/d.png`,
  'protocol-relative img': `<img src="//${EVIL}/e.png">`,
  'backslash img (read as another host)': `<img src="/\\${EVIL}/f.png">`,
  'upper-case scheme, spaced': `<img src="  HTTPS://${EVIL}/g.png">`,
  'img srcset only': `<img srcset="https://${EVIL}/h.png 1x">`,
  'allowed data: img with a remote srcset': `<img src="data:image/png;base64,iVBORw0KGgo=" srcset="https://${EVIL}/i.png 2x">`,
  'picture with sources': `<picture><source srcset="https://${EVIL}/j.webp"><img src="https://${EVIL}/j.png"></picture>`,
  'video with poster, source and track': `<video poster="https://${EVIL}/k.png" src="https://${EVIL}/k.mp4"><source src="https://${EVIL}/k2.mp4"><track src="https://${EVIL}/k.vtt"></video>`,
  audio: `<audio src="https://${EVIL}/l.mp3" autoplay></audio>`,
  'style attribute url()': `<p style="background:url(https://${EVIL}/m.png)">m</p>`,
  'style attribute image-set()': `<div style="background-image:image-set('https://${EVIL}/n.png' 1x)">n</div>`,
  'style element @import': `<style>@import url(https://${EVIL}/o.css); p { background: url(https://${EVIL}/o.png) }</style>`,
  'table and cell background': `<table background="https://${EVIL}/p.png"><tr><td background="https://${EVIL}/p2.png">p</td></tr></table>`,
  'body background': `<body background="https://${EVIL}/q.png">q</body>`,
  'link stylesheet and preload': `<link rel="stylesheet" href="https://${EVIL}/r.css"><link rel="preload" as="image" href="https://${EVIL}/r.png" imagesrcset="https://${EVIL}/r2.png 2x">`,
  'meta refresh': `<meta http-equiv="refresh" content="0;url=https://${EVIL}/s">`,
  'base href': `<base href="https://${EVIL}/">\n\n![rel](t.png)`,
  'svg image (href and xlink:href)': `<svg><image href="https://${EVIL}/u.png"/><image xlink:href="https://${EVIL}/u2.png"/></svg>`,
  'svg feImage': `<svg><filter id="f"><feImage href="https://${EVIL}/v.png"/></filter></svg>`,
  'svg paint, filter and mask url()': `<svg><rect width="9" height="9" fill="url(https://${EVIL}/w.svg#g)" filter="url(https://${EVIL}/w.svg#f)" mask="url(https://${EVIL}/w.svg#m)"/></svg>`,
  'svg url() spelled with an escape': `<svg><rect width="9" height="9" fill="u\\72 l(https://${EVIL}/x.svg#g)"/></svg>`,
  'svg use': `<svg><use href="https://${EVIL}/y.svg#a"/></svg>`,
  'svg gradient, pattern and tref hrefs': `<svg><linearGradient id="g" href="https://${EVIL}/z.svg#g"/><pattern id="p" href="https://${EVIL}/z2.svg#p"/><tref xlink:href="https://${EVIL}/z3.svg#t"/></svg>`,
  'svg link': `<svg><a href="https://${EVIL}/aa"><text>aa</text></a></svg>`,
  'mathml href': `<math href="https://${EVIL}/bb"><mi>x</mi></math>`,
  'data: svg image that loads its own': `<img src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Cimage href='https://${EVIL}/cc.png'/%3E%3C/svg%3E">`,
  'object, embed and iframe': `<object data="https://${EVIL}/dd.swf"></object><embed src="https://${EVIL}/dd2.swf"><iframe src="https://${EVIL}/dd3"></iframe>`,
  'input type=image': `<input type="image" src="https://${EVIL}/ee.png">`,
  'form action and button formaction': `<form action="https://${EVIL}/ff"><button formaction="https://${EVIL}/ff2">go</button></form>`,
  'link ping': `<a href="https://example.com/gg" ping="https://${EVIL}/gg">gg</a>`,
  'image map area': `<map name="m"><area href="https://${EVIL}/hh" shape="rect" coords="0,0,9,9"></map>`,
  'img with onerror and lazy loading': `<img src="https://${EVIL}/ii.png" loading="lazy" onerror="fetch('https://${EVIL}/ii2')">`,
  'linked remote image': `[![badge](https://${EVIL}/jj.svg)](https://example.com/jj)`,
};

/** Elements that fetch by being in the page; none may be in a rendered reply. */
const LOADING_ELEMENTS =
  'video, audio, source, track, picture, link, meta, base, style, iframe, object, embed, input, form, image, feImage, use';

beforeAll(async () => {
  await loadMarkdownRenderer();
});

afterEach(async () => {
  localStorage.removeItem('gatehouse.language');
  await loadLanguage();
});

function rendered(text: string): HTMLElement {
  return render(<Markdown text={text} />).container;
}

/** Every place an attacker's address is left in the DOM, other than as text or a clickable link. */
function fetchingAttributes(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    for (const { name, value } of el.attributes) {
      if (!value.includes(EVIL) && !/url\s*\(|\\/i.test(value)) continue;
      // A title is text; an HTML link opens only when clicked, and then in the browser.
      if (name === 'title') continue;
      const link = el.namespaceURI === 'http://www.w3.org/1999/xhtml' && el.localName === 'a';
      if (link && name === 'href' && el.getAttribute('target') === '_blank') continue;
      found.push(`<${el.localName} ${name}="${value}">`);
    }
  }
  return found;
}

describe('hostile replies: nothing in a reply loads a resource', () => {
  for (const [label, payload] of Object.entries(PAYLOADS)) {
    it(label, () => {
      const root = rendered(payload);
      expect(fetchingAttributes(root)).toEqual([]);
      expect([...root.querySelectorAll(LOADING_ELEMENTS)].map((el) => el.outerHTML)).toEqual([]);
      for (const img of root.querySelectorAll('img'))
        expect(img.getAttribute('src')).toMatch(/^data:image\/png/);
    });
  }

  it('shows a remote image as its address with a button that opens it in the browser', () => {
    const root = rendered(`See ![sales chart](https://${EVIL}/chart.png) here.`);
    const box = root.querySelector('.remote-image')!;
    expect(box.querySelector('.remote-image-note')?.textContent).toBe(
      'Image not loaded: replies never fetch from other addresses.',
    );
    expect(box.querySelector('.remote-image-alt')?.textContent).toBe('sales chart');
    expect(box.querySelector('.remote-image-address')?.textContent).toBe(`https://${EVIL}/chart.png`);
    const open = box.querySelector('a.remote-image-open')!;
    expect(open.textContent).toBe('Open in browser');
    // The same path as a reply's links: a new window, which main turns into the system browser.
    expect(open.getAttribute('href')).toBe(`https://${EVIL}/chart.png`);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.querySelector('img')).toBeNull();
  });

  it('offers no button for an address the browser would not be given (http:, relative, data:svg)', () => {
    for (const src of [`http://${EVIL}/a.png`, `//${EVIL}/a.png`, 'chart.png', 'data:image/svg+xml,<svg/>']) {
      const box = rendered(`<img src="${src}">`).querySelector('.remote-image');
      expect(box?.querySelector('.remote-image-address')?.textContent, src).toBe(src);
      expect(box?.querySelector('a'), src).toBeNull();
    }
  });

  it('does not nest a second link in a linked image, and cuts a long address short', () => {
    const linked = rendered(`[![b](https://${EVIL}/b.svg)](https://example.com/b)`);
    expect(linked.querySelectorAll('a')).toHaveLength(1);
    expect(linked.querySelector('a')?.getAttribute('href')).toBe('https://example.com/b');
    const long = `data:image/svg+xml;base64,${'A'.repeat(5000)}`;
    const shown = rendered(`<img src="${long}">`).querySelector('.remote-image-address')?.textContent;
    expect(shown).toBe(`${long.slice(0, SHOWN_ADDRESS_CHARS)}…`);
  });

  it('shows data: PNG, JPEG, GIF and WebP images and the media library’s files inline', () => {
    const inline = [
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/jpeg;base64,/9j/4AAQ',
      'data:image/gif;base64,R0lGODlh',
      'data:image/webp;base64,UklGRg==',
      'gatehouse-media://media/images/a.png',
      '/media/images/a.png?t=token',
    ];
    for (const src of inline) {
      const img = rendered(`![pic](${src})`).querySelector('img');
      expect(img?.getAttribute('src'), src).toBe(src);
    }
  });

  it('words the placeholder in the window’s language', async () => {
    localStorage.setItem('gatehouse.language', 'zh-CN');
    await loadLanguage();
    const box = rendered(`![x](https://${EVIL}/zh.png)`).querySelector('.remote-image')!;
    expect(box.querySelector('.remote-image-note')?.textContent).toBe(
      '图片未加载：回复不会从其他地址获取内容。',
    );
    expect(box.querySelector('a.remote-image-open')?.textContent).toBe('在浏览器中打开');
  });
});

describe('what replies keep', () => {
  it('keeps math’s TeX, code’s language and in-reply SVG references', () => {
    const root = rendered(
      'Area $\\pi r^2$.\n\n```ts\nconst a = 1;\n```\n\n<svg><defs><linearGradient id="g"/></defs><rect width="9" height="9" fill="red"/><a href="#g"><text>t</text></a></svg>',
    );
    expect(root.querySelector('.math')?.getAttribute('data-tex')).toBe('\\pi r^2');
    expect(root.querySelector('code.language-ts')).not.toBeNull();
    expect(root.querySelector('rect')?.getAttribute('fill')).toBe('red');
    expect(root.querySelector('svg a')?.getAttribute('href')).toBe('#g');
  });
});
