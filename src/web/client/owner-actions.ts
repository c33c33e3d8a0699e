import { request, sendJson } from './api.js';
import { h, replace, status } from './dom.js';
import type { SessionResponse } from './types.js';

/** Saves the dump under its own name: fetched with the token, then handed to the browser as a file. */
async function download(id: string, fallbackName: string): Promise<void> {
  status('Downloading the dump…');
  const res = await request(`/v1.0/sessions/${id}/dump`);
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  status(`Downloaded ${name}.`);
}

function shareLink(link: string | null): Node {
  if (!link) return h('span', null, 'Not shared: only this account can see the session.');
  const url = `${location.origin}/share/${link}`;
  return h(
    'span',
    null,
    'Anyone with this link can view the session: ',
    h('a', { href: url, class: 'share-url' }, url),
  );
}

/** Owner-only controls: download, share on/off, embed link (enterprise), delete. */
export function ownerActions(res: SessionResponse): HTMLElement {
  const id = res.callscopeId ?? res.data.id;
  const shareState = h('p', { class: 'share-state', 'aria-live': 'polite' }, shareLink(res.data.public_link));
  let shared = res.data.public_link !== null;
  const toggle = h(
    'button',
    { type: 'button', 'aria-pressed': String(shared), class: 'share-toggle' },
    'Shared publicly',
  );
  toggle.addEventListener('click', async () => {
    toggle.disabled = true;
    try {
      const next = await sendJson<SessionResponse>(`/v1.0/sessions/${id}`, 'PATCH', { shared: !shared });
      shared = next.data.public_link !== null;
      toggle.setAttribute('aria-pressed', String(shared));
      replace(shareState, shareLink(next.data.public_link));
    } catch (error) {
      status((error as Error).message, 'error');
    }
    toggle.disabled = false;
  });
  const remove = async () => {
    if (!confirm(`Delete "${res.data.title}"? Its dump and its analysis are removed for good.`)) return;
    try {
      await request(`/v1.0/sessions/${id}`, { method: 'DELETE' });
      location.assign('/sessions');
    } catch (error) {
      status((error as Error).message, 'error');
    }
  };
  const fileName = res.data.fileName ?? 'dump';
  return h(
    'section',
    { class: 'owner-actions', 'aria-label': 'Session actions' },
    h(
      'div',
      { class: 'actions' },
      h(
        'button',
        {
          type: 'button',
          onclick: () => download(id, fileName).catch((e: Error) => status(e.message, 'error')),
        },
        'Download dump',
      ),
      toggle,
      h('button', { type: 'button', class: 'danger', onclick: remove }, 'Delete'),
    ),
    shareState,
    res.embedUrl
      ? h(
          'p',
          { class: 'embed-url' },
          'Embed (valid for a limited time): ',
          h('a', { href: res.embedUrl }, 'embedded view'),
        )
      : null,
  );
}
