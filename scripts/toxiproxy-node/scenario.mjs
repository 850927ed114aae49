// The toxiproxy-node-client scenario against `falsify proxy serve`: every toxic added through Toxiproxy's own
// Node client, its effect measured on real sockets (lower bounds only), removed, and its evidence read from
// Falsify's extension endpoint. Run by ../toxiproxy-node-client.sh, which installs the client.
// Usage: node scenario.mjs API_URL   (e.g. http://127.0.0.1:8474)
import net from "node:net";
import { createRequire } from "node:module";

const require = createRequire(process.cwd() + "/");
const { Toxiproxy } = require("toxiproxy-node-client");

const api = process.argv[2];
if (!api) {
  console.error("usage: node scenario.mjs API_URL");
  process.exit(2);
}
let passed = 0;
let failed = 0;

async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e && e.stack ? e.stack : e}`);
  }
}

function assert(cond, what) {
  if (!cond) throw new Error(what);
}

const echo = net.createServer((s) => s.pipe(s));
await new Promise((r) => echo.listen(0, "127.0.0.1", r));
const upstream = `127.0.0.1:${echo.address().port}`;

function connect(listen) {
  const i = listen.lastIndexOf(":");
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: listen.slice(0, i), port: Number(listen.slice(i + 1)) });
    s.setNoDelay(true);
    s.once("connect", () => resolve(s));
    s.once("error", reject);
  });
}

/** Reads until `n` bytes came, the socket ended, or it failed; resolves with what happened. */
function read(s, n, timeoutMs = 20000) {
  return new Promise((resolve) => {
    let got = 0;
    let chunks = 0;
    const t0 = process.hrtime.bigint();
    const done = (how, err) => {
      clearTimeout(timer);
      s.removeAllListeners("data");
      s.removeAllListeners("end");
      s.removeAllListeners("error");
      resolve({ how, got, chunks, ms: Number(process.hrtime.bigint() - t0) / 1e6, err });
    };
    const timer = setTimeout(() => done("timeout"), timeoutMs);
    s.on("data", (d) => {
      got += d.length;
      chunks++;
      if (got >= n) done("data");
    });
    s.on("end", () => done("end"));
    s.on("error", (e) => done("error", e));
  });
}

async function evidence(proxy, toxic) {
  const r = await fetch(`${api}/proxies/${proxy}/toxics/${toxic}/evidence`);
  assert(r.status === 200, `evidence of ${toxic}: HTTP ${r.status}`);
  return r.json();
}

const toxiproxy = new Toxiproxy(api);

/** A proxy of its own for one check: a socket an earlier check closed may still be draining through
 *  a shared proxy when the next toxic is added, and a toxic acts on every connection it sees, so
 *  exact counts in the evidence need a proxy nobody else used. */
async function fresh(name) {
  return toxiproxy.createProxy({ name: `node-${name}`, listen: "127.0.0.1:0", upstream });
}
await toxiproxy.reset();
const version = await toxiproxy.getVersion();
const proxy = await toxiproxy.createProxy({ name: "node-echo", listen: "127.0.0.1:0", upstream });

await check("version and proxy as created", async () => {
  assert(version.includes("2.9.0"), `version ${version}`);
  assert(/^127\.0\.0\.1:[1-9]\d*$/.test(proxy.listen), `listen ${proxy.listen}`);
  const all = await toxiproxy.getAll();
  assert(Object.keys(all).includes("node-echo"), "getAll lists the proxy");
});

await check("latency with jitter", async () => {
  const proxy = await fresh("slow");
  const toxic = await proxy.addToxic({ name: "slow", type: "latency", stream: "downstream", toxicity: 1, attributes: { latency: 300, jitter: 20 } });
  const s = await connect(proxy.listen);
  s.write("ping");
  const r = await read(s, 4);
  s.destroy();
  assert(r.how === "data" && r.ms >= 250, `round trip ${r.ms} ms (${r.how})`);
  await toxic.remove();
  const e = await evidence(proxy.name, "slow");
  assert(e.landed && e.connections_touched === 1 && e.bytes_delayed >= 4 && e.first_acted_at, JSON.stringify(e));
  await proxy.remove();
});

await check("toxicity 0 never lands", async () => {
  const proxy = await fresh("never");
  const toxic = await proxy.addToxic({ name: "never", type: "latency", stream: "upstream", toxicity: 0, attributes: { latency: 1000 } });
  const s = await connect(proxy.listen);
  s.write("x");
  const r = await read(s, 1);
  s.destroy();
  assert(r.how === "data", r.how);
  const e = await evidence(proxy.name, "never");
  assert(!e.landed && e.connections_seen === 1 && e.connections_touched === 0, JSON.stringify(e));
  await toxic.remove();
  await proxy.remove();
});

await check("bandwidth", async () => {
  const proxy = await fresh("thin");
  const toxic = await proxy.addToxic({ name: "thin", type: "bandwidth", stream: "downstream", toxicity: 1, attributes: { rate: 50 } });
  const s = await connect(proxy.listen);
  s.write(Buffer.alloc(60000, 98));
  const r = await read(s, 60000);
  s.destroy();
  assert(r.how === "data" && r.ms >= 1000, `60 KB at 50 KB/s in ${r.ms} ms (${r.how})`);
  await toxic.remove();
  const e = await evidence(proxy.name, "thin");
  assert(e.bytes_delayed === 60000, JSON.stringify(e));
  await proxy.remove();
});

await check("slow_close", async () => {
  const proxy = await fresh("late-fin");
  const toxic = await proxy.addToxic({ name: "late-fin", type: "slow_close", stream: "downstream", toxicity: 1, attributes: { delay: 600 } });
  const s = await connect(proxy.listen);
  s.end("bye"); // half-close: the echo answers and closes; its close reaches us 600 ms late
  const t0 = Date.now();
  const r = await read(s, Infinity);
  assert(r.how === "end" && Date.now() - t0 >= 500, `closed after ${Date.now() - t0} ms (${r.how})`);
  await toxic.remove();
  const e = await evidence(proxy.name, "late-fin");
  assert(e.closes_delayed === 1 && e.landed, JSON.stringify(e));
  await proxy.remove();
});

await check("timeout", async () => {
  const proxy = await fresh("cut");
  const toxic = await proxy.addToxic({ name: "cut", type: "timeout", stream: "upstream", toxicity: 1, attributes: { timeout: 400 } });
  const s = await connect(proxy.listen);
  s.write("lost");
  const r = await read(s, 4);
  s.destroy();
  assert((r.how === "end" || r.how === "error") && r.got === 0 && r.ms >= 300, `${r.how} after ${r.ms} ms with ${r.got} B`);
  await toxic.remove();
  const e = await evidence(proxy.name, "cut");
  assert(e.bytes_dropped === 4 && e.connections_closed === 1, JSON.stringify(e));
  await proxy.remove();
});

await check("reset_peer", async () => {
  const proxy = await fresh("rst");
  const toxic = await proxy.addToxic({ name: "rst", type: "reset_peer", stream: "downstream", toxicity: 1, attributes: { timeout: 0 } });
  let r;
  try {
    const s = await connect(proxy.listen);
    s.write("x");
    r = await read(s, 1);
    s.destroy();
  } catch (e) {
    r = { how: "error", err: e };
  }
  assert(r.how === "error" && r.err && r.err.code === "ECONNRESET", `${r.how} ${r.err && r.err.code}`);
  await toxic.remove();
  const e = await evidence(proxy.name, "rst");
  assert(e.resets_sent === 1, JSON.stringify(e));
  await proxy.remove();
});

await check("slicer", async () => {
  const proxy = await fresh("bits");
  const toxic = await proxy.addToxic({ name: "bits", type: "slicer", stream: "downstream", toxicity: 1,
    attributes: { average_size: 10, size_variation: 0, delay: 2000 } });
  const s = await connect(proxy.listen);
  s.write(Buffer.alloc(500, 97));
  const r = await read(s, 500);
  s.destroy();
  assert(r.how === "data" && r.chunks > 1 && r.ms >= 90, `${r.chunks} chunks in ${r.ms} ms`);
  await toxic.remove();
  const e = await evidence(proxy.name, "bits");
  assert(e.bytes_sliced === 500 && e.slices === 49, JSON.stringify(e));
  await proxy.remove();
});

await check("limit_data", async () => {
  const proxy = await fresh("cap");
  const toxic = await proxy.addToxic({ name: "cap", type: "limit_data", stream: "downstream", toxicity: 1, attributes: { bytes: 100 } });
  const s = await connect(proxy.listen);
  s.write(Buffer.alloc(1000, 99));
  const r = await read(s, Infinity);
  s.destroy();
  assert(r.got === 100 && (r.how === "end" || r.how === "error"), `${r.got} B then ${r.how}`);
  await toxic.remove();
  const e = await evidence(proxy.name, "cap");
  assert(e.connections_closed === 1 && e.bytes_cut >= 1, JSON.stringify(e));
  await proxy.remove();
});

await check("enabled:false takes the proxy down, true brings it back", async () => {
  await proxy.update({ enabled: false, listen: proxy.listen, upstream });
  let refused = false;
  try {
    (await connect(proxy.listen)).destroy();
  } catch (e) {
    refused = e.code === "ECONNREFUSED";
  }
  assert(refused, "connection refused while disabled");
  const back = await proxy.update({ enabled: true, listen: proxy.listen, upstream });
  assert(back.enabled && back.listen === proxy.listen, JSON.stringify(back.toJson()));
  const s = await connect(proxy.listen);
  s.write("again");
  const r = await read(s, 5);
  s.destroy();
  assert(r.how === "data", r.how);
});

await check("errors as Toxiproxy's", async () => {
  let failedAsExpected = false;
  try {
    await toxiproxy.get("no-such-proxy");
  } catch (e) {
    failedAsExpected = /404/.test(String(e.message));
  }
  assert(failedAsExpected, "404 for an unknown proxy");
});

await proxy.remove();
echo.close();
console.log(`toxiproxy-node-client: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
