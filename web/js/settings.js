// The player's display preferences, kept in localStorage so a reload keeps them.

const KEY = "fiveinrow.settings";

const DEFAULTS = {
  lang: null, // null: follow the browser
  theme: null, // null: follow the system
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

export function get(name) {
  return current[name];
}

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

export function lastGame() {
  const id = Number(localStorage.getItem(GAME_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function rememberGame(id) {
  try {
    if (id) localStorage.setItem(GAME_KEY, String(id));
    else localStorage.removeItem(GAME_KEY);
  } catch {
    // Nothing to do: the URL still holds the game.
  }
}
