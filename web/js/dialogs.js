// The three dialogs: a new game, the list of saved games, and import / export / link.

import { api, ApiError, online } from "./api.js";
import { $, field, find, radioValue } from "./dom.js";
import { language, t } from "./i18n.js";
import * as messages from "./messages.js";
import { forgetSeat, heldSeats } from "./online.js";

/** @typedef {import("./types.js").GameView} GameView */

// ---- New game -------------------------------------------------------------------------

/** @type {import("./types.js").Demo[]} */
let demos = [];

async function loadDemos() {
  if (demos.length) return;
  try {
    demos = (await api.demos()).demos;
  } catch {
    demos = [];
  }
}

/** @param {HTMLFormElement} form */
function fillDemos(form) {
  const select = field(form, "demo", HTMLSelectElement);
  const rule = field(form, "rule", HTMLSelectElement).value;
  const keep = select.value;
  for (const o of [...select.options].slice(1)) o.remove();
  for (const d of demos.filter((d) => d.rule === rule)) {
    const o = new Option(language() === "zh" ? d.name_zh : d.name_en, d.id);
    select.add(o);
  }
  select.value = [...select.options].some((o) => o.value === keep) ? keep : "";
}

/** @param {HTMLFormElement} form */
function updateNewForm(form) {
  const mode = radioValue(form, "mode");
  const size = field(form, "size", HTMLSelectElement);
  const friend = mode === "friend";
  $("new-colour").hidden = mode !== "pvc";
  $("new-level").hidden = mode === "pvp" || friend;
  $("new-delay").hidden = mode === "pvp" || friend;
  $("new-seat").hidden = !friend;
  $("new-clock").hidden = !friend;
  $("new-demo").hidden = friend;
  field(form, "custom_size", HTMLInputElement).hidden = size.value !== "other";
  $("level-out").textContent = field(form, "level", HTMLInputElement).value;
  // Opening rules are offered per rule: swap2 for gomoku, Soosõrv and Taraguchi for renju;
  // they start from an empty board, so no demo with them.
  const rule = field(form, "rule", HTMLSelectElement).value;
  const opening = field(form, "opening", HTMLSelectElement);
  for (const o of opening.options) {
    const fits = o.value === "" || o.value === "swap1" || (o.value === "swap2") === (rule !== "renju");
    o.disabled = !fits;
    if (!fits && o.selected) opening.value = "";
  }
  const demo = field(form, "demo", HTMLSelectElement);
  demo.disabled = !!opening.value || friend;
  if (opening.value || friend) demo.value = "";
  // A demo sets its own board size.
  size.disabled = !!demo.value;
}

/**
 * Offers only "play a friend online" in the new-game dialog (a server that keeps its own
 * games private to its machine).
 */
export function onlyOnline() {
  const form = $("form-new", HTMLFormElement);
  for (const input of form.querySelectorAll("input[name=mode]")) {
    if (!(input instanceof HTMLInputElement)) continue;
    const label = input.closest("label");
    if (label) label.hidden = input.value !== "friend";
    input.checked = input.value === "friend";
  }
  updateNewForm(form);
}

/**
 * The clock a new online game asks for, from the dialog's choice (`fischer:MAIN:INC`,
 * `move:MS`, or none).
 * @param {string} value
 * @returns {import("./api.js").NewOnlineRequest["clock"]}
 */
function clockChoice(value) {
  const [kind, a, b] = value.split(":");
  if (kind === "fischer") return { main_ms: Number(a), increment_ms: Number(b) };
  if (kind === "move") return { move_ms: Number(a) };
  return undefined;
}

/**
 * Wires the new-game dialog; returns the function that opens it.
 * @param {(game: GameView) => void} onCreated
 * @param {(granted: import("./types.js").SeatGranted) => void} onOnline a new online game
 * @returns {() => Promise<void>}
 */
