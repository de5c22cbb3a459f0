export function findChromium(): string | null;
export function ensureChromium(): string;
export declare const BENCH_DISABLED_FEATURES: string[];
export declare function withBenchDisabledFeatures(flags: string[]): string[];
export function findHeadlessShell(): string | null;
export function ensureHeadlessShell(): string | null;
export function findE2eBrowser(): string | null;
export function ensureE2eBrowser(): string;
