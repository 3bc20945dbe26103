// How many connections the server holds at once. Each holds a file descriptor until the headers
// timeout (a connection that sends nothing) or the keep-alive timeout (one idle after its answers)
// closes it, and without a bound a client opening connections faster took them all: with 1,024
// descriptors, 1,500 connections opened at once from one address left /healthz unanswered, from
// any address, until the headers timeout closed them (a new connection could not be accepted), and
// a compile worker replaced meanwhile, a ledger file or a module loaded late could not be opened.
// Two bounds, each checked as a connection is accepted, before a byte of it is read:
// - the server's: at most `maxConnections`, kept below the process's open-file limit (less what the
//   process needs for itself), Node's server.maxConnections: past it a connection is closed at once;
// - each client address's: at most `maxClientConnections`, so that one address cannot fill the
//   server's bound and the others (a load balancer's health check, other clients) are still
//   accepted. Behind a proxy every connection comes from the proxy: raise it, or 0 to turn it off.
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { Socket } from "node:net";

/** Descriptors the process keeps for itself: compile workers' pipes, the ledger, modules loaded late, logs. */
export const DESCRIPTORS_KEPT = 256;

/** The soft limit on open files (Linux's /proc/self/limits), or null where it cannot be read. */
export function openFileLimit(limits = "/proc/self/limits"): number | null {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(limits, "latin1"));
    return line && line[1] !== "unlimited" ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/** The server's bound: `wanted`, lowered to leave DESCRIPTORS_KEPT of the open-file limit (at least 1). */
export function serverConnections(wanted: number, fileLimit: number | null): number {
  if (fileLimit === null) return wanted;
  return Math.max(1, Math.min(wanted, fileLimit - DESCRIPTORS_KEPT));
}

export interface ConnectionBounds {
  /** connections the server holds at once (0: as many as the open-file limit allows) */
  maxConnections: number;
  /** connections one client address holds at once (0: no bound) */
  maxClientConnections: number;
}

/**
 * Bounds `server`'s connections; `refused(reason)` is told of each connection closed unread
 * ("server": the server's bound, "client": the address's).
 */
export function boundConnections(server: Server, bounds: ConnectionBounds, refused: (reason: "server" | "client") => void): void {
  const fileLimit = openFileLimit();
  const wanted = bounds.maxConnections > 0 ? bounds.maxConnections : Number.MAX_SAFE_INTEGER;
  const total = serverConnections(wanted, fileLimit);
  if (total < Number.MAX_SAFE_INTEGER) server.maxConnections = total;
  server.on("drop", () => refused("server"));
  const perClient = bounds.maxClientConnections;
  if (perClient <= 0) return;
  const held = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (held.get(address) ?? 0) + 1;
    if (count > perClient) {
      refused("client");
      socket.destroy();
      return;
    }
    held.set(address, count);
    socket.once("close", () => {
      const left = held.get(address)! - 1;
      if (left === 0) held.delete(address);
      else held.set(address, left);
    });
  });
}
