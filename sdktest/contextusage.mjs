// getContextUsage: after one turn, the context window by category.
import { query, options, Stream, print } from './lib.mjs';

const input = new Stream();
const q = query({ prompt: input, options: options() });
input.push('hello');
const out = {};
for await (const m of q) {
  if (m.type !== 'result') continue;
  out.result = m.subtype;
  out.usage = await q.getContextUsage();
  input.end();
}
print(out);
