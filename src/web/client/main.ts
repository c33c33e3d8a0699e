import { ApiFailure } from './api.js';
import { themeToggle } from './color-theme.js';
import { renderCompare } from './compare.js';
import { h, main, replace } from './dom.js';
import { renderHome } from './home.js';
import { renderOverview } from './overview.js';
import { renderOwnSession, renderPublicSession } from './session.js';

/** Entry of every viewer page: the server names the page and its data sources in data-* attributes. */
async function start(): Promise<void> {
  const { page, view, sessionId, source, explainBase } = document.body.dataset;
  if (page === 'home') return view === 'overview' ? renderOverview() : renderHome();
  if (page === 'compare') return renderCompare();
  if (page === 'session' && sessionId) return renderOwnSession(sessionId);
  if ((page === 'share' || page === 'embed') && source && explainBase)
    return renderPublicSession(source, { kind: page, explainBase });
}

/** A session that is not there: on the owner's page, sharing has nothing to do with it. */
function missing(): HTMLElement {
  if (document.body.dataset.page !== 'session')
    return h('p', { role: 'alert' }, 'There is no such session, or it is not shared any more.');
  return h(
    'p',
    { role: 'alert' },
    'No session with this id in your account. ',
    h('a', { href: '/sessions' }, 'Back to your sessions'),
  );
}

document.querySelector('.site-header')?.append(themeToggle());

start().catch((error: unknown) => {
  const message =
    error instanceof ApiFailure && error.status === 404
      ? missing()
      : h('p', { role: 'alert' }, `Something went wrong: ${(error as Error).message}`);
  replace(main(), h('h1', null, 'Cannot show this page'), message);
});
