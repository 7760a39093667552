// The server's JSON API and the game's WebSocket. Every failure becomes an ApiError that
// carries the server's code, message and (for a refused move) the rules core's reason.

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error || "network";
    this.reason = body?.reason || null;
  }
}

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, { error: "network", message: String(e) });
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data ?? text;
}

export const api = {
  demos: () => call("GET", "/api/demos"),
  list: () => call("GET", "/api/games"),
  create: (options) => call("POST", "/api/games", options),
  importGame: (options) => call("POST", "/api/import", options),
  get: (id) => call("GET", `/api/games/${id}`),
  remove: (id) => call("DELETE", `/api/games/${id}`),
  play: (id, x, y) => call("POST", `/api/games/${id}/play`, { x, y }),
  undo: (id) => call("POST", `/api/games/${id}/undo`),
  redo: (id) => call("POST", `/api/games/${id}/redo`),
  hint: (id) => call("POST", `/api/games/${id}/hint`),
  resign: (id) => call("POST", `/api/games/${id}/resign`),
  stop: (id) => call("POST", `/api/games/${id}/stop`),
  analyse: (id, lines) => call("POST", `/api/games/${id}/analyse`, { lines }),
  exportText: async (id, format) => {
    const response = await fetch(`/api/games/${id}/export?format=${format}`);
    const text = await response.text();
    if (!response.ok) {
      let body = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      throw new ApiError(response.status, body);
    }
    return text;
  },
};

// The live events of one game. Reconnects after a drop until closed.
export class GameSocket {
  constructor(id, onEvent, onStatus) {
    this.id = id;
    this.onEvent = onEvent;
    this.onStatus = onStatus;
    this.closed = false;
    this.retry = 500;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/games/${this.id}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.onStatus(true);
    };
    ws.onmessage = (m) => {
      try {
        this.onEvent(JSON.parse(m.data));
      } catch (e) {
        console.error("bad event", e);
      }
    };
    ws.onclose = () => {
      this.onStatus(false);
      if (this.closed) return;
      setTimeout(() => !this.closed && this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}
