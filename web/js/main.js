// The page: wires the board, the panels and the dialogs to the server. The page never
// judges a move itself: it sends it and shows the server's answer, which comes from the
// rules core (including the reason for a refusal and the forbidden points).

import { api, ApiError, GameSocket, online as onlineApi } from "./api.js";
import { AnalysisPanel } from "./analysis.js";
import { BoardView, stonesOf } from "./board.js";
import * as dialogs from "./dialogs.js";
import { $ } from "./dom.js";
import { applyTexts, t, toggleLanguage } from "./i18n.js";
import * as messages from "./messages.js";
import { MoveList } from "./movelist.js";
import { actingColor, OnlinePanel, rememberSeat, seatIn } from "./online.js";
import { OpeningPanel } from "./opening.js";
import { Replay } from "./replay.js";
import { ReviewPanel } from "./review.js";
import * as settings from "./settings.js";
import { playStone } from "./sound.js";

/** @typedef {import("./types.js").GameView} GameView */

/**
 * @typedef {object} PageState
 * @property {GameView | null} game the server's view of the open game
 * @property {GameSocket | null} socket
 * @property {boolean} online
 * @property {import("./types.js").Point | null} hint
 * @property {boolean} analysing "analyse this position" is on
 */

/** @type {PageState} */
const state = {
  game: null,
  socket: null,
  online: true,
  hint: null,
  analysing: false,
};

const board = new BoardView($("board", SVGSVGElement), { onPlay: play, canPlay });
const analysis = new AnalysisPanel($("analysis"));
const replay = new Replay($("replay"), render);
const moveList = new MoveList($("move-list"), jump);
const openingPanel = new OpeningPanel($("opening"), (word) => {
  messages.clear();
  if (state.game?.online) onlinePanel.send((id, token) => onlineApi.decide(id, token, word));
  else act((id) => api.decide(id, word));
});
const onlinePanel = new OnlinePanel($("online"), {
  onGame: setGame,
  // A rematch: the same seat, the other colour (the server swapped the seats' tokens).
  onFollow: (id) => {
    const seat = onlinePanel.seat;
    if (seat) rememberSeat(id, { token: seat.token, color: seat.color === "black" ? "white" : "black" });
    openOnline(id);
  },
  onSeat: () => render(),
});
const review = new ReviewPanel($("review"), {
  start: startReview,
  cancel: () => state.game && api.cancelReview(state.game.id).catch(messages.showError),
  jump,
});

/**
 * Shows the position after `index` moves (a replay of the game; the live game again at
 * its last move).
 * @param {number} index
 */
function jump(index) {
  const g = state.game;
  if (!g) return;
  if (!replay.active) replay.start(g);
  replay.go(index);
}

/** Moves on the board now: the replay's position, else the whole game. */
function currentIndex() {
  return replay.active ? replay.index : (state.game?.moves.length ?? 0);
}

function canPlay() {
  const g = state.game;
  if (g?.online) return !replay.active && onlinePanel.canAct(g);
  return !!g && !replay.active && !g.over && g.player_to_move === "human" && g.thinking !== "move";
}

// ---- Game state -----------------------------------------------------------------------

/** @param {GameView} game */
function setGame(game) {
  const prev = state.game;
  const switched = !prev || prev.id !== game.id;
  // An answer can arrive after a newer state from the socket (the computer replied
  // first): every change raises updated_at, so an older state is dropped.
  if (!switched && game.updated_at < prev.updated_at) return;
  const moved = switched || prev.move_string !== game.move_string || prev.status !== game.status;
  if (!switched && game.moves.length > prev.moves.length) playStone();
  state.game = game;
  if (switched) {
    state.socket?.close();
    const net = game.online;
    if (net) {
      const seat = onlinePanel.seat;
      const hello = seat ? JSON.stringify({ seat: seat.token }) : undefined;
      state.socket = new GameSocket(`/api/online/${net.public_id}/ws`, onEvent, onSocketStatus, hello);
      // Online games are reached by their link, not by the list of this server's games.
      settings.rememberGame(null);
      history.replaceState(null, "", `#online=${net.public_id}`);
    } else {
      onlinePanel.close();
      state.socket = new GameSocket(`/api/games/${game.id}/ws`, onEvent, onSocketStatus);
      settings.rememberGame(game.id);
      history.replaceState(null, "", `#game=${game.id}`);
    }
    state.analysing = false;
    replay.stop();
    analysis.reset();
    review.reset();
  }
  if (moved) {
    state.hint = null;
    refreshReview();
    if (!switched) analysis.positionChanged();
    if (state.analysing && !game.over && game.thinking !== "move") requestAnalysis();
  }
  render();
}

