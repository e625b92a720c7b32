/**
 * The pairing page a phone opens from the QR code (docs/protocol.md "Paired devices"): small, served without a device
 * cookie, no SPA code. Its script takes the token from the URL fragment, replaces the URL at once (so the token is in
 * no later URL, history entry or Referer), and sends it only in the exchange's POST body. Copy in English and zh-CN.
 */

/** The pairing page's copy. */
export interface PairPageCopy {
  title: string;
  intro: string;
  nameLabel: string;
  namePlaceholder: string;
  pair: string;
  waiting: string;
  allowed: string;
  denied: string;
  noToken: string;
  failed: string;
  network: string;
}

/** The pairing page's copy by language (English, Simplified Chinese). */
export const PAIR_PAGE_COPY: Readonly<Record<'en' | 'zh-CN', PairPageCopy>> = {
  en: {
    title: 'Pair this device with ui-plan',
    intro: 'Name this device, then confirm on the computer that shows the QR code.',
    nameLabel: 'Device name',
    namePlaceholder: 'e.g. My phone',
    pair: 'Pair this device',
    waiting: 'Waiting for Allow on the computer…',
    allowed: 'Paired. Opening ui-plan…',
    denied: 'The computer denied this device.',
    noToken: 'This page needs the link from the QR code. Make a new code on the computer (Pair a phone) and scan it again.',
    failed: 'Pairing failed:',
    network: "Can't reach ui-plan; check that this device is on the same network and try again.",
  },
  'zh-CN': {
    title: '将此设备与 ui-plan 配对',
    intro: '为此设备命名，然后在显示二维码的电脑上确认。',
    nameLabel: '设备名称',
    namePlaceholder: '例如：我的手机',
    pair: '配对此设备',
    waiting: '正在等待电脑上的“允许”…',
    allowed: '已配对。正在打开 ui-plan…',
    denied: '电脑拒绝了此设备。',
    noToken: '此页面需要二维码中的链接。请在电脑上重新生成二维码（配对手机）后再扫描。',
    failed: '配对失败：',
    network: '无法连接 ui-plan；请确认此设备与电脑在同一网络后重试。',
  },
};

/**
 * The language of the page from `Accept-Language`: `zh*` first among the listed languages → zh-CN, else English.
 * @param acceptLanguage the request header
 */
export function pairPageLanguage(acceptLanguage: string | undefined): 'en' | 'zh-CN' {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en';
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The pairing page's HTML in the request's language; its copy for the script rides in a `application/json` element.
 * @param acceptLanguage the request's `Accept-Language`
 */
export function pairPageHtml(acceptLanguage: string | undefined): string {
  const lang = pairPageLanguage(acceptLanguage);
  const copy = PAIR_PAGE_COPY[lang];
  const data = JSON.stringify(copy).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(copy.title)}</title>
<script id="pair-copy" type="application/json">${data}</script>
<link rel="stylesheet" href="/pair.css">
<script type="module" src="/pair.js"></script>
</head>
<body>
<main>
<h1>${escapeHtml(copy.title)}</h1>
<p>${escapeHtml(copy.intro)}</p>
<form id="pair-form">
<label for="pair-name">${escapeHtml(copy.nameLabel)}</label>
<input id="pair-name" name="name" maxlength="64" autocomplete="off" required placeholder="${escapeHtml(copy.namePlaceholder)}">
<button type="submit">${escapeHtml(copy.pair)}</button>
</form>
<p id="pair-status" role="status" aria-live="polite"></p>
</main>
</body>
</html>
`;
}

/** The pairing page's style: readable at 375 px, light and dark. */
export const PAIR_STYLE = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; }
main { max-width: 28rem; margin: 0 auto; padding: 1.25rem 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
form { display: grid; gap: 0.5rem; margin: 1rem 0; }
input, button { font: inherit; padding: 0.6rem 0.75rem; border-radius: 6px; }
input { border: 1px solid #8a9099; }
button { border: 1px solid #2458d6; background: #2458d6; color: #fff; font-weight: 600; }
button:disabled { opacity: 0.6; }
#pair-status { font-weight: 600; }
`;

/**
 * The pairing page's script (plain JavaScript, served as `/pair.js`). The poll is bounded: every 1.5 s for at most the
 * token's 10 minutes.
 */
export const PAIR_SCRIPT = `const copy = JSON.parse(document.getElementById('pair-copy').textContent);
const form = document.getElementById('pair-form');
const status = document.getElementById('pair-status');
const token = new URLSearchParams(location.hash.slice(1)).get('t');
history.replaceState(null, '', '/pair');
const say = (text) => { status.textContent = text; };
const post = (path, body) => fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), referrerPolicy: 'no-referrer' });
async function poll() {
  const until = Date.now() + 10 * 60 * 1000;
  while (Date.now() < until) {
    let state = 'unknown';
    try { state = (await (await post('/api/pairing.status', {})).json()).status; } catch { say(copy.network); }
    if (state === 'allowed') { say(copy.allowed); location.replace('/'); return; }
    if (state === 'denied') { say(copy.denied); return; }
    if (state === 'unknown') { say(copy.noToken); return; }
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  say(copy.noToken);
}
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!token) { say(copy.noToken); return; }
  form.querySelector('button').disabled = true;
  try {
    const res = await post('/api/pairing.exchange', { token, name: document.getElementById('pair-name').value });
    if (res.ok) { form.hidden = true; say(copy.waiting); await poll(); return; }
    const body = await res.json().catch(() => ({}));
    say(copy.failed + ' ' + (body.message || res.status));
  } catch { say(copy.network); }
  form.querySelector('button').disabled = false;
});
if (!token) {
  post('/api/pairing.status', {}).then((r) => r.json()).then((b) => {
    if (b.status === 'pending') { form.hidden = true; say(copy.waiting); poll(); }
    else if (b.status === 'allowed') location.replace('/');
    else say(copy.noToken);
  }).catch(() => say(copy.noToken));
}
`;
