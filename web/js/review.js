// Game review: start one (with a budget per position), its progress with a cancel
// button, then the evaluation graph (black's win rate over the whole game; a click jumps
// to that position), each player's summary and the judgement of the move on the board
// with the engine's better move. The server runs the review and stores it.

import { find } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").ReviewState} ReviewState */
/** @typedef {import("./types.js").ReviewView} ReviewView */

const SVG = "http://www.w3.org/2000/svg";

export class ReviewPanel {
  /**
   * @param {HTMLElement} root the review section
   * @param {{ start: (nodes: number) => void, cancel: () => void, jump: (index: number) => void }} actions
   */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    /** @type {ReviewState} */
    this.state = { status: "none", done: 0, total: 0, review: null };
    find(root, "#btn-review").onclick = () => {
      const nodes = Number(find(root, "#review-budget", HTMLSelectElement).value);
      this.actions.start(nodes);
    };
    find(root, "#btn-review-cancel").onclick = () => this.actions.cancel();
    find(root, ".graph", SVGSVGElement).addEventListener("click", (e) => this.graphClick(e));
  }

  /** @param {ReviewState} state */
  set(state) {
    this.state = state;
  }

  /** @returns {ReviewView | null} */
  get review() {
    return this.state.review;
  }

  reset() {
    this.state = { status: "none", done: 0, total: 0, review: null };
  }

  /**
   * @param {boolean} canStart the game has moves and is open
   * @param {number} current moves on the board now
   */
  render(canStart, current) {
    const s = this.state;
    const running = s.status === "running";
    find(this.root, "#btn-review", HTMLButtonElement).disabled = !canStart || running;
    find(this.root, "#btn-review").textContent = t(s.review ? "review.again" : "review.start");
    const progress = find(this.root, ".progress");
    progress.hidden = !running;
    if (running) {
      find(progress, "progress", HTMLProgressElement).max = Math.max(1, s.total);
      find(progress, "progress", HTMLProgressElement).value = s.done;
      find(progress, ".count").textContent = t("review.progress", { done: s.done, total: s.total });
    }
    const result = find(this.root, ".result");
    result.hidden = !s.review;
    if (!s.review) return;
    this.drawGraph(s.review, current);
    find(result, ".summary").textContent = "";
    for (const color of /** @type {const} */ (["black", "white"])) {
      const p = s.review.summary[color];
      const line = document.createElement("div");
      line.textContent = t("review.summary", {
        color: t(`color.${color}`),
        loss: (p.average_loss * 100).toFixed(1),
        inaccuracies: p.inaccuracies,
        mistakes: p.mistakes,
        blunders: p.blunders,
      });
      find(result, ".summary").append(line);
    }
    const judged = current > 0 ? s.review.moves[current - 1] : null;
    const note = find(result, ".move-note");
    note.dataset.mark = judged?.mark || "";
    if (!judged) {
      note.textContent = t("review.pick");
      return;
    }
    let text = t("review.move", {
      n: judged.number,
      color: t(`color.${judged.color}`),
      point: judged.point.name,
      eval: judged.after.text,
      loss: (judged.loss * 100).toFixed(1),
    });
    if (judged.mark) text += ` · ${t(`review.mark.${judged.mark}`)}`;
    if (judged.best && judged.best.name !== judged.point.name) {
      text += ` · ${t("review.better", { point: judged.best.name, eval: judged.before.text })}`;
    }
    note.textContent = text;
  }

  /**
   * The better move than the one that led to the position after `current` moves, for
   * the board (none when the move played was the engine's own).
   * @param {number} current
   * @returns {import("./board.js").Mark[]}
   */
  marks(current) {
    const judged = current > 0 ? this.state.review?.moves[current - 1] : null;
    if (!judged?.best || judged.best.name === judged.point.name || !judged.mark) return [];
    return [{ x: judged.best.x, y: judged.best.y, label: "!", title: t("review.better_mark") }];
  }

  /**
   * @param {ReviewView} review
   * @param {number} current
   */
  drawGraph(review, current) {
    const svg = find(this.root, ".graph", SVGSVGElement);
    svg.textContent = "";
    const rates = review.black_winrates;
    const n = Math.max(1, rates.length - 1);
    const W = 300;
    const H = 100;
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.dataset.positions = String(rates.length);
    const x = (/** @type {number} */ i) => (i / n) * W;
    const y = (/** @type {number} */ r) => (1 - r) * H;
    /**
     * @param {string} name
     * @param {Record<string, string | number>} attrs
     */
    const add = (name, attrs) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      svg.append(e);
      return e;
    };
    // Black's share below the curve, white's above it.
    const points = rates.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`);
    add("rect", { class: "white-area", x: 0, y: 0, width: W, height: H });
    add("polygon", { class: "black-area", points: `0,${H} ${points.join(" ")} ${W},${H}` });
    add("line", { class: "mid", x1: 0, y1: H / 2, x2: W, y2: H / 2 });
    for (const m of review.moves) {
      if (!m.mark) continue;
      add("circle", {
        class: `mark ${m.mark}`,
        cx: x(m.number),
        cy: y(rates[m.number]),
        r: m.mark === "blunder" ? 4 : 3,
      }).append(Object.assign(document.createElementNS(SVG, "title"), {
        textContent: `${m.number}. ${m.point.name} ${t(`review.mark.${m.mark}`)}`,
      }));
    }
    add("line", { class: "cursor", x1: x(current), y1: 0, x2: x(current), y2: H });
  }

  /** @param {MouseEvent} e */
  graphClick(e) {
    const review = this.state.review;
    const svg = find(this.root, ".graph", SVGSVGElement);
    if (!review) return;
    const box = svg.getBoundingClientRect();
    const share = Math.min(1, Math.max(0, (e.clientX - box.left) / Math.max(1, box.width)));
    this.actions.jump(Math.round(share * (review.black_winrates.length - 1)));
  }
}