function closeGame() {
  onlinePanel.close();
  state.socket?.close();
  state.socket = null;
  state.game = null;
  settings.rememberGame(null);
  history.replaceState(null, "", location.pathname);
  analysis.reset();
  render();
}

/** @param {import("./types.js").GameEvent} ev */
function onEvent(ev) {
  const g = state.game;
  switch (ev.type) {
    case "state":
      if (g && ev.game.id === g.id) setGame(ev.game);
      break;
    case "thinking":
      if (g) {
        g.thinking = ev.active ? ev.kind : null;
        render();
      }
      break;
    case "info":
      analysis.onInfo(ev);
      renderBoard();
      break;
    case "analysis":
      analysis.onAnalysis(ev);
      renderBoard();
      break;
    case "hint":
      state.hint = ev.point;
      renderBoard();
      break;
    case "deleted":
      closeGame();
      break;
    case "review_progress":
      review.set({ status: "running", done: ev.done, total: ev.total, review: null });
      render();
      break;
    case "reviewed":
      review.set({ status: "done", done: 0, total: 0, review: ev.review });
      render();
      break;
    case "review_ended":
      review.reset();
      refreshReview();
      if (ev.reason !== "cancelled") messages.show(t("review.ended", { reason: ev.reason }));
      render();
      break;
    case "error":
      messages.show(ev.message);
      break;
    case "chat":
      onlinePanel.onChat(ev);
      break;
    default:
      break;
  }
}

/** @param {boolean} online */
function onSocketStatus(online) {
  state.online = online;
  renderStatus();
}

// ---- Actions --------------------------------------------------------------------------

/** @param {(id: number) => Promise<GameView>} request */
async function act(request) {
  if (!state.game) return;
  try {
    const game = await request(state.game.id);
    if (game && game.id) setGame(game);
  } catch (e) {
    messages.showError(e);
    if (e instanceof ApiError && e.code === "unknown_game") closeGame();
  }
}

/** @param {number} x @param {number} y */
function play(x, y) {
  messages.clear();
  if (state.game?.online) onlinePanel.send((id, token) => onlineApi.play(id, token, x, y));
  else act((id) => api.play(id, x, y));
}

/**
 * Opens online game `id`: with this browser's seat, else the free seat (joining), else
 * as a watcher. `token` comes from a "continue on another device" link.
 * @param {string} id
 * @param {string | null} [token]
 */
async function openOnline(id, token = null) {
  try {
    if (token) {
      const { seat } = await onlineApi.seat(id, token);
      rememberSeat(id, { token, color: seat });
    }
    let seat = seatIn(id);
    // A kept seat is checked (and its colour refreshed: an opening's swap moves it); one
    // the server no longer knows is forgotten.
    if (seat) {
      try {
        const { seat: color } = await onlineApi.seat(id, seat.token);
        seat = { token: seat.token, color };
        rememberSeat(id, seat);
      } catch (e) {
        if (!(e instanceof ApiError && e.code === "not_your_seat")) throw e;
        seat = null;
      }
    }
    let game = await onlineApi.get(id);
    const net = game.online;
    /** @type {string | null} */
    let link = null;
    if (!seat && net && (!net.black.taken || !net.white.taken)) {
      const granted = await onlineApi.join(id);
      seat = { token: granted.token, color: granted.seat };
      rememberSeat(id, seat);
      game = granted.game;
      link = granted.link;
    }
    onlinePanel.open(id, seat, link);
    state.game = null;
    setGame(game);
    if (!seat) messages.show(t("online.watching_note"), "info");
  } catch (e) {
    messages.showError(e);
  }
}

