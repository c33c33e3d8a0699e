import { getJson, request, sendJson } from './api.js';
import { h, replace, status } from './dom.js';
import type { SessionResponse } from './types.js';

/**
 * Saves the dump under its own name. The API signs a link that works for a few minutes, and the
 * browser follows it as a download, writing the file to disk as it arrives: fetching the dump with
 * the token would hold all of it in the page, which a dump of hundreds of megabytes does not survive.
 */
async function download(id: string): Promise<void> {
  status('Preparing the download…');
  const { url } = await getJson<{ url: string; expiresAt: string }>(`/v1.0/sessions/${id}/dump-link`, {
    method: 'POST',
  });
  // No name here: the server's Content-Disposition carries the session's file name.
  const link = h('a', { href: url, download: '', hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  status('The download has started.');
}

function shareLink(url: string | null): Node {
  if (!url) return h('span', null, 'Not shared: only this account can see the session.');
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
  const shareState = h('p', { class: 'share-state', 'aria-live': 'polite' }, shareLink(res.data.publicUrl));
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
      replace(shareState, shareLink(next.data.publicUrl));
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
          onclick: () => download(id).catch((e: Error) => status(e.message, 'error')),
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
