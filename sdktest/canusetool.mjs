// canUseTool denies one Bash call and allows another with an updatedInput.
import { query, options, collect, results, toolResults, text, print } from './lib.mjs';

const asked = [];
const q = query({
  prompt: 'tidy up',
  options: options({
    canUseTool: async (toolName, input, { suggestions, decisionReason, toolUseID }) => {
      asked.push({ toolName, command: input.command, toolUseID, suggestions, decisionReason });
      if (input.command.startsWith('rm ')) {
        return { behavior: 'deny', message: 'no removing files today' };
      }
      return { behavior: 'allow', updatedInput: { ...input, command: 'touch changed.txt' } };
    },
  }),
});
const msgs = await collect(q);
print({
  asked,
  results: results(msgs).map((r) => ({ subtype: r.subtype, is_error: r.is_error, result: r.result })),
  toolResults: toolResults(msgs).map((b) => ({ is_error: !!b.is_error, text: text(b.content) })),
});
