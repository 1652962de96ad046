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
// to start, for bench/cmd/mcpbench).
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
  { name: "bad-top", description: "Schema is not an object schema", inputSchema: { type: "string" } },
  { name: "bad-type", description: "Schema has an invalid type", inputSchema: { type: "object", properties: { x: { type: 12 } } } },
];

function call(msg) {
  const { name, arguments: args } = msg.params;
  if (name === "fine") return { content: [{ type: "text", text: "fine" }] };
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
      result = { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "fixture", version: "1.0.0" } };
      if (process.env.FIXTURE_DELAY_MS) {
        setTimeout(() => send({ jsonrpc: "2.0", id: msg.id, result }), Number(process.env.FIXTURE_DELAY_MS));
        return;
      }
      break;
    case "tools/list":
      result = { tools };
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
