// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; requests?: unknown[] };
  type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram & { total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
