// rewindFiles: a streamed message with its own uuid makes the model Write
// a file; after the turn, a dry run, the rewind itself, and a rewind to an
// unknown message.
import { existsSync } from 'node:fs';
import { query, options, Stream, print } from './lib.mjs';

const uuid = '5b0e4a52-8c1e-4c55-9a57-3f1d2c9b7e01';
const input = new Stream();
const q = query({
  prompt: input,
  options: options({ enableFileCheckpointing: true, permissionMode: 'acceptEdits' }),
});
input.items.push({ type: 'user', message: { role: 'user', content: 'make a file' }, parent_tool_use_id: null, session_id: '', uuid });
input.wake();
// call records an answer, or the error the SDK throws for a refusal.
const call = async (f) => { try { return await f(); } catch (e) { return { thrown: e.message }; } };
const out = {};
for await (const m of q) {
  if (m.type !== 'result') continue;
  out.result = m.subtype;
  out.exists = existsSync(process.env.WORK + '/made.txt');
  out.dry = await call(() => q.rewindFiles(uuid, { dryRun: true }));
  out.real = await call(() => q.rewindFiles(uuid));
  out.unknown = await call(() => q.rewindFiles('00000000-0000-4000-8000-000000000000'));
  out.unknownDry = await call(() => q.rewindFiles('00000000-0000-4000-8000-000000000000', { dryRun: true }));
  input.end();
}
print(out);
