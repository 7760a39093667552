// The analysis panel: the search's depth, evaluation and win-rate bar (both from black's
// side, saying so, and saying whose search they come from: the computer's move, a hint or
// the analysis), nodes and speed, and its best line; in "analyse this position" mode, the
// N best moves, also marked on the board. Everything shown comes from the engine's reports.

import { find } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types.js").Color} Color */
/** @typedef {import("./types.js").Point} Point */
/** @typedef {import("./types.js").Score} Score */

/**
 * What the numbers show: the latest report of line 1, or the best line of a finished
 * analysis; `for` is the side whose view the score takes.
 * @typedef {object} Summary
 * @property {Color} for
 * @property {import("./types.js").JobKind} kind whose search: "move", "hint" or "analysis"
 * @property {number} [depth]
 * @property {number} [nodes]
 * @property {number} [nps]
 * @property {Score} [score]
 * @property {Point[]} [pv]
 */

/**
 * One of the best lines: its score and its moves.
 * @typedef {{ score: Score, pv: Point[] }} Line
 */

/** @param {number} n */
function formatCount(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}

/**
 * A score as black sees it: `+120` (black better), `-80`, "black wins in 3".
 * @param {Score} score
 * @param {Color} mover whose view the score takes
 */
function blackView(score, mover) {
  if (score.kind === "eval") {
    const v = mover === "black" ? score.value : -score.value;
    return v > 0 ? `+${v}` : String(v);
  }
  const winner = (score.kind === "win") === (mover === "black") ? "black" : "white";
  return t("analysis.wins_in", { color: t(`color.${winner}`), n: score.value });
}

/**
 * @param {Color} color
 * @returns {Color}
 */
function other(color) {
  return color === "black" ? "white" : "black";
}

export class AnalysisPanel {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {Summary | null} */
    this.info = null;
    /** @type {Map<number, Line>} by multipv, from 1 */
    this.lines = new Map();
    this.render();
  }

  reset() {
    this.info = null;
    this.lines.clear();
    this.render();
  }

  // A new position: the old lines no longer apply; the numbers stay until new ones come.
  positionChanged() {
    this.lines.clear();
    if (this.info) this.info = { ...this.info, pv: [] };
    this.render();
  }

  /** @param {import("./types.js").InfoEvent} ev */
  onInfo(ev) {
    if (ev.multipv === 1 || !this.info) this.info = ev;
    if (ev.kind === "analysis") this.lines.set(ev.multipv, ev);
    this.render();
  }

  /** @param {import("./types.js").AnalysisEvent} ev */
  onAnalysis(ev) {
    this.lines.clear();
    ev.lines.forEach((line, k) => this.lines.set(k + 1, line));
    if (ev.lines.length) {
      this.info = {
        ...this.info,
        ...ev.lines[0],
        for: ev.for,
        kind: "analysis",
        depth: ev.depth,
        nodes: ev.nodes,
      };
    }
    this.render();
  }

  /**
   * Ghost stones of the best line, numbered from 1, colours alternating.
   * @returns {import("./board.js").Ghost[]}
   */
  ghosts() {
    const info = this.info;
    if (!info?.pv?.length) return [];
    let color = info.for;
    return info.pv.slice(0, 12).map((p, k) => {
      const ghost = { x: p.x, y: p.y, color, label: String(k + 1) };
      color = other(color);
      return ghost;
    });
  }

  /**
   * The best moves of an analysis, numbered by rank.
   * @returns {import("./board.js").Mark[]}
   */
  marks() {
    if (this.lines.size < 2) return [];
    return [...this.lines.entries()]
      .sort((a, b) => a[0] - b[0])
      .filter(([, l]) => l.pv?.length)
      .map(([k, l]) => ({ x: l.pv[0].x, y: l.pv[0].y, label: String(k), title: `${l.pv[0].name} ${l.score.text}` }));
  }

  render() {
    const root = this.root;
    const info = this.info;
    /** @param {string} name */
    const get = (name) => find(root, `[data-field="${name}"]`);
    find(root, ".idle").hidden = !!info;
    find(root, ".numbers").hidden = !info;
    if (!info) return;
    get("depth").textContent = String(info.depth ?? "");
    get("eval").textContent = info.score ? t("analysis.black_view", { v: blackView(info.score, info.for) }) : "";
    get("nodes").textContent = info.nodes !== undefined ? formatCount(info.nodes) : "";
    get("speed").textContent = info.nps ? `${formatCount(info.nps)}/s` : "";
    get("pv").textContent = (info.pv || []).map((p) => p.name).join(" ");
    const share = info.score ? (info.for === "black" ? info.score.winrate : 1 - info.score.winrate) : 0.5;
    const pct = Math.round(share * 100);
    find(root, ".bar .black-share").style.width = `${pct}%`;
    find(root, ".bar-label").textContent = `${t("analysis.black_share", { p: pct })} · ${t(`analysis.source.${info.kind}`)}`;
    const list = find(root, ".lines");
    list.replaceChildren();
    if (this.lines.size > 1) {
      for (const [k, l] of [...this.lines.entries()].sort((a, b) => a[0] - b[0])) {
        const li = document.createElement("li");
        li.textContent = `${k}. ${l.pv.map((p) => p.name).slice(0, 6).join(" ")}  ${blackView(l.score, info.for)}`;
        list.appendChild(li);
      }
    }
  }
}
