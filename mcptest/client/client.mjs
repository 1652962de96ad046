// Drives `corvid mcp serve` with the official TypeScript MCP SDK client:
// lists the tools, then makes the calls in $CALLS (a JSON array of
// {name, arguments}) and prints one JSON summary line. $CORVID_BIN is
// the binary, $CORVID_ARGS (JSON array) the arguments after
// `mcp serve`, $WORK the directory it runs in. With $EXTRAS=1 it also
// pings, sends a method the server does not have, and cancels a running
// Bash `sleep 291.5` (reporting whether that process went away).
import { readdirSync, readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { EmptyResultSchema } from "@modelcontextprotocol/sdk/types.js";

const args = ["mcp", "serve", ...JSON.parse(process.env.CORVID_ARGS || "[]")];
const transport = new StdioClientTransport({
  command: process.env.CORVID_BIN,
  args,
  cwd: process.env.WORK,
  env: { ...process.env },
  stderr: "inherit",
});
let negotiated;
transport.setProtocolVersion = (v) => { negotiated = v; };
const client = new Client({ name: "corvid-mcptest", version: "1.0.0" });
await client.connect(transport);

const listed = await client.listTools();
const calls = [];
for (const c of JSON.parse(process.env.CALLS || "[]")) {
  calls.push(await client.callTool(c));
}
const extras = process.env.EXTRAS === "1" ? await extraChecks() : undefined;
const server = client.getServerVersion();
const pid = transport.pid;
await client.close();

console.log(JSON.stringify({
  server,
  pid,
  tools: listed.tools.map((t) => ({
    name: t.name,
    type: t.inputSchema?.type,
    readOnly: t.annotations?.readOnlyHint ?? false,
  })),
  calls,
  negotiated,
  extras,
}));

// sleepPid is the pid of a running `sleep 291.5`, or undefined.
function sleepPid() {
  for (const d of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/cmdline`, "utf8") === "sleep\u0000291.5\u0000") {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        if (stat.split(") ")[1]?.[0] !== "Z") return Number(d);
      }
    } catch { /* it exited meanwhile */ }
  }
  return undefined;
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

async function waitFor(cond, ms) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    if (cond()) return true;
  }
  return cond();
}

async function extraChecks() {
  const out = {};
  out.ping = await client.ping();
  try {
    await client.request({ method: "corvid/no-such-method" }, EmptyResultSchema);
    out.unknownMethod = "answered";
  } catch (e) {
    out.unknownMethod = e.code;
  }
  const ac = new AbortController();
  const call = client.callTool({ name: "Bash", arguments: { command: "sleep 291.5" } }, undefined,
    { signal: ac.signal, timeout: 600000 });
  out.sleepStarted = await waitFor(() => sleepPid() !== undefined, 60000);
  ac.abort("test cancels");
  try {
    await call;
    out.cancelled = "answered";
  } catch (e) {
    out.cancelled = String(e.name || e);
  }
  out.sleepGone = await waitFor(() => sleepPid() === undefined, 60000);
  out.pingAfterCancel = await client.ping();
  return out;
}
