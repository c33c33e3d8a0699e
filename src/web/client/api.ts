/** Calls to the REST API with the application token, kept in sessionStorage only (gone with the tab). */

const KEY = 'callscope.token';

export const getToken = (): string | null => sessionStorage.getItem(KEY);
export const setToken = (token: string): void => sessionStorage.setItem(KEY, token);
export const clearToken = (): void => sessionStorage.removeItem(KEY);

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** fetch with the bearer token (when signed in); errors become ApiFailure with the API's errorCode. */
export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token && path.startsWith('/v1.0/')) headers.set('authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers });
  } catch {
    throw new ApiFailure(0, 'network', 'The server could not be reached.');
  }
  if (res.ok) return res;
  let code = 'http_error';
  let message = `The server answered ${res.status}.`;
  try {
    const body = (await res.json()) as { errorCode?: string; error?: string };
    code = body.errorCode ?? code;
    message = body.error ?? message;
  } catch {}
  throw new ApiFailure(res.status, code, message);
}

export async function getJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await (await request(path, init)).json()) as T;
}

export async function sendJson<T>(path: string, method: string, body: unknown): Promise<T> {
  return getJson<T>(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
