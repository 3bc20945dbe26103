// Prices: one JSON file (config/rates.json holds the documented defaults) read into integer
// micro-dollars per million tokens, so every charge is integer arithmetic.
import { readFileSync } from "node:fs";
import defaults from "../../config/rates.json" with { type: "json" };

export interface Rates {
  currency: string;
  /** micro-dollars per million tokens */
  systemone: { input: number; output: number };
  service: { input: number; output: number; providerInput: number; providerOutput: number };
  reservation: { maxOutputTokens: number; serviceProviderAllowance: number };
}

type RatesFile = typeof defaults;

const perMillion = (usd: number): number => Math.round(usd * 1_000_000);

export function ratesFrom(file: Partial<RatesFile> = {}): Rates {
  const f = {
    currency: file.currency ?? defaults.currency,
    systemone: { ...defaults.systemone, ...file.systemone },
    service: { ...defaults.service, ...file.service },
    reservation: { ...defaults.reservation, ...file.reservation },
  };
  return {
    currency: f.currency,
    systemone: {
      input: perMillion(f.systemone.input_usd_per_million_tokens),
      output: perMillion(f.systemone.output_usd_per_million_tokens),
    },
    service: {
      input: perMillion(f.service.input_usd_per_million_tokens),
      output: perMillion(f.service.output_usd_per_million_tokens),
      providerInput: perMillion(f.service.provider_input_usd_per_million_tokens),
      providerOutput: perMillion(f.service.provider_output_usd_per_million_tokens),
    },
    reservation: {
      maxOutputTokens: f.reservation.max_output_tokens,
      serviceProviderAllowance: perMillion(f.reservation.service_provider_allowance_usd),
    },
  };
}

export const DEFAULT_RATES: Rates = ratesFrom();

export function loadRates(path: string | undefined): Rates {
  if (!path) return DEFAULT_RATES;
  return ratesFrom(JSON.parse(readFileSync(path, "utf8")) as Partial<RatesFile>);
}
