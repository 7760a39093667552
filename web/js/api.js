// The server's JSON API and the game's WebSocket. Every failure becomes an ApiError that
// carries the server's code, message and (for a refused move) the rules core's reason.
// The shapes of the answers are in types.js.

/** @typedef {import("./types.js").GameView} GameView */
/** @typedef {import("./types.js").GameEvent} GameEvent */

/**
 * Who plays and how: the fields shared by "new game" and "import" (see the server's
 * api/requests.rs).
 * @typedef {object} GameSetup
 * @property {import("./types.js").Mode} [mode]
 * @property {import("./types.js").Color} [human]
 * @property {string} [rule]
 * @property {number} [size]
 * @property {number} [level]
 * @property {boolean} [think_delay]
 */

/** @typedef {GameSetup & { demo?: string, moves?: string, opening?: string }} NewGameRequest */
/** @typedef {GameSetup & { text: string, format?: string }} ImportRequest */

export class ApiError extends Error {
  /**
   * @param {number} status HTTP status, 0 when the server could not be reached
   * @param {Partial<import("./types.js").ErrorBody> | null} body
   */
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error || "network";
    /** @type {import("./types.js").Refusal | null} */
    this.reason = body?.reason || null;
  }
}

/**
 * One request; the answer's JSON (typed by the caller, who knows the route).
 * @template T
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 * @param {string} [seat] an online game's seat token (sent in a header, never in the URL)
 * @returns {Promise<T>}
 */
