#!/usr/bin/env node
// An MCP server with resources and prompts that misbehave on purpose, for
// corvid's @server:uri mention and /mcp__server__prompt tests. Written by
// hand (no SDK). Resources:
//   fixture://text         a short text
//   fixture://big/N        N bytes of text ("x"s, then "END")
//   fixture://hang         never answered (a notifications/cancelled for
//                          it is appended to $FIXTURE_LOG)
//   fixture://image        a 1x1 PNG
// Prompts: "picture" (a text and an image), "need" (required "a", "b"),
// "grow" (adds the prompt "grown" and sends prompts/list_changed).
"use strict";
const fs = require("fs");
const readline = require("readline");
const log = (line) => process.env.FIXTURE_LOG && fs.appendFileSync(process.env.FIXTURE_LOG, line + "\n");
const send = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const prompts = [
  { name: "picture", description: "A text and an image" },
  { name: "need", description: "Needs a and b", arguments: [{ name: "a", required: true }, { name: "b", required: true }] },
  { name: "grow", description: "Adds a prompt" },
];

function read(uri) {
  if (uri === "fixture://text") return { contents: [{ uri, mimeType: "text/plain", text: "fixture text" }] };
  if (uri === "fixture://image") return { contents: [{ uri, mimeType: "image/png", blob: png }] };
  const big = /^fixture:\/\/big\/(\d+)$/.exec(uri);
  if (big) return { contents: [{ uri, mimeType: "text/plain", text: "x".repeat(Number(big[1]) - 3) + "END" }] };
  if (uri === "fixture://hang") return null;
  return undefined;
}

function get(msg) {
  const { name, arguments: args } = msg.params;
  const user = (content) => ({ role: "user", content });
  if (name === "picture") return { messages: [user({ type: "text", text: "Look at this:" }), user({ type: "image", mimeType: "image/png", data: png })] };
  if (name === "need") return { messages: [user({ type: "text", text: `a=${args.a} b=${args.b}` })] };
  if (name === "grow") {
    if (!prompts.some((p) => p.name === "grown")) prompts.push({ name: "grown", description: "Added by grow" });
    setTimeout(() => send({ jsonrpc: "2.0", method: "notifications/prompts/list_changed" }), 10);
    return { messages: [user({ type: "text", text: "grew" })] };
  }
  if (name === "grown") return { messages: [user({ type: "text", text: "grown prompt" })] };
  return undefined;
}

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  let msg;
  try { msg = JSON.parse(line); } catch { return; }
  if (msg.method === "notifications/cancelled") log("cancelled " + JSON.stringify(msg.params.requestId));
  if (msg.id === undefined) return;
  let result;
  switch (msg.method) {
    case "initialize":
      result = { protocolVersion: msg.params.protocolVersion, capabilities: { resources: {}, prompts: { listChanged: true } },
        serverInfo: { name: "resources-fixture", version: "1.0.0" } };
      break;
    case "resources/list":
      result = { resources: [{ uri: "fixture://text", name: "text" }, { uri: "fixture://image", name: "image", mimeType: "image/png" }] };
      break;
    case "resources/read":
      log("read " + msg.params.uri);
      result = read(msg.params.uri);
      if (result === null) return;
      break;
    case "prompts/list":
      result = { prompts };
      break;
    case "prompts/get":
      log("get " + msg.params.name + " " + JSON.stringify(msg.params.arguments || {}));
      result = get(msg);
      break;
    case "ping":
      result = {};
      break;
  }
  if (result === undefined) {
    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32602, message: `unknown ${msg.method} target` } });
    return;
  }
  send({ jsonrpc: "2.0", id: msg.id, result });
});
rl.on("close", () => process.exit(0));
