import { h, main, replace, status } from './dom.js';
import { sessionsList } from './list.js';
import { requireSignIn } from './signin.js';
import { sectionNav } from './site-nav.js';
import { uploadPanel } from './upload.js';

/** The signed-in home page: upload, then the filtered list of the account's sessions. */
export async function renderHome(): Promise<void> {
  const quota = await requireSignIn();
  sectionNav('sessions');
  const list = sessionsList();
  replace(main(), h('h1', null, 'Sessions'), uploadPanel(quota, list.refresh), list.element);
  status('');
}
