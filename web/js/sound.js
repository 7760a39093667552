// A short wooden "tock" for each stone, made with WebAudio (no sound files).

import * as settings from "./settings.js";

/** @type {AudioContext | null} */
let context = null;

export function playStone() {
  if (!settings.get("sound")) return;
  try {
    // Older Safari has only the prefixed constructor.
    const Context =
      window.AudioContext ||
      /** @type {{ webkitAudioContext?: typeof AudioContext }} */ (/** @type {unknown} */ (window)).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    const now = context.currentTime;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(900, now);
    osc.frequency.exponentialRampToValueAtTime(300, now + 0.08);
    gain.gain.setValueAtTime(0.35, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.12);
    osc.connect(gain).connect(context.destination);
    osc.start(now);
    osc.stop(now + 0.13);
  } catch {
    // No audio on this device: play silently.
  }
}