export function setupNewGame(onCreated, onOnline) {
  const dialog = $("dlg-new", HTMLDialogElement);
  const form = $("form-new", HTMLFormElement);
  form.addEventListener("input", () => updateNewForm(form));
  field(form, "rule", HTMLSelectElement).addEventListener("change", () => {
    fillDemos(form);
    updateNewForm(form);
  });
  form.addEventListener("submit", async (event) => {
    if (!(event.submitter instanceof HTMLButtonElement) || event.submitter.value !== "start") return;
    event.preventDefault();
    const sizeChoice = field(form, "size", HTMLSelectElement).value;
    const size = sizeChoice === "other" ? Number(field(form, "custom_size", HTMLInputElement).value) : Number(sizeChoice);
    const demo = field(form, "demo", HTMLSelectElement).value;
    if (radioValue(form, "mode") === "friend") {
      /** @type {import("./api.js").NewOnlineRequest} */
      const request = {
        rule: field(form, "rule", HTMLSelectElement).value,
        size,
        color: /** @type {"black" | "white" | "random"} */ (radioValue(form, "seat")),
        clock: clockChoice(field(form, "clock", HTMLSelectElement).value),
      };
      const opening = field(form, "opening", HTMLSelectElement).value;
      if (opening) request.opening = opening;
      try {
        const granted = await online.create(request);
        dialog.close();
        onOnline(granted);
      } catch (e) {
        messages.showError(e);
      }
      return;
    }
    /** @type {import("./api.js").NewGameRequest} */
    const options = {
      mode: /** @type {import("./types.js").Mode} */ (radioValue(form, "mode")),
      human: /** @type {import("./types.js").Color} */ (radioValue(form, "human")),
      rule: field(form, "rule", HTMLSelectElement).value,
      size,
      level: Number(field(form, "level", HTMLInputElement).value),
      think_delay: field(form, "think_delay", HTMLInputElement).checked,
    };
    if (demo) options.demo = demo;
    const opening = field(form, "opening", HTMLSelectElement).value;
    if (opening) options.opening = opening;
    try {
      const game = await api.create(options);
      dialog.close();
      onCreated(game);
    } catch (e) {
      messages.showError(e);
    }
  });
  return async () => {
    await loadDemos();
    fillDemos(form);
    updateNewForm(form);
    dialog.showModal();
  };
}

// ---- Saved games ----------------------------------------------------------------------

/**
 * @param {import("./types.js").PlayerKind} who
 * @param {number} level
 */
function playerName(who, level) {
  return who === "computer" ? t("player.computer", { level }) : t("player.human");
}

/**
 * The online games this browser holds a seat in: each with its colour, rule, moves and
 * result, and a button that opens it. Games the server no longer has are forgotten.
 * @param {HTMLDialogElement} dialog
 * @param {(id: string) => void} onOpenOnline
 */
async function refreshOnline(dialog, onOpenOnline) {
  const list = $("online-games");
  list.replaceChildren();
  const held = heldSeats().slice(0, 30);
  const states = await Promise.allSettled(held.map(([id]) => online.get(id)));
  let shown = 0;
  held.forEach(([id, seat], k) => {
    const r = states[k];
    if (r.status === "rejected") {
      if (r.reason instanceof ApiError && r.reason.code === "unknown_game") forgetSeat(id);
      return;
    }
    const g = r.value;
    const li = document.createElement("li");
    const words = document.createElement("span");
    const result = g.over ? t(`result.${g.result}`) : t("result.ongoing");
    words.textContent = `${t("online.you_play", { color: t(`color.${seat.color}`) })} · ${t(`rule.${g.rule}`)} ${g.size}×${g.size} · ${g.moves.length} ${t("games.moves").toLowerCase()} · ${result}`;
    const open = document.createElement("button");
    open.textContent = t("games.open");
    open.onclick = () => {
      dialog.close();
      onOpenOnline(id);
    };
    li.append(words, open);
    list.appendChild(li);
    shown++;
  });
  $("online-games-none").hidden = shown > 0;
}

/**
 * Wires the saved-games dialog; returns the function that opens it.
 * @param {{ onOpen: (id: number) => void, onReplay: (id: number) => void, onDeleted: (id: number) => void, onOpenOnline: (id: string) => void }} actions
 * @returns {() => Promise<void>}
 */
