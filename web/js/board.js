// The board as SVG, so it stays sharp at any size: grid, star points, coordinates,
// stones with optional numbers, last-move mark, winning line, forbidden points, hint,
// ghost stones (best line) and numbered marks (best moves). Input: a click or tap goes
// to the nearest intersection, hover shows where the stone would go, arrows + Enter.

/** @typedef {import("./types.js").Color} Color */

/**
 * An intersection, 0-based from the top left.
 * @typedef {object} Cell
 * @property {number} x
 * @property {number} y
 */

/**
 * A stone on the board; `n` is its move number, 0 for a set-up stone.
 * @typedef {Cell & { color: Color, n: number }} Stone
 */

/**
 * A stone of the best line, not played: drawn faint with its number in the line.
 * @typedef {Cell & { color: Color, label: string }} Ghost
 */

/**
 * One of the best moves of an analysis, numbered by rank.
 * @typedef {Cell & { label: string, title?: string }} Mark
 */

/**
 * A forbidden point with its reason in the page's language.
 * @typedef {import("./types.js").ForbiddenPoint & { label: string }} ForbiddenMark
 */

/**
 * What the board shows; `passive` (a replay) takes no keyboard input.
 * @typedef {object} BoardModel
 * @property {number} size
 * @property {Stone[]} stones
 * @property {Cell | null} [last]
 * @property {Cell[]} [winLine]
 * @property {ForbiddenMark[]} [forbidden]
 * @property {boolean} [showForbidden]
 * @property {Cell | null} [hint]
 * @property {Ghost[]} [ghosts]
 * @property {Mark[]} [marks]
 * @property {boolean} [coords]
 * @property {boolean} [numbers]
 * @property {Color | null} [toMove]
 * @property {boolean} [passive]
 */

const SVG = "http://www.w3.org/2000/svg";
// Room around the grid for the coordinates, in cells.
const MARGIN = 1.1;

/**
 * A new SVG element with these attributes, appended to `parent` when given.
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * Star points: the usual ones for 15 and 19; a centre and four corner points elsewhere.
 * @param {number} size
 * @returns {[number, number][]}
 */
function starPoints(size) {
  if (size < 9) return size % 2 ? [[(size - 1) / 2, (size - 1) / 2]] : [];
  const off = size >= 13 ? 3 : 2;
  const far = size - 1 - off;
  /** @type {[number, number][]} */
  const pts = [[off, off], [off, far], [far, off], [far, far]];
  if (size % 2) {
    const mid = (size - 1) / 2;
    pts.push([mid, mid]);
    if (size >= 19) pts.push([off, mid], [far, mid], [mid, off], [mid, far]);
  }
  return pts;
}

/**
 * The stones of a game after its first `count` moves: set-up stones, then the moves
 * with their numbers, colours alternating from the first to move.
 * @param {import("./types.js").GameView} game
 * @param {number} count
 * @returns {Stone[]}
 */
export function stonesOf(game, count) {
  const stones = game.setup.map((s) => ({ x: s.x, y: s.y, color: s.color, n: 0 }));
  let color = game.first_to_move;
  game.moves.slice(0, count).forEach((m, k) => {
    stones.push({ x: m.x, y: m.y, color, n: k + 1 });
    color = color === "black" ? "white" : "black";
  });
  return stones;
}

export class BoardView {
  /**
   * @param {SVGSVGElement} svg
   * @param {{ onPlay: (x: number, y: number) => void, canPlay: () => boolean }} actions
   */
  constructor(svg, { onPlay, canPlay }) {
    this.svg = svg;
    this.onPlay = onPlay;
    this.canPlay = canPlay;
    /** @type {BoardModel | null} */
    this.model = null;
    /** @type {Cell | null} */
    this.hover = null;
    /** @type {Cell | null} */
    this.cursor = null;
    this.showCursor = false;
    /** @type {SVGElement | null} */
    this.overlay = null;
    svg.addEventListener("click", (e) => this.click(e));
    svg.addEventListener("pointermove", (e) => this.move(e));
    svg.addEventListener("pointerleave", () => this.setHover(null));
    svg.addEventListener("keydown", (e) => this.key(e));
    svg.addEventListener("blur", () => {
      this.showCursor = false;
      this.drawOverlay();
    });
  }

