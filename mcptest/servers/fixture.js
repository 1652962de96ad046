#!/usr/bin/env node
// A misbehaving MCP server for corvid's tests, written by hand (no SDK) so
// it can break the protocol on purpose. Mode is argv[2]:
//   exit     exits at once with status 3 (after a line on stderr)
//   garbage  prints a line that is not JSON-RPC on stdout, then waits
//   silent   reads requests and never answers
//   server   a working server whose tools misbehave: "fine", "big"
//            ({size}: that many bytes of text), "hang" (never answers; a
//            notifications/cancelled is appended to $FIXTURE_LOG), and two
//            tools with invalid input schemas
// FIXTURE_DELAY_MS delays the answer to initialize (a server that is slow
// to start, for bench/cmd/mcpbench and testdata/mcp/late_tools.txtar).
// Tools that change the list (each says notifications/tools/list_changed
// before answering, as the TypeScript SDK's servers do): "grow" adds
// "grown", "shrink" removes "big". FIXTURE_TOOLS=N adds N tools tool_000…
// with realistic descriptions and schemas (deferred loading tests).
// With FIXTURE_LOG set, each tools/list answer appends "listed".
"use strict";
const fs = require("fs");
const readline = require("readline");
const mode = process.argv[2] || "server";

if (mode === "exit") {
  process.stderr.write("fixture: failing on purpose\n");
  process.exit(3);
}
if (mode === "garbage") {
  process.stdout.write("this is not JSON-RPC\n");
}
const log = (line) => process.env.FIXTURE_LOG && fs.appendFileSync(process.env.FIXTURE_LOG, line + "\n");
const send = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
const tools = [
  { name: "fine", description: "Answers fine", inputSchema: { type: "object", properties: {} } },
  { name: "big", description: "Returns size bytes", inputSchema: { type: "object", properties: { size: { type: "number" } }, required: ["size"] } },
  { name: "hang", description: "Never answers", inputSchema: { type: "object", properties: {} } },
  { name: "grow", description: "Adds the tool grown", inputSchema: { type: "object", properties: {} } },
  { name: "shrink", description: "Removes the tool big", inputSchema: { type: "object", properties: {} } },
  { name: "bad-top", description: "Schema is not an object schema", inputSchema: { type: "string" } },
  { name: "bad-type", description: "Schema has an invalid type", inputSchema: { type: "object", properties: { x: { type: 12 } } } },
];

const grown = { name: "grown", description: "Added while the session ran", inputSchema: { type: "object", properties: {} } };
for (let i = 0; i < Number(process.env.FIXTURE_TOOLS || 0); i++) {
  const n = String(i).padStart(3, "0");
  tools.push({
    name: "tool_" + n,
    description: `Tool number ${n} of a large server: looks up records of kind ${n} in the inventory, filters them by the given fields and returns at most limit of them as JSON, newest first. Use it when the user asks about kind ${n}.`,
    inputSchema: { type: "object", properties: {
      query: { type: "string", description: "Words to look for in the records" },
      limit: { type: "integer", minimum: 1, maximum: 100, description: "How many records to return at most" },
      fields: { type: "array", items: { type: "string" }, description: "Which fields of each record to return" },
    }, required: ["query"], additionalProperties: false },
  });
}
function listChanged() { send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" }); }

function call(msg) {
  const { name, arguments: args } = msg.params;
  if (name === "fine") return { content: [{ type: "text", text: "fine" }] };
  if (name === "grow") { tools.push(grown); listChanged(); return { content: [{ type: "text", text: "grew" }] }; }
  if (name === "grown") return { content: [{ type: "text", text: "grown answers" }] };
  if (name === "shrink") { tools.splice(tools.findIndex((t) => t.name === "big"), 1); listChanged(); return { content: [{ type: "text", text: "shrank" }] }; }
  if (/^tool_\d{3}$/.test(name) && tools.some((t) => t.name === name)) return { content: [{ type: "text", text: name + " got " + JSON.stringify(args) }] };
  if (name === "big") return { content: [{ type: "text", text: "x".repeat(args.size - 4) + "END\n" }] };
  if (name === "hang") return null;
  return { content: [{ type: "text", text: "unknown tool" }], isError: true };
}

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  let msg;
  try { msg = JSON.parse(line); } catch { return; }
  if (mode === "silent" || mode === "garbage") return;
  if (msg.method === "notifications/cancelled") log("cancelled " + JSON.stringify(msg.params.requestId));
  if (msg.id === undefined) return;
  let result;
  switch (msg.method) {
    case "initialize":
      result = { protocolVersion: msg.params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: "fixture", version: "1.0.0" } };
      if (process.env.FIXTURE_DELAY_MS) {
        setTimeout(() => send({ jsonrpc: "2.0", id: msg.id, result }), Number(process.env.FIXTURE_DELAY_MS));
        return;
      }
      break;
    case "tools/list":
      result = { tools };
      log("listed");
      break;
    case "tools/call":
      log("call " + msg.params.name);
      result = call(msg);
      if (result === null) return;
      break;
    case "ping":
      result = {};
      break;
    default:
      send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "method not found" } });
      return;
  }
  send({ jsonrpc: "2.0", id: msg.id, result });
});
rl.on("close", () => process.exit(0));
