// Short messages for the player: why a move was refused (from the rules core's reason,
// sent by the server) and other errors. Shown for a few seconds in the message line.

import { t } from "./i18n.js";

let timer = null;

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

export function show(text, kind = "error") {
  const el = document.getElementById("message");
  el.textContent = text;
  el.dataset.kind = kind;
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => {
    el.hidden = true;
  }, 5000);
}

export function showError(error) {
  show(explain(error), "error");
}

export function clear() {
  const el = document.getElementById("message");
  el.hidden = true;
  el.textContent = "";
}