/** A new online game was made: this browser holds its first seat. @param {import("./types.js").SeatGranted} granted */
function onlineCreated(granted) {
  const id = granted.game.online?.public_id;
  if (!id) return;
  const seat = { token: granted.token, color: granted.seat };
  rememberSeat(id, seat);
  onlinePanel.open(id, seat, granted.link);
  setGame(granted.game);
}

async function hint() {
  if (!state.game) return;
  state.hint = null;
  try {
    const answer = await api.hint(state.game.id);
    state.hint = answer.hint;
    messages.show(t("hint.shown", { point: answer.hint.name }), "info");
    renderBoard();
  } catch (e) {
    messages.showError(e);
  }
}

async function requestAnalysis() {
  if (!state.game) return;
  try {
    await api.analyse(state.game.id, Number($("analysis-lines", HTMLSelectElement).value));
  } catch (e) {
    state.analysing = false;
    messages.showError(e);
    render();
  }
}

function toggleAnalysis() {
  if (!state.game) return;
  state.analysing = !state.analysing;
  if (state.analysing) requestAnalysis();
  else if (state.game.thinking === "analysis") api.stop(state.game.id).catch(() => {});
  render();
}

/** Asks where the open game's review stands (a stored one shows at once). */
async function refreshReview() {
  const g = state.game;
  if (!g) return;
  try {
    const s = await api.review(g.id);
    if (state.game?.id !== g.id) return;
    review.set(s);
    render();
  } catch {
    // The review panel stays as it was; the game itself is unaffected.
  }
}

/** @param {number} nodes per position */
async function startReview(nodes) {
  const g = state.game;
  if (!g) return;
  try {
    review.set(await api.startReview(g.id, nodes));
    render();
  } catch (e) {
    messages.showError(e);
  }
}

/**
 * Asks the person to confirm in the page's own dialog; resolves to true for yes.
 * @param {string} text
 * @param {string} yes the confirming button's words
 * @returns {Promise<boolean>}
 */
function confirmAction(text, yes) {
  const dialog = $("dlg-confirm", HTMLDialogElement);
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
  });
}

async function resign() {
  if (!(await confirmAction(t("confirm.resign"), t("confirm.resign_yes")))) return;
  if (state.game?.online) onlinePanel.send((id, token) => onlineApi.resign(id, token));
  else act(api.resign);
}

/**
 * A new game from the position on the board (a replay's or the game's): against the
 * computer with the person on move, or between people with the analysis on.
 * @param {"pvc" | "pvp"} mode
 */
async function continueFrom(mode) {
  const g = state.game;
  if (!g || g.setup.length > 0) return;
  const n = currentIndex();
  const moves = g.moves.slice(0, n).map((m) => m.name).join("");
  /** @type {import("./types.js").Color} */
  const toMove = n % 2 === 0 ? "black" : "white";
  /** @type {import("./api.js").NewGameRequest} */
  const options = { mode, rule: g.rule, size: g.size, level: g.level, think_delay: g.think_delay, moves };
  if (mode === "pvc") options.human = toMove;
  try {
    setGame(await api.create(options));
    if (mode === "pvp") toggleAnalysis();
  } catch (e) {
    messages.showError(e);
  }
}

/** The same players, rule, size and level, colours swapped. */
async function rematch() {
  const g = state.game;
  if (!g) return;
  /** @type {import("./api.js").NewGameRequest} */
  const options = { mode: g.mode, rule: g.rule, size: g.size, level: g.level, think_delay: g.think_delay };
  if (g.mode === "pvc") options.human = g.players.black === "human" ? "white" : "black";
  try {
    setGame(await api.create(options));
  } catch (e) {
    messages.showError(e);
  }
}

/**
 * @param {number} id
 * @param {{ asReplay?: boolean }} [how]
 */
async function openGame(id, { asReplay = false } = {}) {
  try {
    const game = await api.get(id);
    setGame(game);
    if (asReplay) replay.start(game);
    return game;
  } catch (e) {
    messages.showError(e);
    return null;
  }
}

// ---- Rendering ------------------------------------------------------------------------