  /**
   * The intersection nearest to a pointer event, or null off the board.
   * @param {MouseEvent} event
   * @returns {Cell | null}
   */
  pointAt(event) {
    const m = this.svg.getScreenCTM();
    if (!m || !this.model) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    const x = Math.round(p.x - MARGIN);
    const y = Math.round(p.y - MARGIN);
    const size = this.model.size;
    if (x < 0 || y < 0 || x >= size || y >= size) return null;
    // Too far outside the grid is not a click on it.
    if (Math.abs(p.x - MARGIN - x) > 0.6 || Math.abs(p.y - MARGIN - y) > 0.6) return null;
    return { x, y };
  }

  /** @param {number} x @param {number} y */
  occupied(x, y) {
    return this.model?.stones.some((s) => s.x === x && s.y === y);
  }

  /** @param {MouseEvent} event */
  click(event) {
    const p = this.pointAt(event);
    if (!p) return;
    this.cursor = p;
    if (this.canPlay()) this.onPlay(p.x, p.y);
  }

  /** @param {PointerEvent} event */
  move(event) {
    if (event.pointerType === "touch") return;
    this.setHover(this.pointAt(event));
  }

  /** @param {Cell | null} p */
  setHover(p) {
    const same = p && this.hover && p.x === this.hover.x && p.y === this.hover.y;
    if (same || (!p && !this.hover)) return;
    this.hover = p;
    this.drawOverlay();
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    if (!this.model || this.model.passive) return;
    /** @type {Record<string, [number, number]>} */
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const size = this.model.size;
    if (!this.cursor) {
      const c = Math.floor(size / 2);
      this.cursor = this.model.last ?? { x: c, y: c };
    }
    if (steps[event.key]) {
      const [dx, dy] = steps[event.key];
      this.cursor = {
        x: Math.min(size - 1, Math.max(0, this.cursor.x + dx)),
        y: Math.min(size - 1, Math.max(0, this.cursor.y + dy)),
      };
      this.showCursor = true;
      this.drawOverlay();
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key === "Enter" || event.key === " ") {
      this.showCursor = true;
      if (this.canPlay()) this.onPlay(this.cursor.x, this.cursor.y);
      event.preventDefault();
    }
  }

