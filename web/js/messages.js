// Short messages for the player: why a move was refused (from the rules core's reason,
// sent by the server) and other errors. Shown for a few seconds in the message line, or
// inside the open dialog when one is open (the dialog caused it, and covers the line).

import { ApiError } from "./api.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";

/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;

/**
 * The words for a failed request: the reason for a refused move, the page's text for a
 * known error code, else the server's message.
 * @param {ApiError} error
 * @returns {string}
 */
export function explain(error) {
  if (error.code === "move_refused" && error.reason) {
    const r = error.reason;
    if (r.kind === "forbidden") return t("reason.forbidden", { kind: t(`kind.${r.forbidden}`) });
    return t(`reason.${r.kind}`);
  }
  const key = `error.${error.code}`;
  const text = t(key);
  return text === key ? error.message : text;
}

/**
 * @param {string} text
 * @param {"error" | "info"} [kind]
 */
export function show(text, kind = "error") {
  const dialog = document.querySelector("dialog[open]");
  const el = dialog ? dialogLine(dialog) : $("message");
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => {
    el.hidden = true;
  }, 5000);
}

/** @param {unknown} error an ApiError, or anything else thrown */
export function showError(error) {
  let text = String(error);
  if (error instanceof ApiError) text = explain(error);
  else if (error instanceof Error) text = error.message;
  show(text, "error");
}

export function clear() {
  for (const el of [$("message"), ...document.querySelectorAll("dialog .message")]) {
    if (!(el instanceof HTMLElement)) continue;
    el.hidden = true;
    el.textContent = "";
  }
}

/**
 * The message line of a dialog (made on first use, above its buttons).
 * @param {Element} dialog
 * @returns {HTMLElement}
 */
function dialogLine(dialog) {
  let line = dialog.querySelector(".message");
  if (!(line instanceof HTMLElement)) {
    line = document.createElement("p");
    line.className = "message";
    line.setAttribute("role", "alert");
    const buttons = dialog.querySelector(".buttons");
    if (buttons) buttons.before(line);
    else dialog.append(line);
  }
  return /** @type {HTMLElement} */ (line);
}
