// The three dialogs: a new game, the list of saved games, and import / export / link.

import { api } from "./api.js";
import { language, t } from "./i18n.js";
import * as messages from "./messages.js";

const $ = (id) => document.getElementById(id);

// ---- New game -------------------------------------------------------------------------

let demos = [];

async function loadDemos() {
  if (demos.length) return;
  try {
    demos = (await api.demos()).demos;
  } catch {
    demos = [];
  }
}

function fillDemos(form) {
  const select = form.elements.demo;
  const rule = form.elements.rule.value;
  const keep = select.value;
  for (const o of [...select.options].slice(1)) o.remove();
  for (const d of demos.filter((d) => d.rule === rule)) {
    const o = new Option(language() === "zh" ? d.name_zh : d.name_en, d.id);
    select.add(o);
  }
  select.value = [...select.options].some((o) => o.value === keep) ? keep : "";
}

function updateNewForm(form) {
  const mode = form.elements.mode.value;
  $("new-colour").hidden = mode !== "pvc";
  $("new-level").hidden = mode === "pvp";
  $("new-delay").hidden = mode === "pvp";
  form.elements.custom_size.hidden = form.elements.size.value !== "other";
  $("level-out").textContent = form.elements.level.value;
  // A demo sets its own board size.
  form.elements.size.disabled = !!form.elements.demo.value;
}

export function setupNewGame(onCreated) {
  const dialog = $("dlg-new");
  const form = $("form-new");
  form.addEventListener("input", () => updateNewForm(form));
  form.elements.rule.addEventListener("change", () => {
    fillDemos(form);
    updateNewForm(form);
  });
  form.addEventListener("submit", async (event) => {
    if (event.submitter?.value !== "start") return;
    event.preventDefault();
    const f = form.elements;
    const size = f.size.value === "other" ? Number(f.custom_size.value) : Number(f.size.value);
    const options = {
      mode: f.mode.value,
      human: f.human.value,
      rule: f.rule.value,
      size,
      level: Number(f.level.value),
      think_delay: f.think_delay.checked,
    };
    if (f.demo.value) options.demo = f.demo.value;
    try {
      const game = await api.create(options);
      dialog.close();
      onCreated(game);
    } catch (e) {
      messages.showError(e);
    }
  });
  return async () => {
    await loadDemos();
    fillDemos(form);
    updateNewForm(form);
    dialog.showModal();
  };
}

// ---- Saved games ----------------------------------------------------------------------

function playerName(who, level) {
  return who === "computer" ? t("player.computer", { level }) : t("player.human");
}

export function setupGames({ onOpen, onReplay, onDeleted }) {
  const dialog = $("dlg-games");
  async function refresh() {
    const body = $("games-body");
    body.replaceChildren();
    let games = [];
    try {
      games = (await api.list()).games;
    } catch (e) {
      messages.showError(e);
    }
    $("games-none").hidden = games.length > 0;
    const dateFormat = new Intl.DateTimeFormat(language() === "zh" ? "zh-CN" : "en", {
      dateStyle: "short",
      timeStyle: "short",
    });
    for (const g of games) {
      const tr = document.createElement("tr");
      tr.dataset.id = g.id;
      const cells = [
        dateFormat.format(new Date(g.updated_at)),
        `${playerName(g.black, g.level)} – ${playerName(g.white, g.level)}`,
        `${t(`rule.${g.rule}`)} ${g.size}×${g.size}`,
        t(`result.${g.result}`),
        String(g.move_count),
      ];
      for (const text of cells) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      const actions = document.createElement("td");
      actions.className = "actions";
      const button = (key, handler) => {
        const b = document.createElement("button");
        b.textContent = t(key);
        b.dataset.action = key.split(".")[1];
        b.onclick = handler;
        actions.appendChild(b);
      };
      button("games.open", () => {
        dialog.close();
        onOpen(g.id);
      });
      button("games.replay", () => {
        dialog.close();
        onReplay(g.id);
      });
      button("games.delete", async () => {
        if (!confirm(t("games.confirm_delete"))) return;
        try {
          await api.remove(g.id);
          onDeleted(g.id);
        } catch (e) {
          messages.showError(e);
        }
        refresh();
      });
      tr.appendChild(actions);
      body.appendChild(tr);
    }
  }
  return async () => {
    await refresh();
    dialog.showModal();
  };
}

// ---- Import / export / link -----------------------------------------------------------

export function positionLink(game) {
  const moves = game.move_string || "";
  return `${location.origin}/#position=${game.rule}/${game.size}/${moves}`;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function setupRecords({ currentGame, onImported }) {
  const dialog = $("dlg-records");
  const text = $("record-text");
  const download = $("record-download");
  $("btn-import").onclick = async () => {
    try {
      const game = await api.importGame({
        text: text.value,
        format: $("record-format").value,
        rule: $("record-rule").value,
        size: Number($("record-size").value),
        mode: $("record-mode").value,
        think_delay: true,
      });
      dialog.close();
      onImported(game);
    } catch (e) {
      messages.showError(e);
    }
  };
  for (const b of dialog.querySelectorAll("[data-export]")) {
    b.onclick = async () => {
      const game = currentGame();
      if (!game) return;
      try {
        const body = await api.exportText(game.id, b.dataset.export);
        text.value = body;
        const ext = { moves: "txt", psq: "psq", sgf: "sgf" }[b.dataset.export];
        URL.revokeObjectURL(download.href);
        download.href = URL.createObjectURL(new Blob([body], { type: "text/plain" }));
        download.download = `fiveinrow-${game.id}.${ext}`;
        download.hidden = false;
      } catch (e) {
        messages.showError(e);
      }
    };
  }
  $("btn-copy-record").onclick = async () => {
    if (await copyText(text.value)) messages.show(t("records.copied"), "info");
    else text.select();
  };
  return () => {
    const game = currentGame();
    $("record-link").value = game ? positionLink(game) : "";
    if (game) {
      $("record-rule").value = game.rule;
      $("record-size").value = game.size;
    }
    download.hidden = true;
    dialog.showModal();
  };
}

// Copies the link to the current position; shows it when the clipboard is not allowed.
export async function copyLink(game) {
  if (!game) return;
  const link = positionLink(game);
  if (await copyText(link)) {
    messages.show(`${t("records.copied")} ${link}`, "info");
  } else {
    messages.show(link, "info");
  }
}
