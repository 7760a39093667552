// The move list: the moves in two columns (black, white) with their numbers, the move on
// the board highlighted, a review's marks beside the moves; a click jumps to that move.

import { t } from "./i18n.js";

/** @typedef {import("./types.js").GameView} GameView */
/** @typedef {import("./types.js").ReviewView} ReviewView */

/** Signs after a marked move, as chess and renju annotators write them. */
const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

export class MoveList {
  /**
   * @param {HTMLElement} root
   * @param {(index: number) => void} onJump called with the number of moves to show
   */
  constructor(root, onJump) {
    this.root = root;
    this.onJump = onJump;
    root.addEventListener("click", (e) => {
      const cell = e.target instanceof Element ? e.target.closest("[data-index]") : null;
      if (cell instanceof HTMLElement) this.onJump(Number(cell.dataset.index));
    });
  }

  /**
   * @param {GameView | null} game
   * @param {number} current moves on the board now
   * @param {ReviewView | null} review
   */
  render(game, current, review) {
    this.root.textContent = "";
    if (!game || game.moves.length === 0) return;
    const table = document.createElement("table");
    const body = table.createTBody();
    // A game whose first move is white's (a set-up position) starts its first row with
    // an empty black cell.
    const offset = game.first_to_move === "white" ? 1 : 0;
    /** @type {HTMLTableRowElement | null} */
    let row = null;
    for (let k = -offset; k < game.moves.length; k++) {
      if ((k + offset) % 2 === 0) {
        row = body.insertRow();
        const n = row.insertCell();
        n.className = "n";
        n.textContent = `${(k + offset) / 2 + 1}.`;
      }
      const cell = /** @type {HTMLTableRowElement} */ (row).insertCell();
      if (k < 0) continue;
      const m = game.moves[k];
      const judged = review?.moves[k];
      cell.dataset.index = String(k + 1);
      cell.className = "mv";
      cell.textContent = m.name + (judged?.mark ? SIGNS[judged.mark] : "");
      if (judged?.mark) {
        cell.dataset.mark = judged.mark;
        cell.title = t(`review.mark.${judged.mark}`);
      }
      if (k + 1 === current) cell.classList.add("current");
    }
    this.root.append(table);
    // Keep the current move in sight by scrolling the list alone, never the page.
    const here = this.root.querySelector(".current");
    if (here instanceof HTMLElement) {
      const top = here.offsetTop;
      const view = this.root;
      if (top < view.scrollTop || top + here.offsetHeight > view.scrollTop + view.clientHeight) {
        view.scrollTop = Math.max(0, top - view.clientHeight / 2);
      }
    }
  }
}
