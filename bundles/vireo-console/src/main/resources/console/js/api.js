// The console's only source of data: the node's management API (/api/v1), with the session cookie the login set.

const BASE = '/api/v1';
let csrfToken = null;
let loggedOut = () => {};

/** A refusal of the API: its status and its message (ApiError's "error"). */
export class ApiFailure extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** What to do when a call finds the session gone (401): the app shows its login. */
export function onLoggedOut(callback) {
  loggedOut = callback;
}

export async function call(method, path, body, type = 'application/json', more = {}) {
  return (await exchange(method, path, body, type, more)).data;
}

/** The same, with the answer's ETag (a configuration's version): {data, etag}. */
export async function exchange(method, path, body, type = 'application/json', more = {}) {
  // X-Requested-With: a 401 then has no Basic challenge, which would open the browser's own login dialogue
  const headers = {'Accept': 'application/json, text/plain', 'X-Requested-With': 'XMLHttpRequest', ...more};
  if (method !== 'GET' && csrfToken) headers['X-Vireo-CSRF'] = csrfToken;
  let payload;
  if (body !== undefined) {
    headers['Content-Type'] = type;
    payload = type === 'application/json' ? JSON.stringify(body) : body;
  }
  const response = await fetch(BASE + path, {method, headers, body: payload, credentials: 'same-origin',
    cache: 'no-store'});
  const text = await response.text();
  let data = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (notJson) {
    // text/plain (the rules) or an error page of the server itself
  }
  if (!response.ok) {
    if (response.status === 401 && path !== '/session') loggedOut();
    const message = data && typeof data === 'object' && data.error ? data.error : response.status + ' ' + response.statusText;
    throw new ApiFailure(response.status, message, data);
  }
  return {data, etag: response.headers.get('ETag')};
}

export const get = path => call('GET', path);

/** Who is logged in (and the session's CSRF token, which every write sends); a 401 if nobody. */
export async function session() {
  const who = await call('GET', '/session');
  csrfToken = who.csrfToken;
  return who;
}

export async function login(user, password) {
  const who = await call('POST', '/session', {user, password});
  csrfToken = who.csrfToken;
  return who;
}

export async function logout() {
  try {
    await call('DELETE', '/session');
  } finally {
    csrfToken = null;
  }
}
