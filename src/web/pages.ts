import type { FastifyReply } from 'fastify';

/** Which view the browser module renders into the page shell. */
export type PageKind = 'home' | 'session' | 'compare' | 'share' | 'embed' | 'missing';

export interface PageOptions {
  kind: PageKind;
  title: string;
  /** data-* attributes the browser module reads (session id, JSON source, explanation base, titles). */
  data?: Record<string, string>;
  /** Embedded pages may be framed by any site; every other page by none. */
  frameable?: boolean;
  status?: number;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * No inline script or style anywhere: scripts and styles come from this origin only. uPlot sizes
 * its elements through the CSSOM (element.style), which style-src does not restrict.
 */
function contentSecurityPolicy(frameable: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameable ? '*' : "'none'"}`,
  ].join('; ');
}

const MISSING_TEXT: Record<string, string> = {
  share: 'This link does not show a session: it was never shared, or its owner stopped sharing it.',
  session: 'There is no session at this address.',
  embed: 'This embedded view is not available: the link is not valid, has expired, or the session is gone.',
  download:
    'This download link does not work: links last a few minutes, and only while the session and the token that made them exist. Download the dump again from the session page.',
};

/** The HTML shell of every viewer page; the browser module fills <main>. */
export function renderPage(options: PageOptions): string {
  const data = Object.entries({ page: options.kind, ...options.data })
    .map(([k, v]) => ` data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeHtml(v)}"`)
    .join('');
  const readOnly = options.kind !== 'home' && options.kind !== 'session' && options.kind !== 'compare';
  const brand = readOnly ? '<span class="brand">callscope</span>' : '<a class="brand" href="/">callscope</a>';
  const missing = options.kind === 'missing' ? MISSING_TEXT[options.data?.reason ?? ''] : undefined;
  const body = missing
    ? `<h1>Not found</h1><p>${escapeHtml(missing)}</p>`
    : '<p id="page-status" role="status">Loading…</p><noscript><p>This viewer needs JavaScript.</p></noscript>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/vendor/uPlot.min.css">
<link rel="stylesheet" href="/assets/app.css">
<script src="/assets/app/theme.js"></script>
${missing ? '' : '<script type="module" src="/assets/app/main.js"></script>\n'}</head>
<body${data}>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header">${brand}${readOnly ? '' : '<nav id="account-nav" aria-label="Account"></nav>'}</header>
<main id="main" tabindex="-1">${body}</main>
<footer class="site-footer"><p>callscope: open-source WebRTC dump analysis · <a href="/api-docs">API reference</a></p></footer>
</body>
</html>
`;
}

/** Sends a page with its security headers. */
export function sendPage(reply: FastifyReply, options: PageOptions): FastifyReply {
  const frameable = options.frameable === true;
  reply
    .code(options.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(frameable))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    // Share and embed pages must stop working the moment a link is revoked: nothing cached.
    .header('cache-control', 'no-store');
  if (!frameable) reply.header('x-frame-options', 'DENY');
  return reply.send(renderPage(options));
}
