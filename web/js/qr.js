// A QR code of a short text (an invitation link), drawn by the page: no image service
// sees the link. Byte mode, error correction level M, the smallest of versions 1 to 10
// that holds the text (up to 213 bytes), the mask with the lowest penalty. The steps
// follow ISO/IEC 18004: data bits, Reed-Solomon codewords per block, interleaving,
// function patterns, the zigzag placement, masking, format and version bits.

/** Error correction codewords per block and the blocks' data codewords, versions 1-10 (M). */
const BLOCKS = [
  [10, [16]],
  [16, [28]],
  [26, [44]],
  [18, [32, 32]],
  [24, [43, 43]],
  [16, [27, 27, 27, 27]],
  [18, [31, 31, 31, 31]],
  [22, [38, 38, 39, 39]],
  [22, [36, 36, 36, 37, 37]],
  [26, [43, 43, 43, 43, 44]],
];

/** Centres of the alignment patterns, versions 2-10 (none in version 1). */
const ALIGN = [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];

// Arithmetic in GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Array(512);
const LOG = new Array(256);
{
  let v = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = v;
    LOG[v] = i;
    v <<= 1;
    if (v & 0x100) v ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}

/** @param {number} a @param {number} b */
function mul(a, b) {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

/** The generator polynomial of `n` error codewords, highest power first (leading 1 left out). */
function generator(/** @type {number} */ n) {
  let poly = [1];
  for (let i = 0; i < n; i++) {
    // poly * (x - a^i)
    const next = new Array(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j];
      next[j + 1] ^= mul(poly[j], EXP[i]);
    }
    poly = next;
  }
  return poly.slice(1);
}

/** The error codewords of `data` (the remainder of data * x^n by the generator). */
function errorCodewords(/** @type {number[]} */ data, /** @type {number} */ n) {
  const gen = generator(n);
  const rem = new Array(n).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem[0];
    rem.shift();
    rem.push(0);
    for (let i = 0; i < n; i++) rem[i] ^= mul(gen[i], factor);
  }
  return rem;
}

/**
 * The modules of the QR code of `text` (true: dark), with no quiet zone.
 * @param {string} text
 * @returns {boolean[][]}
 */
export function qrMatrix(text) {
  const bytes = [...new TextEncoder().encode(text)];
  let version = 0;
  for (let v = 1; v <= BLOCKS.length; v++) {
    const [, blocks] = BLOCKS[v - 1];
    const capacity = /** @type {number[]} */ (blocks).reduce((a, b) => a + b, 0) * 8;
    if (4 + (v < 10 ? 8 : 16) + bytes.length * 8 <= capacity) {
      version = v;
      break;
    }
  }
  if (!version) throw new Error("too long for a QR code here");
  const [ecPerBlock, blockSizes] = /** @type {[number, number[]]} */ (BLOCKS[version - 1]);
  const dataCount = blockSizes.reduce((a, b) => a + b, 0);

  // Data bits: byte mode, the count, the bytes, a terminator, then pad codewords.
  /** @type {number[]} */
  const bits = [];
  const put = (/** @type {number} */ value, /** @type {number} */ length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, dataCount * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; data.length < dataCount; pad ^= 0xec ^ 0x11) data.push(pad);

  // Blocks with their error codewords, interleaved.
  /** @type {number[][]} */
  const blocks = [];
  let at = 0;
  for (const size of blockSizes) {
    blocks.push(data.slice(at, at + size));
    at += size;
  }
  const ecBlocks = blocks.map((b) => errorCodewords(b, ecPerBlock));
  /** @type {number[]} */
  const codewords = [];
  for (let i = 0; i < Math.max(...blockSizes); i++) for (const b of blocks) if (i < b.length) codewords.push(b[i]);
  for (let i = 0; i < ecPerBlock; i++) for (const e of ecBlocks) codewords.push(e[i]);

  // Function patterns.
  const size = version * 4 + 17;
  const dark = Array.from({ length: size }, () => new Array(size).fill(false));
  const fixed = Array.from({ length: size }, () => new Array(size).fill(false));
  const set = (/** @type {number} */ x, /** @type {number} */ y, /** @type {boolean} */ on) => {
    dark[y][x] = on;
    fixed[y][x] = true;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        set(x, y, d !== 2 && d !== 4);
      }
    }
  }
  const centres = ALIGN[version - 1];
  for (const cy of centres) {
    for (const cx of centres) {
      const last = centres[centres.length - 1];
      if ((cx === 6 && cy === 6) || (cx === 6 && cy === last) || (cx === last && cy === 6)) continue;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }
  }
  // Format bits are written after masking; reserve their places (and the dark module).
  drawFormat(set, size, 0);
  if (version >= 7) {
    let rem = version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const vbits = (version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const on = ((vbits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, on);
      set(b, a, on);
    }
  }

  // The codewords in the zigzag: two-column strips from the right, up then down.
  let bit = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let k = 0; k < size; k++) {
      const y = upward ? size - 1 - k : k;
      for (const x of [right, right - 1]) {
        if (fixed[y][x]) continue;
        const byte = codewords[bit >>> 3];
        dark[y][x] = byte !== undefined && ((byte >>> (7 - (bit & 7))) & 1) === 1;
        bit++;
      }
    }
  }

  // The mask with the lowest penalty.
  let best = dark;
  let bestScore = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    const m = dark.map((row, y) => row.map((on, x) => (fixed[y][x] ? on : on !== masked(mask, x, y))));
    drawFormat((x, y, on) => (m[y][x] = on), size, mask);
    const score = penalty(m);
    if (score < bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}

