// The HTTP API of docs/api.md: JSON in and out, errors as exceptions carrying the error object.

export class ApiError extends Error {
  constructor(error, status, body) {
    super(error.message || `HTTP ${status}`);
    this.status = status;
    this.code = error.code;
    this.rule = error.rule;
    this.body = body;
  }
}

async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(path, init);
  const json = await response.json();
  if (!response.ok) throw new ApiError(json.error || {}, response.status, json);
  return json;
}

const query = (params) => new URLSearchParams(
  Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')).toString();

export const api = {
  scenarios: () => request('GET', '/api/scenarios'),
  createGame: (body) => request('POST', '/api/games', body),
  view: (token) => request('GET', `/api/g/${token}`),
  decide: (token, seq, key, param) =>
    request('POST', `/api/g/${token}/decide`, param === undefined ? { seq, key } : { seq, key, param }),
  undo: (token, seq) => request('POST', `/api/g/${token}/undo`, { seq }),
  concede: (token, seq) => request('POST', `/api/g/${token}/concede`, { seq }),
  neverAsk: (token, seq, unit) => request('POST', `/api/g/${token}/never_ask`, { seq, unit }),
  hint: (token) => request('GET', `/api/g/${token}/hint`),
  hints: (token) => request('GET', `/api/g/${token}/hints`),
  allowHints: (token, allow) => request('POST', `/api/g/${token}/hints`, { allow }),
  rematch: (token) => request('POST', `/api/g/${token}/rematch`, {}),
  chat: (token, from) => request('GET', `/api/g/${token}/chat?from=${from}`),
  say: (token, text) => request('POST', `/api/g/${token}/chat`, { text }),
  webhook: (token) => request('GET', `/api/g/${token}/webhook`),
  setWebhook: (token, url) => request('POST', `/api/g/${token}/webhook`, { url }),
  journal: (token, from) => request('GET', `/api/g/${token}/journal?from=${from}`),
  traces: (token, from) => request('GET', `/api/g/${token}/traces?from=${from}`),
  preview: (token, kind, params) => request('GET', `/api/g/${token}/preview/${kind}?${query(params)}`),
  events: (token) => new EventSource(`/api/g/${token}/events`),
};