/** @returns {import("./board.js").BoardModel} */
function boardModel() {
  const g = state.game;
  if (!g) return { size: 15, stones: [], coords: settings.get("coords") };
  const common = { size: g.size, coords: settings.get("coords"), numbers: settings.get("numbers") };
  if (replay.active) {
    const stones = replay.stones();
    const n = replay.index;
    return {
      ...common,
      passive: true,
      stones,
      last: n ? g.moves[n - 1] : null,
      winLine: n === g.moves.length ? g.win_line : [],
      marks: review.marks(n),
    };
  }
  const stones = stonesOf(g, g.moves.length);
  const showPv = settings.get("pv") && (g.thinking || state.analysing) && !inOpening(g);
  const marks = state.analysing ? analysis.marks() : review.marks(g.moves.length);
  // One set of marks at a time: the ranked best moves when there are several, else
  // the best line as numbered ghost stones.
  const ghosts = showPv && marks.length === 0 ? analysis.ghosts() : [];
  // Offered 5th moves: faint black stones marked 5 until white picks one.
  for (const p of g.opening?.offers ?? []) ghosts.push({ x: p.x, y: p.y, color: "black", label: "5" });
  return {
    ...common,
    stones,
    last: g.moves.length ? g.moves[g.moves.length - 1] : null,
    winLine: g.win_line,
    forbidden: g.forbidden.map((f) => ({ ...f, label: t(`kind.${f.kind}`) })),
    showForbidden: settings.get("forbidden") && g.to_move === "black" && !g.over,
    hint: state.hint,
    ghosts,
    marks,
    toMove: g.over ? null : g.to_move,
  };
}

function renderBoard() {
  board.render(boardModel());
}

/** @param {import("./types.js").Color | null} c */
function colorName(c) {
  return t(`color.${c}`);
}

function renderStatus() {
  const g = state.game;
  const el = $("status");
  if (!g) {
    el.textContent = t("status.none");
    el.dataset.state = "none";
    return;
  }
  let text;
  if (inOpening(g)) text = t("status.opening", { rule: t(`opening.rule.${g.opening?.rule}`) });
  else if (g.status === "won") text = t("status.won", { color: colorName(g.winner) });
  else if (g.status === "resigned") {
    text = t("status.resigned", { loser: colorName(g.resigned), winner: colorName(g.winner) });
  } else if (g.status === "time") {
    text = t("status.time", { loser: colorName(g.online?.lost_on_time ?? null), winner: colorName(g.winner) });
  } else if (g.status === "agreed") text = t("status.agreed");
  else if (g.status === "draw") {
    // Under renju a board with empty points can still be a draw: black's are all forbidden.
    const full = g.setup.length + g.moves.length === g.size * g.size;
    text = t(full ? "status.draw" : "status.draw_forbidden");
  }
  else {
    text = t("status.to_move", { color: colorName(g.to_move) });
    if (g.online) {
      const mine = onlinePanel.seat?.color;
      if (g.online.black.taken && g.online.white.taken && mine) {
        text += ` · ${actingColor(g) === mine ? t("status.you") : t("online.their_move")}`;
      } else if (mine) text += ` · ${t("online.waiting_friend")}`;
    } else if (g.mode !== "pvp") {
      text += ` · ${g.player_to_move === "human" ? t("status.you") : t("status.computer")}`;
    }
  }
  if (g.paused && !g.over) text += ` · ${t("status.paused")}`;
  if (!state.online) text += ` · ${t("status.offline")}`;
  el.textContent = text;
  el.dataset.state = g.status;
  el.dataset.toMove = g.to_move;
  el.classList.toggle("over", g.over);
}

function renderThinking() {
  const g = state.game;
  const kind = g?.thinking;
  $("thinking").hidden = !kind;
  $("thinking").dataset.kind = kind || "";
  const words = { move: "thinking", hint: "hinting", analysis: "analysing" };
  if (kind) $("thinking-text").textContent = t(`status.${words[kind]}`);
}