async function call(method, path, body, seat) {
  /** @type {Record<string, string>} */
  const headers = body === undefined ? {} : { "Content-Type": "application/json" };
  if (seat) headers["X-Seat-Token"] = seat;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
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
  /** @returns {Promise<import("./types.js").ServerInfo>} */
  server: () => call("GET", "/api/server"),
  /** @returns {Promise<import("./types.js").DemoList>} */
  demos: () => call("GET", "/api/demos"),
  /** @returns {Promise<import("./types.js").GameList>} */
  list: () => call("GET", "/api/games"),
  /** @param {NewGameRequest} options @returns {Promise<GameView>} */
  create: (options) => call("POST", "/api/games", options),
  /** @param {ImportRequest} options @returns {Promise<GameView>} */
  importGame: (options) => call("POST", "/api/import", options),
  /** @param {number} id @returns {Promise<GameView>} */
  get: (id) => call("GET", `/api/games/${id}`),
  /** @param {number} id @returns {Promise<import("./types.js").Deleted>} */
  remove: (id) => call("DELETE", `/api/games/${id}`),
  /** @param {number} id @param {number} x @param {number} y @returns {Promise<GameView>} */
  play: (id, x, y) => call("POST", `/api/games/${id}/play`, { x, y }),
  /** @param {number} id @returns {Promise<GameView>} */
  undo: (id) => call("POST", `/api/games/${id}/undo`),
  /** @param {number} id @returns {Promise<GameView>} */
  redo: (id) => call("POST", `/api/games/${id}/redo`),
  /** @param {number} id @returns {Promise<import("./types.js").HintAnswer>} */
  hint: (id) => call("POST", `/api/games/${id}/hint`),
  /** @param {number} id @returns {Promise<GameView>} */
  resign: (id) => call("POST", `/api/games/${id}/resign`),
  /** @param {number} id @returns {Promise<import("./types.js").Stopped>} */
  stop: (id) => call("POST", `/api/games/${id}/stop`),
  /** @param {number} id @param {number} lines @returns {Promise<import("./types.js").AnalysisStarted>} */
  analyse: (id, lines) => call("POST", `/api/games/${id}/analyse`, { lines }),
  /** @param {number} id @param {string} decision @returns {Promise<GameView>} */
  decide: (id, decision) => call("POST", `/api/games/${id}/opening`, { decision }),
  /** @param {number} id @param {boolean} paused @returns {Promise<GameView>} */
  pause: (id, paused) => call("POST", `/api/games/${id}/pause`, { paused }),
  /** @param {number} id @returns {Promise<import("./types.js").ReviewState>} */
  review: (id) => call("GET", `/api/games/${id}/review`),
  /** @param {number} id @param {number} nodes @returns {Promise<import("./types.js").ReviewState>} */
  startReview: (id, nodes) => call("POST", `/api/games/${id}/review`, { nodes }),
  /** @param {number} id @returns {Promise<import("./types.js").Stopped>} */
  cancelReview: (id) => call("POST", `/api/games/${id}/review/cancel`),
  /**
   * A record of the game as text (not JSON).
   * @param {GameView} game a numbered game or an online one
   * @param {string} format "moves", "psq" or "sgf"
   * @returns {Promise<string>}
   */
  exportText: async (game, format) => {
    const base = game.online ? `/api/online/${game.online.public_id}` : `/api/games/${game.id}`;
    const response = await fetch(`${base}/export?format=${format}`);
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

/**
 * A new online game (POST /api/online).
 * @typedef {object} NewOnlineRequest
 * @property {string} [rule]
 * @property {number} [size]
 * @property {string} [opening]
 * @property {"black" | "white" | "random"} [color]
 * @property {{ main_ms?: number, increment_ms?: number, move_ms?: number }} [clock]
 */

/** An online game's requests: by its public id, with this browser's seat token. */
export const online = {
  /** @param {NewOnlineRequest} options @returns {Promise<import("./types.js").SeatGranted>} */
  create: (options) => call("POST", "/api/online", options),
  /** @param {string} id @returns {Promise<import("./types.js").SeatGranted>} */
  join: (id) => call("POST", `/api/online/${id}/join`),
  /** @param {string} id @returns {Promise<GameView>} */
  get: (id) => call("GET", `/api/online/${id}`),
  /** @param {string} id @param {string} seat @returns {Promise<import("./types.js").SeatOf>} */
  seat: (id, seat) => call("GET", `/api/online/${id}/seat`, undefined, seat),
  /** @param {string} id @param {string} seat @param {number} x @param {number} y @returns {Promise<GameView>} */
  play: (id, seat, x, y) => call("POST", `/api/online/${id}/play`, { x, y }, seat),
  /** @param {string} id @param {string} seat @param {string} decision @returns {Promise<GameView>} */
  decide: (id, seat, decision) => call("POST", `/api/online/${id}/opening`, { decision }, seat),
  /** @param {string} id @param {string} seat @returns {Promise<GameView>} */
  resign: (id, seat) => call("POST", `/api/online/${id}/resign`, undefined, seat),
  /** @param {string} id @param {string} seat @returns {Promise<GameView>} */
  askUndo: (id, seat) => call("POST", `/api/online/${id}/undo`, undefined, seat),
  /** @param {string} id @param {string} seat @param {boolean} accept @returns {Promise<GameView>} */
  answerUndo: (id, seat, accept) => call("POST", `/api/online/${id}/undo/answer`, { accept }, seat),
  /** @param {string} id @param {string} seat @returns {Promise<GameView>} */
  offerDraw: (id, seat) => call("POST", `/api/online/${id}/draw`, undefined, seat),
  /** @param {string} id @param {string} seat @param {boolean} accept @returns {Promise<GameView>} */
  answerDraw: (id, seat, accept) => call("POST", `/api/online/${id}/draw/answer`, { accept }, seat),
  /** @param {string} id @param {string} seat @returns {Promise<GameView>} */
  rematch: (id, seat) => call("POST", `/api/online/${id}/rematch`, undefined, seat),
  /** @param {string} id @param {string} seat @param {string} text @returns {Promise<import("./types.js").ChatMessage>} */
  chat: (id, seat, text) => call("POST", `/api/online/${id}/chat`, { text }, seat),
  /** @param {string} id @returns {Promise<import("./types.js").ChatLog>} */
  chatLog: (id) => call("GET", `/api/online/${id}/chat`),
};

// The live events of one game. Reconnects after a drop until closed.
export class GameSocket {
  /**
   * @param {string} path the socket's path (`/api/games/7/ws`, `/api/online/ID/ws`)
   * @param {(event: GameEvent) => void} onEvent
   * @param {(online: boolean) => void} onStatus
   * @param {string} [hello] sent first on every (re)connection (an online seat's token)
   */
  constructor(path, onEvent, onStatus, hello) {
    this.path = path;
    this.hello = hello;
    this.onEvent = onEvent;
    this.onStatus = onStatus;
    this.closed = false;
    this.retry = 500;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}${this.path}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      if (this.hello) ws.send(this.hello);
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
