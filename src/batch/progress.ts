// The progress line of a batch on a terminal: rows, errors, rows per second, and when the input's
// size is known a bar and the time left. Redrawn in place at most a few times a second.

export interface ProgressState {
  rows: number;
  errors: number;
  elapsedMs: number;
  /** share of the input done, 0..1, when the input's size is known */
  fraction?: number;
}

const WIDTH = 24;

/** 1234567 → "1,234,567" (by hand: toLocaleString's first call costs a batch ~20 ms of ICU set-up) */
const count = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

const rowsPerSecond = (rows: number, elapsedMs: number): number => (elapsedMs > 0 ? (rows * 1000) / elapsedMs : 0);

export function formatProgress(p: ProgressState): string {
  const rate = rowsPerSecond(p.rows, p.elapsedMs);
  const parts = [`${count(p.rows)} rows`, `${count(rate)} rows/s`];
  if (p.errors > 0) parts.push(`${count(p.errors)} errors`);
  if (p.fraction === undefined) return parts.join("  ");
  const f = Math.min(1, Math.max(0, p.fraction));
  const filled = Math.round(f * WIDTH);
  const left = f > 0 ? ((p.elapsedMs / 1000) * (1 - f)) / f : Infinity;
  return `[${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${String(Math.floor(f * 100)).padStart(3)}%  ${parts.join("  ")}  ETA ${formatDuration(left)}`;
}

export function formatSummary(s: { rows: number; errors: number; elapsedMs: number; note?: string }): string {
  const rate = rowsPerSecond(s.rows, s.elapsedMs);
  const note = s.note === undefined ? "" : ` (${s.note})`;
  return `scored ${count(s.rows)} rows, ${count(s.errors)} errors, in ${(s.elapsedMs / 1000).toFixed(2)} s: ${count(rate)} rows/s${note}`;
}

/** Redraws the progress line on `stream` (a terminal) at most every `intervalMs`. */
export function progressLine(stream: NodeJS.WritableStream, totalBytes: number | undefined, intervalMs = 200) {
  const started = performance.now();
  let last = -Infinity;
  let shown = false;
  return {
    update(p: { rows: number; errors: number; bytes: number }, force = false) {
      const now = performance.now();
      if (!force && now - last < intervalMs) return;
      last = now;
      shown = true;
      const fraction = totalBytes ? p.bytes / totalBytes : undefined;
      stream.write(`\r${formatProgress({ rows: p.rows, errors: p.errors, elapsedMs: now - started, fraction })}\x1b[K`);
    },
    /** Clears the line so the summary starts on a clean one. */
    clear() {
      if (shown) stream.write("\r\x1b[K");
      shown = false;
    },
  };
}
