/**
 * The plain-DOM baseline the app's chat is compared with: the same stream, read with fetch, shown
 * as one `<p>` per paragraph of text, updated once per animation frame and kept scrolled to the
 * bottom. What any page pays to show this much text arriving this fast; the app's dropped frames
 * are reported as a ratio to it.
 */
export const BASELINE_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Baseline</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:0}main{height:100vh;overflow:auto;padding:16px;box-sizing:border-box}p{white-space:pre-wrap;margin:0 0 12px}</style>
</head><body><main id="out"></main>
<script>
window.__runBaseline = async function () {
  const out = document.getElementById('out');
  let p = document.createElement('p');
  let node = document.createTextNode('');
  p.appendChild(node);
  out.appendChild(p);
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const paragraphs = pending.split('\\n\\n');
    pending = '';
    node.appendData(paragraphs[0]);
    for (let i = 1; i < paragraphs.length; i++) {
      p = document.createElement('p');
      node = document.createTextNode(paragraphs[i]);
      p.appendChild(node);
      out.appendChild(p);
    }
    out.scrollTop = out.scrollHeight;
  };
  const res = await fetch('/v1/chat/completions', { method: 'POST', body: '{}' });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const events = buffered.split('\\n\\n');
    buffered = events.pop();
    for (const e of events) {
      if (!e.startsWith('data: ') || e === 'data: [DONE]') continue;
      const content = JSON.parse(e.slice(6)).choices[0].delta.content;
      if (content) pending += content;
    }
    if (pending && !scheduled) {
      scheduled = true;
      requestAnimationFrame(flush);
    }
  }
};
</script></body></html>`;
