// The app's only door to the server: same-origin fetches with the session cookie.

/** An error answered by the server, with its localized message (the error envelope). */
export class APIError extends Error {
  constructor(status, kind, message) {
    super(message);
    this.status = status;
    this.kind = kind;
  }
}

let signedOut = () => {};

/** Called when a request finds the session gone (401), so the app can show sign-in. */
export function onSignedOut(handler) {
  signedOut = handler;
}

/** Every request the app makes; `params` become the query, `body` JSON. */
export async function request(method, path, { params, body, headers } = {}) {
  // encodeURIComponent, not URLSearchParams: a space travels as %20, never as '+'.
  const query = Object.entries(params ?? {})
    .filter(([, value]) => value != null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  const url = `/api/v1/${path}${query ? `?${query}` : ''}`;
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json', ...headers } };
  if (method !== 'GET') init.headers['X-Kanora-Request'] = '1';
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) throw await failure(response, path);
  const text = await response.text();
  return text ? JSON.parse(text) : {};
}

async function failure(response, path) {
  let kind = 'unknown';
  let message = `${response.status} ${response.statusText}`;
  try {
    const envelope = await response.json();
    kind = envelope.error?.kind ?? kind;
    message = envelope.error?.message ?? message;
  } catch { /* not JSON: keep the status line */ }
  if (response.status === 401 && path !== 'session') signedOut();
  return new APIError(response.status, kind, message);
}

/** `GET /api/v1/viewmodels/NAME`: a screen's state, localized by the server. */
export function viewModel(name, params, headers) {
  return request('GET', `viewmodels/${name}`, { params, headers });
}

export const get = (path, params) => request('GET', path, { params });
export const post = (path, body = {}) => request('POST', path, { body });
export const put = (path, body = {}) => request('PUT', path, { body });
export const del = (path, body) => request('DELETE', path, { body });
