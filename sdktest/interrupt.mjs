// interrupt() stops a long Bash call; the turn ends with a result.
import { query, options, results, Stream, print } from './lib.mjs';

const input = new Stream();
const q = query({ prompt: input, options: options({ permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true }) });
input.push('run the long command');
let sent = 0;
let ms = -1;
let thrown = '';
const msgs = [];
try {
  for await (const m of q) {
    msgs.push(m);
    if (!sent && m.type === 'assistant' && m.message.content.some((b) => b.type === 'tool_use')) {
      await new Promise((r) => setTimeout(r, 300)); // the command is running
      sent = performance.now();
      await q.interrupt();
    }
    if (m.type === 'result') {
      ms = performance.now() - sent;
      input.end();
    }
  }
} catch (e) {
  // As with Claude Code, the process exits 1 after an error result and
  // the SDK throws that result's error once the messages are read.
  thrown = e.message;
}
print({ ms, thrown, results: results(msgs).map((r) => ({ subtype: r.subtype, is_error: r.is_error, session_id: r.session_id })) });
