// SessionStart, PostToolUseFailure and PermissionRequest hook callbacks:
// the first adds context for the model, the second sees a failed call's
// error, the third answers a permission question instead of canUseTool.
import { query, options, collect, results, print } from './lib.mjs';

const events = [];
let asked = 0;
const record = (pick) => async (input) => {
  events.push({ event: input.hook_event_name, ...pick(input) });
  if (input.hook_event_name === 'SessionStart') {
    return { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'session-context-5d2' } };
  }
  if (input.hook_event_name === 'PermissionRequest') {
    return { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } };
  }
  return {};
};
const msgs = await collect(query({
  prompt: 'check and make the file',
  options: options({
    canUseTool: async () => { asked++; return { behavior: 'deny', message: 'no' }; },
    hooks: {
      SessionStart: [{ hooks: [record((i) => ({ source: i.source, transcript: typeof i.transcript_path === 'string' }))] }],
      PostToolUseFailure: [{ matcher: 'Bash', hooks: [record((i) => ({ tool: i.tool_name, id: i.tool_use_id,
        command: i.tool_input?.command, error: i.error, interrupt: i.is_interrupt }))] }],
      PermissionRequest: [{ matcher: 'Bash', hooks: [record((i) => ({ tool: i.tool_name, command: i.tool_input?.command }))] }],
    },
  }),
}));
print({ events, asked, results: results(msgs).map((r) => ({ subtype: r.subtype, result: r.result })) });