/** Whether mask `k` flips module (x, y). */
function masked(/** @type {number} */ k, /** @type {number} */ x, /** @type {number} */ y) {
  switch (k) {
    case 0: return (x + y) % 2 === 0;
    case 1: return y % 2 === 0;
    case 2: return x % 3 === 0;
    case 3: return (x + y) % 3 === 0;
    case 4: return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5: return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6: return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    default: return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
  }
}

/**
 * Writes the 15 format bits (level M, `mask`) in both places, and the dark module.
 * @param {(x: number, y: number, on: boolean) => void} set
 * @param {number} size
 * @param {number} mask
 */
function drawFormat(set, size, mask) {
  const data = (0b00 << 3) | mask; // level M is 00
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const on = (/** @type {number} */ i) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(8, i, on(i));
  set(8, 7, on(6));
  set(8, 8, on(7));
  set(7, 8, on(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, on(i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, on(i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, on(i));
  set(8, size - 8, true);
}

/** The standard's penalty of a masked symbol (lower reads better). @param {boolean[][]} m */
function penalty(m) {
  const n = m.length;
  let score = 0;
  // Runs of five or more of one colour, in rows and columns.
  for (let i = 0; i < n; i++) {
    for (const line of [m[i], m.map((row) => row[i])]) {
      let run = 1;
      for (let j = 1; j <= n; j++) {
        if (j < n && line[j] === line[j - 1]) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      // Finder-like patterns: dark-light-dark×3-light-dark with four light beside.
      const s = line.map((v) => (v ? "1" : "0")).join("");
      for (const p of ["10111010000", "00001011101"]) {
        for (let k = s.indexOf(p); k !== -1; k = s.indexOf(p, k + 1)) score += 40;
      }
    }
  }
  // 2×2 blocks of one colour.
  for (let y = 0; y + 1 < n; y++) {
    for (let x = 0; x + 1 < n; x++) {
      const c = m[y][x];
      if (m[y][x + 1] === c && m[y + 1][x] === c && m[y + 1][x + 1] === c) score += 3;
    }
  }
  // The share of dark modules away from half.
  const darkCount = m.reduce((a, row) => a + row.filter(Boolean).length, 0);
  score += Math.floor(Math.abs((darkCount * 100) / (n * n) - 50) / 5) * 10;
  return score;
}

/**
 * The QR code of `text` as an SVG element, with the four-module quiet zone readers need.
 * @param {string} text
 * @returns {SVGSVGElement}
 */
export function qrSvg(text) {
  const m = qrMatrix(text);
  const n = m.length + 8;
  const ns = "http://www.w3.org/2000/svg";
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(ns, "svg"));
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("class", "qr-code");
  svg.setAttribute("shape-rendering", "crispEdges");
  const back = document.createElementNS(ns, "rect");
  back.setAttribute("width", String(n));
  back.setAttribute("height", String(n));
  back.setAttribute("fill", "#fff");
  let d = "";
  m.forEach((row, y) => row.forEach((on, x) => (d += on ? `M${x + 4} ${y + 4}h1v1h-1z` : "")));
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  return svg;
}
