// Drives `corvid mcp serve` with the official TypeScript MCP SDK client:
// lists the tools, then makes the calls in $CALLS (a JSON array of
// {name, arguments}) and prints one JSON summary line. $CORVID_BIN is
// the binary, $CORVID_ARGS (JSON array) the arguments after
// `mcp serve`, $WORK the directory it runs in.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const args = ["mcp", "serve", ...JSON.parse(process.env.CORVID_ARGS || "[]")];
const transport = new StdioClientTransport({
  command: process.env.CORVID_BIN,
  args,
  cwd: process.env.WORK,
  env: { ...process.env },
  stderr: "inherit",
});
const client = new Client({ name: "corvid-mcptest", version: "1.0.0" });
await client.connect(transport);

const listed = await client.listTools();
const calls = [];
for (const c of JSON.parse(process.env.CALLS || "[]")) {
  calls.push(await client.callTool(c));
}
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
}));
