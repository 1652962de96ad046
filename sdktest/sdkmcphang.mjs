// An SDK in-process MCP tool that never answers: interrupt() still ends
// the turn with a result, and the process exits.
import { createSdkMcpServer, tool } from '@anthropic-ai/claude-agent-sdk';
import { query, options, results, Stream, print } from './lib.mjs';

let started = 0;
const slow = createSdkMcpServer({
  name: 'slow',
  tools: [tool('hang', 'Never answers', {}, async () => {
    started++;
    return new Promise(() => {});
  })],
});
const input = new Stream();
const q = query({ prompt: input, options: options({ mcpServers: { slow }, allowedTools: ['mcp__slow__hang'] }) });
input.push('call the slow tool');
let sent = 0;
let ms = -1;
let thrown = '';
const msgs = [];
try {
  for await (const m of q) {
    msgs.push(m);
    if (!sent && m.type === 'assistant' && m.message.content.some((b) => b.type === 'tool_use')) {
      while (!started) await new Promise((r) => setTimeout(r, 20)); // the handler runs
      sent = performance.now();
      await q.interrupt();
    }
    if (m.type === 'result') {
      ms = performance.now() - sent;
      input.end();
    }
  }
} catch (e) {
  thrown = e.message;
}
print({ ms, started, thrown, results: results(msgs).map((r) => ({ subtype: r.subtype, is_error: r.is_error, session_id: r.session_id })) });
