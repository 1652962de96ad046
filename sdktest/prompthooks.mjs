// UserPromptSubmit and Stop hook callbacks: the first adds context to the
// prompt, the second makes the model go on once.
import { query, options, collect, results, print } from './lib.mjs';

const events = [];
let stops = 0;
const msgs = await collect(query({
  prompt: 'finish the job',
  options: options({
    hooks: {
      UserPromptSubmit: [{ hooks: [async (input) => {
        events.push({ event: input.hook_event_name, prompt: input.prompt });
        return { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'prompt-context-91c' } };
      }] }],
      Stop: [{ hooks: [async (input) => {
        events.push({ event: input.hook_event_name, active: input.stop_hook_active });
        return stops++ === 0 ? { decision: 'block', reason: 'run the tests first' } : {};
      }] }],
    },
  }),
}));
print({ events, results: results(msgs).map((r) => ({ subtype: r.subtype, result: r.result })) });