function renderControls() {
  const g = state.game;
  const live = g && !replay.active;
  // An online game's own buttons are in its panel: no undo of one's own, no hints, no
  // engine help while it is played, and no review through this server's list of games.
  const net = !!g?.online;
  for (const id of ["btn-undo", "btn-redo", "btn-hint"]) $(id).hidden = net;
  $("analysis").hidden = net;
  $("review").hidden = net;
  $("btn-rematch").hidden = net;
  $("btn-review-over").hidden = net;
  const thinkingMove = g?.thinking === "move";
  $("btn-undo", HTMLButtonElement).disabled = !live || (g.moves.length === 0 && !g.resigned);
  $("btn-redo", HTMLButtonElement).disabled = !live || g.redo.length === 0 || !!g.resigned;
  $("btn-hint", HTMLButtonElement).disabled =
    !live || g.over || g.player_to_move !== "human" || thinkingMove || inOpening(g);
  $("btn-resign", HTMLButtonElement).disabled = !live || g.over || g.mode === "cvc";
  $("btn-resign").hidden = g?.mode === "cvc";
  $("btn-pause").hidden = g?.mode !== "cvc";
  $("btn-pause", HTMLButtonElement).disabled = !live || g.over;
  $("btn-pause").textContent = t(g?.paused ? "btn.continue" : "btn.pause");
  $("game-over").hidden = !g || !g.over || replay.active;
  // A set-up position has no move string to start a new game from.
  $("btn-play-here").hidden = !g || g.setup.length > 0;
  $("btn-analyse-here").hidden = !g || g.setup.length > 0;
  $("btn-analyse", HTMLButtonElement).disabled = !live || (g.over && !state.analysing) || thinkingMove;
  $("btn-analyse").textContent = t(state.analysing ? "btn.stop_analysis" : "btn.analyse");
  $("btn-link", HTMLButtonElement).disabled = !g;
}

function renderInfo() {
  const g = state.game;
  const info = $("game-info");
  if (!g) {
    info.textContent = "";
    moveList.render(null, 0, null);
    return;
  }
  /** @param {import("./types.js").Color} c */
  const who = (c) => (g.players[c] === "computer" ? t("player.computer", { level: g.level }) : t("player.human"));
  info.textContent = `${t(`rule.${g.rule}`)} · ${g.size}×${g.size} · ${colorName("black")}: ${who("black")} · ${colorName("white")}: ${who("white")}`;
  moveList.render(g, currentIndex(), review.review);
}

/** @param {GameView} g */
function inOpening(g) {
  return !!g.opening && g.opening.step !== "done";
}

function render() {
  // An online game's turn shows in the tab's title, for a player looking at another tab.
  const g = state.game;
  document.title = g?.online && onlinePanel.canAct(g) ? `● ${t("status.you")} · ${t("title")}` : t("title");
  openingPanel.render(state.game, state.game?.online ? onlinePanel.seat?.color ?? null : undefined);
  onlinePanel.render(state.game);
  renderBoard();
  renderStatus();
  renderThinking();
  renderControls();
  renderInfo();
  review.render(!!state.game && state.game.moves.length > 0, currentIndex());
}

// ---- Start-up -------------------------------------------------------------------------

function applyTheme() {
  const dark = matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.dataset.theme = settings.get("theme") || (dark ? "dark" : "light");
}

function setupSettings() {
  for (const box of document.querySelectorAll("[data-setting]")) {
    const name = box instanceof HTMLInputElement ? box.dataset.setting : undefined;
    if (!(box instanceof HTMLInputElement) || !settings.isToggle(name)) continue;
    box.checked = !!settings.get(name);
    box.addEventListener("change", () => {
      settings.set(name, box.checked);
      render();
    });
  }
  const lines = $("analysis-lines", HTMLSelectElement);
  lines.value = String(settings.get("lines"));
  lines.addEventListener("change", () => {
    settings.set("lines", Number(lines.value));
    if (state.analysing) requestAnalysis();
  });
}

