// The opening rule's current step in words, and the buttons of its decisions (swap or
// stay, a colour, swap2's choices, N, Taraguchi's choice). Stones, offers and picks are
// clicks on the board; the server's rules core judges every decision.

import { find } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").GameView} GameView */

/** Which buttons each step shows (by data-decision). */
const BUTTONS = {
  swap_option: ["swap", "stay"],
  choose_color: ["take-black", "take-white"],
  swap2_choice: ["play-white", "take-black", "place-two"],
  declare: ["declare"],
  taraguchi_choice: ["one", "ten"],
};

/** What a button sends: choosing a colour is swap (black) or stay (white). */
const WORDS = { "take-white": "stay" };

export class OpeningPanel {
  /**
   * @param {HTMLElement} root
   * @param {(word: string) => void} decide
   */
  constructor(root, decide) {
    this.root = root;
    this.step = "";
    for (const b of root.querySelectorAll("button[data-decision]")) {
      if (!(b instanceof HTMLButtonElement)) continue;
      const word = b.dataset.decision ?? "";
      b.onclick = () => {
        // In choose_color, "take black" is a swap.
        const sent = this.step === "choose_color" && word === "take-black" ? "swap" : word;
        decide(/** @type {Record<string, string>} */ (WORDS)[sent] ?? sent);
      };
    }
    find(root, "#btn-declare").onclick = () =>
      decide(`n=${find(root, "#opening-n", HTMLSelectElement).value}`);
  }

  /**
   * @param {GameView | null} game
   * @param {import("./types.js").Color | null} [seat] in an online game, this browser's
   *   colour (null: watching); left out, every person's step is this page's to decide
   */
  render(game, seat) {
    const o = game?.opening;
    this.root.hidden = !o || o.step === "done";
    if (!o || o.step === "done") return;
    this.step = o.step;
    const mine = seat === undefined ? o.decider === "human" : o.decider_color === seat;
    const who = t(`color.${o.decider_color}`);
    let text;
    if (o.step === "place") {
      text = t("opening.step.place", { who, color: t(`color.${o.color}`) });
      if (o.area && o.area < game.size) text += ` ${t("opening.area", { k: o.area })}`;
    } else if (o.step === "offer") {
      text = t("opening.step.offer", { who, wanted: o.wanted, placed: o.placed });
    } else {
      text = t(`opening.step.${o.step}`, { who });
    }
    // Not this page's step: the computer's, or (online) the friend's; a watcher sees the
    // step alone.
    if (!mine && seat !== null) {
      text += ` · ${seat === undefined ? t("status.computer") : t("online.their_move")}`;
    }
    find(this.root, ".step").textContent = text;
    const shown = /** @type {Record<string, string[]>} */ (BUTTONS)[o.step] ?? [];
    for (const el of this.root.querySelectorAll("[data-decision]")) {
      if (!(el instanceof HTMLElement)) continue;
      el.hidden = !shown.includes(el.dataset.decision ?? "");
      if (el instanceof HTMLButtonElement) el.disabled = !mine;
    }
    find(this.root, "#btn-declare", HTMLButtonElement).disabled = !mine;
  }
}
