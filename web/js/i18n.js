// English and Chinese text. Elements with data-i18n="key" get their text from here (and
// data-i18n-title their tooltip); code calls t(key, params).

import * as settings from "./settings.js";

const TEXT = {
  en: {
    title: "FiveInRow",
    "btn.new": "New game",
    "btn.games": "Games",
    "btn.records": "Import / export",
    "btn.link": "Copy link",
    "btn.theme": "Light / dark",
    "btn.lang": "中文",
    "btn.settings": "Display",
    "btn.undo": "Undo",
    "btn.redo": "Redo",
    "btn.hint": "Hint",
    "btn.resign": "Resign",
    "btn.stop": "Stop",
    "btn.analyse": "Analyse this position",
    "btn.stop_analysis": "Stop analysis",
    "color.black": "Black",
    "color.white": "White",
    "status.to_move": "{color} to move",
    "status.you": "your move",
    "status.computer": "computer",
    "status.thinking": "Computer is thinking…",
    "status.hinting": "Looking for a hint…",
    "status.analysing": "Analysing…",
    "status.won": "{color} wins with five in a row",
    "status.resigned": "{loser} resigned: {winner} wins",
    "status.draw": "Draw: the board is full",
    "status.offline": "Connection lost: reconnecting…",
    "status.none": "Start a new game.",
    "reason.occupied": "That point is taken.",
    "reason.forbidden": "Forbidden for black: {kind}.",
    "reason.game_over": "The game is over.",
    "reason.out_of_board": "That point is off the board.",
    "kind.double-three": "double-three",
    "kind.double-four": "double-four",
    "kind.overline": "overline",
    "error.not_your_turn": "Wait: it is the computer's turn.",
    "error.busy": "The computer is thinking.",
    "error.nothing_to_undo": "Nothing to undo.",
    "error.nothing_to_redo": "Nothing to redo.",
    "error.network": "The server cannot be reached.",
    "error.unknown_game": "That game no longer exists.",
    "hint.shown": "Hint: {point}",
    "analysis.title": "Analysis",
    "analysis.depth": "Depth",
    "analysis.eval": "Evaluation",
    "analysis.nodes": "Nodes",
    "analysis.speed": "Speed",
    "analysis.pv": "Best line",
    "analysis.lines": "Best moves",
    "analysis.idle": "The computer's thinking shows here.",
    "analysis.black_share": "Black {p}%",
    "settings.coords": "Coordinates",
    "settings.numbers": "Move numbers",
    "settings.forbidden": "Forbidden points (renju)",
    "settings.sound": "Move sound",
    "settings.pv": "Best line on the board",
    "new.title": "New game",
    "new.mode": "Players",
    "new.pvc": "Person vs computer",
    "new.pvp": "Two people on this device",
    "new.cvc": "Computer vs computer (watch)",
    "new.colour": "You play",
    "new.rule": "Rule",
    "rule.freestyle": "Freestyle",
    "rule.standard": "Standard (exactly five)",
    "rule.renju": "Renju",
    "new.size": "Board size",
    "new.other": "other",
    "new.level": "Computer level",
    "new.think_delay": "Think delay (a natural pace)",
    "new.start_from": "Start from",
    "new.empty": "An empty board",
    "new.start": "Start",
    "dialog.cancel": "Cancel",
    "dialog.close": "Close",
    "games.title": "Saved games",
    "games.date": "Date",
    "games.players": "Players",
    "games.rule": "Rule",
    "games.result": "Result",
    "games.moves": "Moves",
    "games.open": "Open",
    "games.replay": "Replay",
    "games.delete": "Delete",
    "games.none": "No saved games yet.",
    "games.confirm_delete": "Delete this game?",
    "player.human": "Person",
    "player.computer": "Computer {level}",
    "result.ongoing": "in progress",
    "result.black": "Black won",
    "result.white": "White won",
    "result.draw": "Draw",
    "records.title": "Import / export",
    "records.text": "Moves (h8i9j10), PSQ or SGF",
    "records.format": "Format",
    "records.auto": "Detect",
    "records.moves": "Move string",
    "records.import": "Import",
    "records.import_as": "Play it as",
    "records.export": "Export this game",
    "records.download": "Download",
    "records.copy": "Copy",
    "records.copied": "Copied.",
    "records.link": "Link to this position",
    "replay.where": "Replay: move {n} of {total}",
    "replay.first": "First",
    "replay.back": "Back",
    "replay.forward": "Forward",
    "replay.last": "Last",
    "replay.resume": "Back to the game",
    "board.label": "Board. Arrow keys move the cursor, Enter plays.",
  },
  zh: {
    title: "五子棋",
    "btn.new": "新对局",
    "btn.games": "棋谱",
    "btn.records": "导入 / 导出",
    "btn.link": "复制链接",
    "btn.theme": "浅色 / 深色",
    "btn.lang": "English",
    "btn.settings": "显示",
    "btn.undo": "悔棋",
    "btn.redo": "重做",
    "btn.hint": "提示",
    "btn.resign": "认输",
    "btn.stop": "停止",
    "btn.analyse": "分析当前局面",
    "btn.stop_analysis": "停止分析",
    "color.black": "黑棋",
    "color.white": "白棋",
    "status.to_move": "轮到{color}",
    "status.you": "请落子",
    "status.computer": "电脑",
    "status.thinking": "电脑思考中…",
    "status.hinting": "正在寻找提示…",
    "status.analysing": "分析中…",
    "status.won": "{color}五连获胜",
    "status.resigned": "{loser}认输，{winner}获胜",
    "status.draw": "和棋：棋盘已满",
    "status.offline": "连接中断，正在重连…",
    "status.none": "请开始新对局。",
    "reason.occupied": "该点已有棋子。",
    "reason.forbidden": "黑棋禁手：{kind}。",
    "reason.game_over": "对局已结束。",
    "reason.out_of_board": "该点在棋盘外。",
    "kind.double-three": "三三",
    "kind.double-four": "四四",
    "kind.overline": "长连",
    "error.not_your_turn": "请稍候：轮到电脑。",
    "error.busy": "电脑正在思考。",
    "error.nothing_to_undo": "没有可以悔的棋。",
    "error.nothing_to_redo": "没有可以重做的棋。",
    "error.network": "无法连接服务器。",
    "error.unknown_game": "该对局已不存在。",
    "hint.shown": "提示：{point}",
    "analysis.title": "分析",
    "analysis.depth": "深度",
    "analysis.eval": "评估",
    "analysis.nodes": "节点",
    "analysis.speed": "速度",
    "analysis.pv": "主要变化",
    "analysis.lines": "候选数",
    "analysis.idle": "电脑的思考过程显示在这里。",
    "analysis.black_share": "黑 {p}%",
    "settings.coords": "坐标",
    "settings.numbers": "手数",
    "settings.forbidden": "禁手点（连珠）",
    "settings.sound": "落子声音",
    "settings.pv": "在棋盘上显示主要变化",
    "new.title": "新对局",
    "new.mode": "对局方式",
    "new.pvc": "人机对战",
    "new.pvp": "双人对战（同一设备）",
    "new.cvc": "电脑对电脑（观战）",
    "new.colour": "你执",
    "new.rule": "规则",
    "rule.freestyle": "无禁手",
    "rule.standard": "标准（恰好五连）",
    "rule.renju": "连珠（黑棋有禁手）",
    "new.size": "棋盘大小",
    "new.other": "其他",
    "new.level": "电脑等级",
    "new.think_delay": "思考延时（节奏更自然）",
    "new.start_from": "开局",
    "new.empty": "空棋盘",
    "new.start": "开始",
    "dialog.cancel": "取消",
    "dialog.close": "关闭",
    "games.title": "已保存的对局",
    "games.date": "日期",
    "games.players": "对局者",
    "games.rule": "规则",
    "games.result": "结果",
    "games.moves": "手数",
    "games.open": "打开",
    "games.replay": "复盘",
    "games.delete": "删除",
    "games.none": "还没有保存的对局。",
    "games.confirm_delete": "删除这局棋？",
    "player.human": "玩家",
    "player.computer": "电脑 {level} 级",
    "result.ongoing": "进行中",
    "result.black": "黑胜",
    "result.white": "白胜",
    "result.draw": "和棋",
    "records.title": "导入 / 导出",
    "records.text": "着法串（h8i9j10）、PSQ 或 SGF",
    "records.format": "格式",
    "records.auto": "自动识别",
    "records.moves": "着法串",
    "records.import": "导入",
    "records.import_as": "导入后",
    "records.export": "导出本局",
    "records.download": "下载",
    "records.copy": "复制",
    "records.copied": "已复制。",
    "records.link": "本局面的链接",
    "replay.where": "复盘：第 {n} / {total} 手",
    "replay.first": "第一手",
    "replay.back": "后退",
    "replay.forward": "前进",
    "replay.last": "最后一手",
    "replay.resume": "返回对局",
    "board.label": "棋盘。方向键移动光标，回车落子。",
  },
};

