// Replay of a game: first / back / forward / last (buttons and arrow keys) over the
// moves the server sent; the board shows the position after `index` moves.

import { find } from "./dom.js";
import { t } from "./i18n.js";
import { stonesOf } from "./board.js";

export class Replay {
  /**
   * @param {HTMLElement} root the replay bar
   * @param {() => void} onChange called after each step
   */
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange;
    /** @type {import("./types.js").GameView | null} */
    this.game = null;
    this.index = 0;
    /** @param {(index: number) => number} f */
    const go = (f) => () => this.go(f(this.index));
    find(root, '[data-replay="first"]').onclick = go(() => 0);
    find(root, '[data-replay="back"]').onclick = go((i) => i - 1);
    find(root, '[data-replay="forward"]').onclick = go((i) => i + 1);
    find(root, '[data-replay="last"]').onclick = go(() => Infinity);
  }

  get active() {
    return this.game !== null;
  }

  /** @param {import("./types.js").GameView} game */
  start(game) {
    this.game = game;
    this.index = 0;
    this.root.hidden = false;
    this.go(0);
  }

  stop() {
    this.game = null;
    this.root.hidden = true;
  }

  /** @param {number} index */
  go(index) {
    if (!this.game) return;
    this.index = Math.max(0, Math.min(this.game.moves.length, index));
    find(this.root, ".where").textContent = t("replay.where", {
      n: this.index,
      total: this.game.moves.length,
    });
    this.onChange();
  }

  /**
   * Arrow keys and Home/End step through the game; true when the key was used.
   * @param {KeyboardEvent} event
   * @returns {boolean}
   */
  key(event) {
    if (!this.game) return false;
    /** @type {Record<string, number>} */
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
    if (event.key in moves) this.go(this.index + moves[event.key]);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(Infinity);
    else return false;
    return true;
  }

  /**
   * The stones after `index` moves: set-up stones, then the moves with their numbers.
   * @returns {import("./board.js").Stone[]}
   */
  stones() {
    return this.game ? stonesOf(this.game, this.index) : [];
  }
}