  /** @param {BoardModel} model */
  render(model) {
    const sizeChanged = !this.model || this.model.size !== model.size;
    this.model = model;
    if (sizeChanged) this.cursor = null;
    const size = model.size;
    const span = size - 1 + 2 * MARGIN;
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${span} ${span}`);
    svg.dataset.size = String(size);
    svg.dataset.margin = String(MARGIN);
    el("rect", { class: "wood", x: 0, y: 0, width: span, height: span, rx: 0.25 }, svg);

    const grid = el("g", { class: "grid" }, svg);
    let d = "";
    for (let i = 0; i < size; i++) {
      d += `M${MARGIN} ${MARGIN + i}H${MARGIN + size - 1}`;
      d += `M${MARGIN + i} ${MARGIN}V${MARGIN + size - 1}`;
    }
    el("path", { d, class: "lines" }, grid);
    el("rect", { class: "edge", x: MARGIN, y: MARGIN, width: size - 1, height: size - 1 }, grid);
    for (const [x, y] of starPoints(size)) {
      el("circle", { class: "star", cx: MARGIN + x, cy: MARGIN + y, r: 0.1 }, grid);
    }

    if (model.coords) {
      const coords = el("g", { class: "coords" }, svg);
      for (let i = 0; i < size; i++) {
        const letter = el("text", { x: MARGIN + i, y: span - 0.35 }, coords);
        letter.textContent = String.fromCharCode(97 + i);
        const top = el("text", { x: MARGIN + i, y: 0.55 }, coords);
        top.textContent = String.fromCharCode(97 + i);
        const number = el("text", { x: 0.45, y: MARGIN + i + 0.02 }, coords);
        number.textContent = String(size - i);
        const right = el("text", { x: span - 0.45, y: MARGIN + i + 0.02 }, coords);
        right.textContent = String(size - i);
      }
    }

    const win = new Set((model.winLine || []).map((p) => `${p.x},${p.y}`));
    const stones = el("g", { class: "stones" }, svg);
    for (const s of model.stones) {
      const g = el("g", {
        class: `stone ${s.color}${win.has(`${s.x},${s.y}`) ? " winning" : ""}`,
        "data-x": s.x,
        "data-y": s.y,
        "data-color": s.color,
      }, stones);
      el("circle", { cx: MARGIN + s.x, cy: MARGIN + s.y, r: 0.46 }, g);
      if (model.numbers && s.n) {
        const n = el("text", { x: MARGIN + s.x, y: MARGIN + s.y + 0.02, class: "number" }, g);
        n.textContent = String(s.n);
        if (s.n >= 100) n.classList.add("small");
      }
    }
    const last = model.last;
    if (last) {
      const lastColor = model.stones.find((s) => s.x === last.x && s.y === last.y)?.color;
      el("circle", {
        class: `last-mark on-${lastColor}`,
        cx: MARGIN + last.x,
        cy: MARGIN + last.y,
        r: model.numbers ? 0.42 : 0.13,
      }, svg);
    }
    // With move numbers shown, the rings alone mark the five (a line would cover them).
    const line = model.winLine ?? [];
    if (win.size && !model.numbers) {
      const a = line[0];
      const b = line[line.length - 1];
      el("line", {
        class: "win-line",
        x1: MARGIN + a.x, y1: MARGIN + a.y, x2: MARGIN + b.x, y2: MARGIN + b.y,
      }, svg);
    }

    this.overlay = el("g", { class: "overlay" }, svg);
    this.drawOverlay();
  }

  // Marks that change without a new position: forbidden points, hint, ghosts, hover,
  // keyboard cursor.
  drawOverlay() {
    const m = this.model;
    const o = this.overlay;
    if (!m || !o) return;
    o.replaceChildren();
    if (m.showForbidden) {
      for (const f of m.forbidden || []) {
        const g = el("g", { class: "forbidden", "data-x": f.x, "data-y": f.y, "data-kind": f.kind }, o);
        const title = el("title", {}, g);
        title.textContent = `${f.name}: ${f.label || f.kind}`;
        const r = 0.2;
        const cx = MARGIN + f.x;
        const cy = MARGIN + f.y;
        el("path", { d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx + r} ${cy - r}L${cx - r} ${cy + r}` }, g);
      }
    }
    for (const ghost of m.ghosts || []) {
      if (this.occupied(ghost.x, ghost.y)) continue;
      const g = el("g", { class: `ghost ${ghost.color}`, "data-x": ghost.x, "data-y": ghost.y }, o);
      el("circle", { cx: MARGIN + ghost.x, cy: MARGIN + ghost.y, r: 0.42 }, g);
      const n = el("text", { x: MARGIN + ghost.x, y: MARGIN + ghost.y + 0.02 }, g);
      n.textContent = ghost.label;
    }
    for (const mark of m.marks || []) {
      const g = el("g", { class: "best-mark", "data-x": mark.x, "data-y": mark.y }, o);
      if (mark.title) el("title", {}, g).textContent = mark.title;
      el("circle", { cx: MARGIN + mark.x, cy: MARGIN + mark.y, r: 0.4 }, g);
      const n = el("text", { x: MARGIN + mark.x, y: MARGIN + mark.y + 0.02 }, g);
      n.textContent = mark.label;
    }
    if (m.hint) {
      const g = el("g", { class: "hint-mark", "data-x": m.hint.x, "data-y": m.hint.y }, o);
      el("circle", { cx: MARGIN + m.hint.x, cy: MARGIN + m.hint.y, r: 0.44 }, g);
    }
    const h = this.hover;
    // No hover stone where the stone may not go: an occupied point, or one forbidden
    // for black.
    const forbiddenHere =
      !!h && m.toMove === "black" && (m.forbidden || []).some((f) => f.x === h.x && f.y === h.y);
    if (h && m.toMove && this.canPlay() && !this.occupied(h.x, h.y) && !forbiddenHere) {
      el("circle", { class: `hover ${m.toMove}`, cx: MARGIN + h.x, cy: MARGIN + h.y, r: 0.46 }, o);
    }
    if (this.showCursor && this.cursor) {
      const c = this.cursor;
      el("rect", {
        class: "cursor", x: MARGIN + c.x - 0.5, y: MARGIN + c.y - 0.5, width: 1, height: 1, rx: 0.12,
      }, o);
    }
  }
}