// "#position=renju/15/h8i9j10": a shared position, opened as a new two-person game.
async function openLink() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const position = hash.get("position");
  if (position) {
    const [rule, size, moves = ""] = position.split("/");
    try {
      setGame(await api.create({ mode: "pvp", rule, size: Number(size), moves }));
      return true;
    } catch (e) {
      messages.showError(e);
    }
  }
  const onlineId = hash.get("online");
  if (onlineId) {
    const token = hash.get("seat");
    // The seat's token leaves the address bar (and the history) at once.
    if (token) history.replaceState(null, "", `#online=${onlineId}`);
    await openOnline(onlineId, token);
    return true;
  }
  const linked = hash.get("game");
  const wanted = Number(linked) || settings.lastGame();
  if (wanted) {
    try {
      setGame(await api.get(wanted));
      return true;
    } catch (e) {
      settings.rememberGame(null);
      // A link to a game that is not there says so, and opens no other game in its place.
      if (linked !== null) {
        closeGame();
        messages.showError(e instanceof ApiError && e.code === "unknown_game" ? new Error(t("error.no_such_game", { id: linked })) : e);
        return true;
      }
    }
  }
  return false;
}

/**
 * On a server others reach, this machine's own games are not offered: the page shows
 * only online play (the dialog's other modes, the saved games and records are hidden).
 * @param {import("./types.js").ServerInfo} info
 */
function applyServerInfo(info) {
  if (info.local_games) return;
  // Records and the games list stay: an online game's record can be exported (importing
  // answers why not), and the list shows this browser's online games.
  $("btn-link").hidden = true;
  dialogs.onlyOnline();
}

async function boot() {
  applyTheme();
  applyTexts();
  setupSettings();
  /** @type {import("./types.js").ServerInfo} */
  let info = { local_games: true, public_url: null };
  try {
    info = await api.server();
  } catch {
    // An older server: everything is offered, as before.
  }
  const openNew = dialogs.setupNewGame(setGame, onlineCreated);
  const openGames = dialogs.setupGames({
    onOpen: (id) => openGame(id),
    onReplay: (id) => openGame(id, { asReplay: true }),
    onDeleted: (id) => state.game?.id === id && closeGame(),
    onOpenOnline: (id) => openOnline(id),
  });
  const openRecords = dialogs.setupRecords({ currentGame: () => state.game, onImported: setGame });

  $("btn-new").onclick = openNew;
  $("btn-games").onclick = openGames;
  $("btn-records").onclick = openRecords;
  $("btn-link").onclick = () => dialogs.copyLink(state.game);
  $("btn-theme").onclick = () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    settings.set("theme", next);
    applyTheme();
  };
  $("btn-lang").onclick = () => {
    toggleLanguage();
    analysis.render();
    render();
  };
  $("btn-undo").onclick = () => act(api.undo);
  $("btn-redo").onclick = () => act(api.redo);
  $("btn-hint").onclick = hint;
  $("btn-resign").onclick = resign;
  $("btn-pause").onclick = () => act((id) => api.pause(id, !state.game?.paused));
  $("btn-again").onclick = openNew;
  $("btn-rematch").onclick = rematch;
  $("btn-play-here").onclick = () => continueFrom("pvc");
  $("btn-analyse-here").onclick = () => continueFrom("pvp");
  $("btn-review-over").onclick = () => {
    startReview(Number($("review-budget", HTMLSelectElement).value));
    $("review").scrollIntoView({ block: "nearest" });
  };
  $("btn-stop").onclick = () => state.game && api.stop(state.game.id).catch(messages.showError);
  $("btn-analyse").onclick = toggleAnalysis;
  $("btn-resume").onclick = () => {
    replay.stop();
    render();
  };
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof Element && e.target.closest("input, textarea, select, dialog[open]")) return;
    if (replay.key(e)) e.preventDefault();
    else if (e.key === "ArrowLeft" && state.game?.moves.length && e.target !== $("board")) {
      // From the live game, left steps back into a replay of it.
      jump(state.game.moves.length - 1);
      e.preventDefault();
    }
  });
  window.addEventListener("hashchange", () => openLink());

  applyServerInfo(info);
  render();
  if (!(await openLink())) {
    if (!info.local_games) {
      openNew();
      return;
    }
    // No game to resume: the newest unfinished one, else a new one.
    try {
      const ongoing = (await api.list()).games.find((g) => g.result === "ongoing");
      if (ongoing) {
        await openGame(ongoing.id);
        return;
      }
    } catch {
      // The list is only a convenience here.
    }
    openNew();
  }
}

boot();