/** @returns {"en" | "zh"} */
export function language() {
  const chosen = settings.get("lang");
  if (chosen === "en" || chosen === "zh") return chosen;
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
}

/**
 * The text for `key` in the current language (English when missing there, else the key),
 * with each {name} replaced by params[name].
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  /** @type {Record<string, string>} */
  const texts = TEXT[language()];
  /** @type {Record<string, string>} */
  const english = TEXT.en;
  const text = texts[key] ?? english[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, /** @type {string} */ name) => String(params[name] ?? ""));
}

// Fills every marked element of the page with the current language's text.
/** @param {ParentNode} [root] */
export function applyTexts(root = document) {
  document.documentElement.lang = language() === "zh" ? "zh-CN" : "en";
  document.title = t("title");
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (el instanceof HTMLElement) el.textContent = t(el.dataset.i18n ?? "");
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    if (!(el instanceof HTMLElement || el instanceof SVGElement)) continue;
    const text = t(el.dataset.i18nTitle ?? "");
    // An <svg> (the board) has no title property: its label is aria-label alone.
    if (el instanceof HTMLElement) el.title = text;
    el.setAttribute("aria-label", text);
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      el.placeholder = t(el.dataset.i18nPlaceholder ?? "");
    }
  }
}

export function toggleLanguage() {
  settings.set("lang", language() === "zh" ? "en" : "zh");
  applyTexts();
}
