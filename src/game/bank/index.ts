/** Public face of the bank vault rules (items-and-economy §8). */
export * from "./bank.ts";