export function setupGames({ onOpen, onReplay, onDeleted, onOpenOnline }) {
  const dialog = $("dlg-games", HTMLDialogElement);
  async function refresh() {
    refreshOnline(dialog, onOpenOnline);
    const body = $("games-body");
    body.replaceChildren();
    /** @type {import("./types.js").GameSummary[]} */
    let games = [];
    let local = true;
    try {
      games = (await api.list()).games;
    } catch (e) {
      // A server others reach keeps its own games to its machine: online games only.
      if (e instanceof ApiError && e.code === "local_only") local = false;
      else messages.showError(e);
    }
    $("games-none").hidden = games.length > 0 || !local;
    find(dialog, ".table-wrap").hidden = !local;
    const dateFormat = new Intl.DateTimeFormat(language() === "zh" ? "zh-CN" : "en", {
      dateStyle: "short",
      timeStyle: "short",
    });
    for (const g of games) {
      const tr = document.createElement("tr");
      tr.dataset.id = String(g.id);
      const cells = [
        dateFormat.format(new Date(g.updated_at)),
        `${playerName(g.black, g.level)} – ${playerName(g.white, g.level)}`,
        `${t(`rule.${g.rule}`)} ${g.size}×${g.size}`,
        t(`result.${g.result}`),
        String(g.move_count),
      ];
      for (const text of cells) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      const actions = document.createElement("td");
      actions.className = "actions";
      /** @param {string} key @param {() => void} handler */
      const button = (key, handler) => {
        const b = document.createElement("button");
        b.textContent = t(key);
        b.dataset.action = key.split(".")[1];
        b.onclick = handler;
        actions.appendChild(b);
      };
      button("games.open", () => {
        dialog.close();
        onOpen(g.id);
      });
      button("games.replay", () => {
        dialog.close();
        onReplay(g.id);
      });
      button("games.delete", async () => {
        if (!confirm(t("games.confirm_delete"))) return;
        try {
          await api.remove(g.id);
          onDeleted(g.id);
        } catch (e) {
          messages.showError(e);
        }
        refresh();
      });
      tr.appendChild(actions);
      body.appendChild(tr);
    }
  }
  return async () => {
    await refresh();
    dialog.showModal();
  };
}

// ---- Import / export / link -----------------------------------------------------------

/**
 * The page's link to this position ("#position=rule/size/moves").
 * @param {GameView} game
 */
function positionLink(game) {
  const moves = game.move_string || "";
  return `${location.origin}/#position=${game.rule}/${game.size}/${moves}`;
}

/** @param {string} text @returns {Promise<boolean>} whether the clipboard took it */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Wires the import / export dialog; returns the function that opens it.
 * @param {{ currentGame: () => GameView | null, onImported: (game: GameView) => void }} actions
 * @returns {() => void}
 */
export function setupRecords({ currentGame, onImported }) {
  const dialog = $("dlg-records", HTMLDialogElement);
  const text = $("record-text", HTMLTextAreaElement);
  const download = $("record-download", HTMLAnchorElement);
  $("btn-import").onclick = async () => {
    if (!text.value.trim()) {
      messages.show(t("error.empty_record"));
      return;
    }
    try {
      const game = await api.importGame({
        text: text.value,
        format: $("record-format", HTMLSelectElement).value,
        rule: $("record-rule", HTMLSelectElement).value,
        size: Number($("record-size", HTMLInputElement).value),
        mode: /** @type {import("./types.js").Mode} */ ($("record-mode", HTMLSelectElement).value),
        think_delay: true,
      });
      dialog.close();
      onImported(game);
    } catch (e) {
      messages.showError(e);
    }
  };
  for (const b of dialog.querySelectorAll("[data-export]")) {
    if (!(b instanceof HTMLButtonElement)) continue;
    const format = b.dataset.export ?? "";
    b.onclick = async () => {
      const game = currentGame();
      if (!game) return;
      try {
        const body = await api.exportText(game, format);
        text.value = body;
        /** @type {Record<string, string>} */
        const extensions = { moves: "txt", psq: "psq", sgf: "sgf" };
        const ext = extensions[format];
        URL.revokeObjectURL(download.href);
        download.href = URL.createObjectURL(new Blob([body], { type: "text/plain" }));
        download.download = `fiveinrow-${game.id}.${ext}`;
        download.hidden = false;
      } catch (e) {
        messages.showError(e);
      }
    };
  }
  $("btn-copy-record").onclick = async () => {
    if (await copyText(text.value)) messages.show(t("records.copied"), "info");
    else text.select();
  };
  return () => {
    const game = currentGame();
    $("record-link", HTMLInputElement).value = game ? positionLink(game) : "";
    if (game) {
      $("record-rule", HTMLSelectElement).value = game.rule;
      $("record-size", HTMLInputElement).value = String(game.size);
    }
    download.hidden = true;
    dialog.showModal();
  };
}

// Copies the link to the current position; shows it when the clipboard is not allowed.
/** @param {GameView | null} game */
export async function copyLink(game) {
  if (!game) return;
  const link = positionLink(game);
  if (await copyText(link)) {
    messages.show(`${t("records.copied")} ${link}`, "info");
  } else {
    messages.show(link, "info");
  }
}
