#!/usr/bin/env node
// A permission prompt server for corvid's tests (--permission-prompt-tool
// mcp__gate__approve), written by hand (no SDK). Its "approve" tool reads
// {tool_name, input, tool_use_id}, appends them to $GATE_LOG, and answers
// with a PermissionResult as text: a Bash command with "rm" is denied, one
// with "garbage" gets a text that is not JSON, "fail" an error result,
// and anything else is allowed with its command replaced by
// "touch changed.txt".
"use strict";
const fs = require("fs");
const readline = require("readline");

const send = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
const text = (t, isError) => ({ content: [{ type: "text", text: t }], ...(isError && { isError: true }) });

function approve(args) {
  if (process.env.GATE_LOG) fs.appendFileSync(process.env.GATE_LOG, JSON.stringify(args) + "\n");
  const cmd = String(args.input?.command ?? "");
  if (cmd.includes("rm ")) return text(JSON.stringify({ behavior: "deny", message: "the gate refuses rm" }));
  if (cmd.includes("garbage")) return text("sure, go ahead");
  if (cmd.includes("fail")) return text("the gate is broken", true);
  return text(JSON.stringify({ behavior: "allow", updatedInput: { ...args.input, command: "touch changed.txt" } }));
}

const tools = [{
  name: "approve", description: "Decides permission prompts",
  inputSchema: { type: "object", properties: { tool_name: { type: "string" }, input: { type: "object" }, tool_use_id: { type: "string" } } },
}];

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let msg;
  try { msg = JSON.parse(line); } catch { return; }
  if (msg.id === undefined) return;
  let result;
  switch (msg.method) {
    case "initialize":
      result = { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "gate", version: "1.0.0" } };
      break;
    case "tools/list":
      result = { tools };
      break;
    case "tools/call":
      result = msg.params.name === "approve" ? approve(msg.params.arguments ?? {}) : text("unknown tool", true);
      break;
    default:
      send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "method not found" } });
      return;
  }
  send({ jsonrpc: "2.0", id: msg.id, result });
}).on("close", () => process.exit(0));
