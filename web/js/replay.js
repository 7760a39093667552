// Replay of a game: first / back / forward / last (buttons and arrow keys) over the
// moves the server sent; the board shows the position after `index` moves.

import { t } from "./i18n.js";

export class Replay {
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange;
    this.game = null;
    this.index = 0;
    const go = (f) => () => this.go(f(this.index));
    root.querySelector('[data-replay="first"]').onclick = go(() => 0);
    root.querySelector('[data-replay="back"]').onclick = go((i) => i - 1);
    root.querySelector('[data-replay="forward"]').onclick = go((i) => i + 1);
    root.querySelector('[data-replay="last"]').onclick = go(() => Infinity);
  }

  get active() {
    return this.game !== null;
  }

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

  go(index) {
    if (!this.game) return;
    this.index = Math.max(0, Math.min(this.game.moves.length, index));
    this.root.querySelector(".where").textContent = t("replay.where", {
      n: this.index,
      total: this.game.moves.length,
    });
    this.onChange();
  }

  // Arrow keys and Home/End step through the game; true when the key was used.
  key(event) {
    if (!this.game) return false;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
    if (event.key in moves) this.go(this.index + moves[event.key]);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(Infinity);
    else return false;
    return true;
  }

  // The stones after `index` moves: set-up stones, then the moves with their numbers.
  stones() {
    const g = this.game;
    const stones = g.setup.map((s) => ({ x: s.x, y: s.y, color: s.color, n: 0 }));
    let color = g.first_to_move;
    g.moves.slice(0, this.index).forEach((m, k) => {
      stones.push({ x: m.x, y: m.y, color, n: k + 1 });
      color = color === "black" ? "white" : "black";
    });
    return stones;
  }
}
