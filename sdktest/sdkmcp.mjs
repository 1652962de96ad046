// An SDK in-process MCP server (createSdkMcpServer + tool): the model
// calls mcp__calc__add and the handler's result reaches the next request;
// mcp__calc__wipe is denied by a disallowedTools rule and never runs;
// with PROMPT_TOOL=1 the server's "gate" tool answers the permission
// questions (--permission-prompt-tool mcp__calc__gate): it allows one
// Bash call and denies another.
import { createSdkMcpServer, tool } from '@anthropic-ai/claude-agent-sdk';
import { z } from 'zod';
import { query, options, collect, results, toolResults, text, print } from './lib.mjs';

const calls = [];
const gateAsked = [];
const calc = createSdkMcpServer({
  name: 'calc',
  version: '1.2.3',
  tools: [
    tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
      calls.push({ tool: 'add', a, b });
      return { content: [{ type: 'text', text: `sum is ${a + b} (calc-7e1)` }] };
    }),
    tool('wipe', 'Wipes everything', {}, async () => {
      calls.push({ tool: 'wipe' });
      return { content: [{ type: 'text', text: 'wiped' }] };
    }),
    tool('gate', 'Decides permission prompts',
      { tool_name: z.string(), input: z.record(z.string(), z.unknown()), tool_use_id: z.string() },
      async (args) => {
        gateAsked.push(args);
        const decision = String(args.input.command ?? '').startsWith('rm ')
          ? { behavior: 'deny', message: 'the calc gate refuses rm' }
          : { behavior: 'allow', updatedInput: { ...args.input, command: 'touch gated.txt' } };
        return { content: [{ type: 'text', text: JSON.stringify(decision) }] };
      }),
  ],
});

const prompt = process.env.PROMPT_TOOL === '1';
const q = query({
  prompt: 'use the calculator',
  options: options({
    mcpServers: { calc },
    ...(prompt
      ? { permissionPromptToolName: 'mcp__calc__gate' }
      : { allowedTools: ['mcp__calc__add'], disallowedTools: ['mcp__calc__wipe'] }),
  }),
});
const msgs = [];
let status = null;
for await (const m of q) {
  msgs.push(m);
  if (m.type === 'system' && m.subtype === 'init' && status === null) status = await q.mcpServerStatus();
}
const init = msgs.find((m) => m.type === 'system' && m.subtype === 'init');
print({
  calls,
  gateAsked,
  status: status?.map((s) => ({ name: s.name, status: s.status, error: s.error, serverInfo: s.serverInfo, scope: s.scope,
    source: s.source, tools: s.tools?.map((t) => t.name) })),
  initServers: init?.mcp_servers,
  initTools: init?.tools?.filter((t) => t.startsWith('mcp__')),
  results: results(msgs).map((r) => ({ subtype: r.subtype, is_error: r.is_error, result: r.result })),
  toolResults: toolResults(msgs).map((b) => ({ id: b.tool_use_id, is_error: !!b.is_error, text: text(b.content) })),
});
