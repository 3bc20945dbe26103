// What the numbers were measured on: CPU model (from /proc/cpuinfo where there is one), cores, Node.
import { readFileSync } from "node:fs";
import { cpus } from "node:os";

function cpuModel(): string {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    if (line) return line.split(":")[1].trim();
  } catch {
    // not Linux: fall back to what Node reports
  }
  return cpus()[0]?.model ?? "unknown";
}

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  platform: string;
  date: string;
  /** 1-minute load average before and after the run (other processes share the machine) */
  load?: [number, number];
}

export const describeMachine = (): Machine => ({
  cpu: cpuModel(),
  cores: cpus().length,
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  date: new Date().toISOString(),
});
