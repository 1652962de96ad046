// Custom commands through the SDK: supportedCommands() lists the
// project's command as initialize reported it, and a "/greet" prompt is
// expanded before it reaches the model (project definitions load only
// with settingSources including project, as in Claude Code).
import { query, options, collect, results, print } from './lib.mjs';

const q = query({ prompt: '/greet sdk world', options: options({ settingSources: ['project'] }) });
const commands = await q.supportedCommands();
const msgs = await collect(q);
print({
  greet: commands.find((c) => c.name === 'greet') ?? null,
  names: commands.map((c) => c.name),
  results: results(msgs).map((r) => ({ subtype: r.subtype, result: r.result })),
});
