// Two user messages through one streaming-input process; between them
// setModel and setPermissionMode (MODE_SWITCH=1) change the next turn.
import { query, options, results, inits, Stream, print } from './lib.mjs';

const input = new Stream();
const switching = process.env.MODE_SWITCH === '1';
const denied = [];
const q = query({
  prompt: input,
  options: options(switching ? {
    canUseTool: async (toolName, i) => { denied.push(toolName); return { behavior: 'deny', message: 'asked' }; },
  } : {}),
});
input.push('first message');
const msgs = [];
let seen = 0;
for await (const m of q) {
  msgs.push(m);
  if (m.type !== 'result') continue;
  seen++;
  if (seen === 1) {
    if (switching) {
      await q.setModel('haiku');
      await q.setPermissionMode('acceptEdits');
    }
    input.push('second message');
  } else {
    input.end();
  }
}
print({
  results: results(msgs).map((r) => ({ subtype: r.subtype, is_error: r.is_error, result: r.result, session_id: r.session_id })),
  inits: inits(msgs).map((i) => ({ model: i.model, permissionMode: i.permissionMode, session_id: i.session_id })),
  denied,
});
