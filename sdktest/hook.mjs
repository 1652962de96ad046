// A PreToolUse hook callback sees the call and adds context for the model.
import { query, options, collect, results, print } from './lib.mjs';

const seen = [];
const q = query({
  prompt: 'say hi with echo',
  options: options({
    permissionMode: 'bypassPermissions',
    allowDangerouslySkipPermissions: true,
    hooks: {
      PreToolUse: [{
        matcher: 'Bash',
        hooks: [async (input, toolUseID) => {
          seen.push({ event: input.hook_event_name, tool: input.tool_name, command: input.tool_input?.command, toolUseID,
            session: typeof input.session_id === 'string' && input.session_id.length > 0 });
          return { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'hook-context-7f3a' } };
        }],
      }],
    },
  }),
});
const msgs = await collect(q);
print({ seen, results: results(msgs).map((r) => ({ subtype: r.subtype, is_error: r.is_error })) });
