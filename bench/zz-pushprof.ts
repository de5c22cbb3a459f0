import { freePort, startProcess } from '/work/main/bench/lib/harness.js';
const sinkPort = await freePort(); const appPort = await freePort();
const sink = await startProcess('bench/lib/push-sink.ts', { SINK_PORT: String(sinkPort) });
const target = await startProcess('bench/lib/push-broadcast-target.ts', { SINK_PORT: String(sinkPort), APP_PORT: String(appPort), NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof', BENCH_SUBSCRIPTIONS: '30000' });
const base = `http://127.0.0.1:${appPort}`;
console.log(await (await fetch(`${base}/bench/broadcast`, { method: 'POST' })).json());
console.log(await (await fetch(`${base}/bench/drain?seconds=15`, { method: 'POST' })).json());
await target.stop(); await sink.stop();
