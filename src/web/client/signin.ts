import { ApiFailure, clearToken, getJson, getToken, setToken } from './api.js';
import { h, main, replace, status, uid } from './dom.js';

export interface Quota {
  accountName: string;
  accountPlan: string;
  allowedCredits: number;
  remainingCredits: number;
  maxFileSizeBytes?: number;
  maxChunkSizeBytes?: number;
}

/** The account of the stored token, or undefined (and the token forgotten) when it is not valid. */
async function currentAccount(): Promise<Quota | undefined> {
  if (!getToken()) return undefined;
  try {
    return await getJson<Quota>('/v1.0/quota');
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) clearToken();
    else throw error;
    return undefined;
  }
}

function showAccount(quota: Quota): void {
  const nav = document.getElementById('account-nav');
  if (!nav) return;
  const signOut = () => {
    clearToken();
    location.assign('/sessions');
  };
  replace(
    nav,
    h('span', { class: 'account' }, `${quota.accountName} · ${quota.accountPlan} · `),
    h('span', { class: 'credits' }, `${quota.remainingCredits} credits`),
    h('button', { type: 'button', class: 'link-button', onclick: signOut }, 'Sign out'),
  );
}

/** Resolves with the account once signed in: with the stored token, or after the form is sent. */
export async function requireSignIn(): Promise<Quota> {
  const known = await currentAccount();
  if (known) {
    showAccount(known);
    return known;
  }
  return new Promise((resolve) => {
    const id = uid('token');
    const hint = uid('hint');
    const error = h('p', { class: 'form-error', role: 'alert' });
    const input = h('input', {
      id,
      name: 'token',
      type: 'password',
      autocomplete: 'off',
      required: true,
      spellcheck: 'false',
      'aria-describedby': hint,
    });
    const form = h(
      'form',
      { class: 'signin card', 'aria-labelledby': 'signin-title' },
      h('h1', { id: 'signin-title' }, 'Sign in'),
      h('label', { for: id }, 'Application token'),
      input,
      h(
        'p',
        { id: hint, class: 'hint' },
        'The token is kept in this browser tab only and is forgotten when the tab is closed. An administrator creates tokens with "callscope tokens create".',
      ),
      error,
      h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      setToken(input.value.trim());
      error.textContent = '';
      try {
        const quota = await currentAccount();
        if (!quota) {
          error.textContent = 'This token is not valid: check that it was copied whole and is not revoked.';
          input.focus();
          return;
        }
        showAccount(quota);
        resolve(quota);
      } catch (failure) {
        error.textContent = (failure as Error).message;
      }
    });
    replace(main(), form);
    status('');
    input.focus();
  });
}
