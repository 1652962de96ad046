// Shared helpers of the acceptance scripts: each script drives the real
// Agent SDK against corvid (CORVID_BIN) in WORK and prints one JSON line
// summarising what it saw, which sdk_test.go checks together with the
// requests the fake API received.
import { query } from '@anthropic-ai/claude-agent-sdk';

export { query };

export function options(extra = {}) {
  return {
    pathToClaudeCodeExecutable: process.env.CORVID_BIN,
    cwd: process.env.WORK,
    env: { ...process.env },
    stderr: (s) => process.stderr.write(s),
    ...extra,
  };
}

// collect runs a query to its end and returns its messages.
export async function collect(q) {
  const msgs = [];
  for await (const m of q) msgs.push(m);
  return msgs;
}

// results are the result messages.
export const results = (msgs) => msgs.filter((m) => m.type === 'result');

// inits are the system/init messages.
export const inits = (msgs) => msgs.filter((m) => m.type === 'system' && m.subtype === 'init');

// toolResults are the tool_result blocks of user messages.
export function toolResults(msgs) {
  const out = [];
  for (const m of msgs) {
    if (m.type !== 'user' || !Array.isArray(m.message?.content)) continue;
    for (const b of m.message.content) if (b.type === 'tool_result') out.push(b);
  }
  return out;
}

// text flattens a tool_result's content.
export function text(content) {
  if (typeof content === 'string') return content;
  return (content ?? []).map((b) => b.text ?? '').join('');
}

// Stream is an input stream for streaming-input mode: push messages,
// end it when done.
export class Stream {
  constructor() { this.items = []; this.waiting = null; this.done = false; }
  push(text) {
    this.items.push({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });
    this.wake();
  }
  end() { this.done = true; this.wake(); }
  wake() { if (this.waiting) { const w = this.waiting; this.waiting = null; w(); } }
  async *[Symbol.asyncIterator]() {
    for (;;) {
      if (this.items.length) { yield this.items.shift(); continue; }
      if (this.done) return;
      await new Promise((r) => { this.waiting = r; });
    }
  }
}

export function print(obj) { console.log(JSON.stringify(obj)); }
