// The player's display preferences, kept in localStorage so a reload keeps them.

const KEY = "fiveinrow.settings";

/**
 * @typedef {object} Settings
 * @property {"en" | "zh" | null} lang null: follow the browser
 * @property {"light" | "dark" | null} theme null: follow the system
 * @property {boolean} coords
 * @property {boolean} numbers
 * @property {boolean} forbidden
 * @property {boolean} sound
 * @property {boolean} pv
 * @property {number} lines
 */

/** @type {Settings} */
const DEFAULTS = {
  lang: null,
  theme: null,
  coords: true,
  numbers: false,
  forbidden: true,
  sound: false,
  pv: true,
  lines: 3,
};

let current = { ...DEFAULTS };
try {
  current = { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
} catch {
  // A damaged entry falls back to the defaults.
}

/** @typedef {{ [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings]} Toggle */

/**
 * Whether `name` is an on/off setting (those of the page's check boxes).
 * @param {string | undefined} name
 * @returns {name is Toggle}
 */
export function isToggle(name) {
  return name !== undefined && Object.hasOwn(DEFAULTS, name) && typeof DEFAULTS[/** @type {keyof Settings} */ (name)] === "boolean";
}

/**
 * @template {keyof Settings} K
 * @param {K} name
 * @returns {Settings[K]}
 */
export function get(name) {
  return current[name];
}

/**
 * @template {keyof Settings} K
 * @param {K} name
 * @param {Settings[K]} value
 */
export function set(name, value) {
  current[name] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Private mode: settings last for this page only.
  }
}

// The game to bring back after a reload or a closed tab.
const GAME_KEY = "fiveinrow.game";

/** @returns {number | null} */
export function lastGame() {
  const id = Number(localStorage.getItem(GAME_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** @param {number | null} id */
export function rememberGame(id) {
  try {
    if (id) localStorage.setItem(GAME_KEY, String(id));
    else localStorage.removeItem(GAME_KEY);
  } catch {
    // Nothing to do: the URL still holds the game.
  }
}
