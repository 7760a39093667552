// Online games ("play a friend"): the seat this browser holds in each game (its token,
// kept in local storage and sent only in a request header), and the panel of an open
// online game: the invitation (link, QR code), both players with their clocks and
// connections, offers waiting for an answer, the seat's buttons, and the chat.

import { online as api } from "./api.js";
import { find } from "./dom.js";
import { t } from "./i18n.js";
import * as messages from "./messages.js";
import { qrSvg } from "./qr.js";

/** @typedef {import("./types.js").GameView} GameView */
/** @typedef {import("./types.js").Color} Color */

const SEATS_KEY = "fiveinrow.seats";

/**
 * @typedef {object} Seat
 * @property {string} token
 * @property {Color} color
 * @property {number} [at] when it was last kept (ms), to list the latest first
 */

/** @returns {Record<string, Seat>} */
function seats() {
  try {
    const v = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

/** The seat this browser holds in online game `id`, if any. @param {string} id */
export function seatIn(id) {
  const s = seats()[id];
  return s && typeof s.token === "string" ? s : null;
}

/** The online games this browser holds a seat in, the latest first. */
export function heldSeats() {
  return Object.entries(seats())
    .filter(([, s]) => s && typeof s.token === "string")
    .sort(([, a], [, b]) => (b.at ?? 0) - (a.at ?? 0));
}

/** Forgets the seat of a game the server no longer has. @param {string} id */
export function forgetSeat(id) {
  const all = seats();
  delete all[id];
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** @param {string} id @param {Seat} seat */
export function rememberSeat(id, seat) {
  const all = seats();
  all[id] = { token: seat.token, color: seat.color, at: Date.now() };
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  } catch {
    // Private mode: the seat lasts as long as the page.
  }
}

/** The invitation link of game `id` (the server's public address when it has one). */
function inviteLink(/** @type {string} */ id, /** @type {string | null} */ link) {
  return link || `${location.origin}/#online=${id}`;
}

/** m:ss (or h:mm:ss) of `ms`. @param {number} ms */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The colour that acts now: the opening's decider, else the side to move. @param {GameView} g */
export function actingColor(g) {
  return g.opening && g.opening.step !== "done" ? g.opening.decider_color : g.to_move;
}

export class OnlinePanel {
  /**
   * @param {HTMLElement} root
   * @param {{ onGame: (g: GameView) => void, onFollow: (id: string) => void, onSeat: () => void }} hooks
   */
  constructor(root, hooks) {
    this.root = root;
    this.hooks = hooks;
    /** @type {string | null} the open online game's public id */
    this.id = null;
    /** @type {Seat | null} */
    this.seat = null;
    /** @type {string | null} the server's whole link, when it knows its address */
    this.link = null;
    /** @type {GameView | null} */
    this.game = null;
    /** Local time minus the server's, from the last state. */
    this.skew = 0;
    /** @type {import("./types.js").ChatMessage[]} */
    this.chat = [];
    this.muted = false;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.ticker = undefined;
    /** The rematch already followed (a render may come again before it opens). */
    this.followed = "";
    /** The opening's decisions last seen: a swap moves this seat to the other colour. */
    this.decisions = "";
    find(root, ".copy-link").onclick = () => this.copy(inviteLink(this.id ?? "", this.link));
    find(root, ".other-device").onclick = () => {
      if (this.id && this.seat) this.copy(`${inviteLink(this.id, this.link)}&seat=${this.seat.token}`);
    };
    find(root, ".ask-undo").onclick = () => this.send((id, token) => api.askUndo(id, token));
    find(root, ".offer-draw").onclick = () => this.send((id, token) => api.offerDraw(id, token));
    find(root, ".accept").onclick = () => this.answer(true);
    find(root, ".decline").onclick = () => this.answer(false);
    find(root, ".rematch").onclick = () => this.send((id, token) => api.rematch(id, token));
    const form = find(root, ".chat form", HTMLFormElement);
    form.onsubmit = (e) => {
      e.preventDefault();
      this.say();
    };
    const mute = find(root, ".mute", HTMLInputElement);
    mute.onchange = () => {
      this.muted = mute.checked;
      this.renderChat();
    };
  }

  /**
   * Opens online game `id` in the panel (with this browser's seat, if it holds one).
   * @param {string} id
   * @param {Seat | null} seat
   * @param {string | null} [link]
   */
  open(id, seat, link = null) {
    if (this.id !== id) {
      this.chat = [];
      api
        .chatLog(id)
        .then((log) => {
          if (this.id !== id) return;
          this.chat = log.messages;
          this.renderChat();
        })
        .catch(() => {});
    }
    this.id = id;
    this.seat = seat;
    this.decisions = "";
    if (link) this.link = link;
    clearInterval(this.ticker);
    this.ticker = setInterval(() => this.renderClocks(), 250);
  }

  close() {
    this.id = null;
    this.seat = null;
    this.game = null;
    clearInterval(this.ticker);
    this.root.hidden = true;
  }

  /** Whether this browser's seat acts now. @param {GameView} g */
  canAct(g) {
    const o = g.online;
    return !!this.seat && !!o && o.black.taken && o.white.taken && !g.over && actingColor(g) === this.seat.color;
  }

  /** A chat line arrived. @param {import("./types.js").ChatMessage} m */
  onChat(m) {
    this.chat.push(m);
    if (this.chat.length > 200) this.chat.shift();
    this.renderChat();
  }

  /**
   * A request with the seat's token; its answer (the game) goes to the page.
   * @param {(id: string, token: string) => Promise<GameView>} request
   */
  async send(request) {
    if (!this.id || !this.seat) return;
    try {
      this.hooks.onGame(await request(this.id, this.seat.token));
    } catch (e) {
      messages.showError(e);
    }
  }

  /** @param {boolean} accept */
  answer(accept) {
    const o = this.game?.online;
    if (!o) return;
    if (o.undo_request) this.send((id, token) => api.answerUndo(id, token, accept));
    else if (o.draw_offer) this.send((id, token) => api.answerDraw(id, token, accept));
  }

  async say() {
    const input = find(this.root, ".chat input[name=text]", HTMLInputElement);
    const text = input.value.trim();
    if (!text || !this.id || !this.seat) return;
    try {
      await api.chat(this.id, this.seat.token, text);
      input.value = "";
    } catch (e) {
      messages.showError(e);
    }
  }

  /** @param {string} text */
  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      messages.show(`${t("records.copied")} ${text}`, "info");
    } catch {
      messages.show(text, "info");
    }
  }

  /** @param {GameView | null} g */
  render(g) {
    const o = g?.online;
    this.root.hidden = !o;
    if (!g || !o) return;
    this.game = g;
    this.skew = Date.now() - o.server_time;
    const mine = this.seat?.color ?? null;
    // The invitation, while the other seat is free.
    const waiting = !o.black.taken || !o.white.taken;
    const invite = find(this.root, ".invite");
    invite.hidden = !waiting || !mine;
    if (waiting && mine && this.id) {
      const link = inviteLink(this.id, this.link);
      find(invite, "input", HTMLInputElement).value = link;
      const qr = find(invite, ".qr");
      if (qr.dataset.link !== link) {
        qr.dataset.link = link;
        qr.replaceChildren(qrSvg(link));
      }
    }
    find(this.root, ".role").textContent = mine
      ? t("online.you_play", { color: t(`color.${mine}`) })
      : t("online.watching");
    for (const c of /** @type {Color[]} */ (["black", "white"])) {
      const seat = o[c];
      const who = c === mine ? t("online.you") : seat.taken ? t("online.opponent") : t("online.free");
      const state = !seat.taken ? "" : seat.connected ? t("online.connected") : t("online.disconnected");
      const row = find(this.root, `.player[data-color=${c}]`);
      find(row, ".who").textContent = `${t(`color.${c}`)}: ${who}`;
      find(row, ".conn").textContent = state;
      row.dataset.connected = String(seat.connected);
    }
    // Offers: the opponent's wait for this seat's answer; this seat's own wait.
    const offer = o.undo_request ?? o.draw_offer;
    const kind = o.undo_request ? "undo" : "draw";
    const theirs = !!offer && !!mine && offer !== mine && !g.over;
    find(this.root, ".offer").hidden = !offer || g.over;
    find(this.root, ".offer .text").textContent = !offer
      ? ""
      : theirs
        ? t(`online.${kind}_asked`)
        : t(`online.${kind}_waiting`);
    find(this.root, ".offer .answers").hidden = !theirs;
    const playing = !!mine && o.black.taken && o.white.taken && !g.over;
    find(this.root, ".ask-undo", HTMLButtonElement).disabled = !playing || !!offer || g.moves.length === 0;
    find(this.root, ".offer-draw", HTMLButtonElement).disabled = !playing || !!offer;
    find(this.root, ".seat-buttons").hidden = !mine || g.over;
    find(this.root, ".other-device").hidden = !mine;
    // After the game: a rematch, colours swapped.
    const rematch = find(this.root, ".rematch", HTMLButtonElement);
    rematch.hidden = !mine || !g.over;
    rematch.disabled = o.rematch_offer === mine || !!o.rematch_id;
    rematch.textContent =
      o.rematch_offer && o.rematch_offer !== mine ? t("online.rematch_accept") : t("online.rematch");
    find(this.root, ".rematch-note").textContent =
      o.rematch_offer === mine && !o.rematch_id ? t("online.rematch_waiting") : "";
    find(this.root, ".chat form").hidden = !mine;
    this.renderClocks();
    if (o.rematch_id && this.id !== o.rematch_id && this.followed !== o.rematch_id) {
      this.followed = o.rematch_id;
      this.hooks.onFollow(o.rematch_id);
    }
    const decisions = g.opening?.record ?? "";
    if (this.seat && decisions !== this.decisions) {
      this.decisions = decisions;
      if (decisions) this.checkSeat();
    }
  }

  /** Asks the server which colour this browser's seat holds now (an opening's swap changes it). */
  async checkSeat() {
    const id = this.id;
    const seat = this.seat;
    if (!id || !seat) return;
    try {
      const { seat: color } = await api.seat(id, seat.token);
      if (this.id !== id || color === seat.color) return;
      this.seat = { token: seat.token, color };
      rememberSeat(id, this.seat);
      this.hooks.onSeat();
    } catch {
      // The seat's colour stays as it was; the next state asks again.
      this.decisions = "";
    }
  }

  renderClocks() {
    const g = this.game;
    const clock = g?.online?.clock;
    const box = find(this.root, ".clocks");
    box.hidden = !clock;
    if (!g || !clock) return;
    const elapsed = clock.running ? Date.now() - this.skew - (g.online?.server_time ?? 0) : 0;
    for (const c of /** @type {Color[]} */ (["black", "white"])) {
      const left = c === "black" ? clock.black_ms : clock.white_ms;
      const running = clock.running === c;
      const el = find(box, `.clock[data-color=${c}]`);
      el.textContent = `${t(`color.${c}`)} ${clockText(running ? left - elapsed : left)}`;
      el.classList.toggle("running", running);
      el.classList.toggle("low", running && left - elapsed < 10_000);
    }
  }

  renderChat() {
    const list = find(this.root, ".chat ol");
    list.replaceChildren();
    const mine = this.seat?.color;
    for (const m of this.chat) {
      // Muted: only this seat's own lines.
      if (this.muted && m.color !== mine) continue;
      const li = document.createElement("li");
      li.dataset.color = m.color;
      const who = document.createElement("b");
      who.textContent = `${m.color === mine ? t("online.you") : t(`color.${m.color}`)}: `;
      li.append(who, document.createTextNode(m.text));
      list.appendChild(li);
    }
    list.scrollTop = list.scrollHeight;
  }
}
