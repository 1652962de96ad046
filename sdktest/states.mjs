// Two streamed messages with --replay-user-messages and session states
// the caller sees (CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS=1): what the SDK
// yields of each.
import { query, options, results, Stream, print } from './lib.mjs';

const input = new Stream();
const q = query({
  prompt: input,
  options: options({ extraArgs: { 'replay-user-messages': null } }),
});
input.push('first message');
const init = await q.initializationResult();
const msgs = [];
for await (const m of q) {
  msgs.push(m);
  if (m.type !== 'result') continue;
  if (results(msgs).length === 1) input.push('second message');
  else input.end();
}
print({
  replays: msgs.filter((m) => m.type === 'user' && m.isReplay).map((m) => ({ content: m.message.content, session: m.session_id })),
  states: msgs.filter((m) => m.type === 'system' && m.subtype === 'session_state_changed').map((m) => m.state),
  order: msgs.map((m) => m.type + (m.subtype ? '/' + m.subtype : '') + (m.isReplay ? '/replay' : '')),
  results: results(msgs).length,
  initPid: init.pid,
  initMode: init.current_permission_mode,
});
