// Agent SDK benchmarks: the official TypeScript SDK drives an executable
// (corvid, or the real Claude Code for the anchor figures) against the
// scripted fake Messages API, and the wall time of each scenario is
// measured in the SDK's terms: from query() to the result message.
//
//   node bench/sdk/bench.mjs --exe /tmp/corvid --fakeapi /tmp/fakeapi [-n 10]
//
// Scenarios (a fresh fake API process per run, so every run plays the
// same script):
//   tools+hook  one prompt, a Bash call approved by a PreToolUse hook
//               callback, then the answer;
//   two-stream  two user messages through one streaming-input process;
//   interrupt   a Bash call of `sleep 30`, interrupt() as soon as its
//               tool_use arrives; the time includes the process start.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '../../sdktest/package.json'));
const { query } = await import(require.resolve('@anthropic-ai/claude-agent-sdk'));

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) =>
  (a.startsWith('--') || a === '-n' ? [...acc, [a.replace(/^-+/, ''), all[i + 1]]] : acc), []));
const exe = args.exe, fakeapi = args.fakeapi, n = Number(args.n ?? 10);
const only = args.only;

const bash = (id, command) => ({ blocks: [{ type: 'tool_use', id, name: 'Bash', input: { command, description: 'run' } }] });
const say = (text) => ({ blocks: [{ type: 'text', text }] });
const scenarios = {
  'tools+hook': [bash('toolu_1', 'echo hi'), say('done')],
  'two-stream': [say('one'), say('two')],
  'interrupt': [bash('toolu_1', 'sleep 30')],
};

async function startFake(turns) {
  const dir = mkdtempSync(join(tmpdir(), 'sdkbench-'));
  const file = join(dir, 'scenario.json');
  writeFileSync(file, JSON.stringify({ turns, allow_unused: true }));
  const p = spawn(fakeapi, ['-scenario', file], { stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((resolve, reject) => {
    let buf = '';
    p.stdout.on('data', (d) => { buf += d; const i = buf.indexOf('\n'); if (i >= 0) resolve(buf.slice(0, i)); });
    p.on('exit', () => reject(new Error('fakeapi exited')));
  });
  return { url, dir, stop: () => p.kill('SIGTERM') };
}

function options(fake, extra = {}) {
  const home = join(fake.dir, 'home');
  return {
    pathToClaudeCodeExecutable: exe, cwd: fake.dir,
    env: { ...process.env, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: 'test', HOME: home,
      CLAUDE_CONFIG_DIR: join(home, '.claude'), CORVID_CONFIG_DIR: join(home, '.corvid'), IS_SANDBOX: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1' },
    ...extra,
  };
}

class Stream {
  constructor() { this.items = []; this.waiting = null; this.done = false; }
  push(text) { this.items.push({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' }); this.wake(); }
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

const runs = {
  async 'tools+hook'(fake) {
    let hooked = 0;
    const t0 = performance.now();
    let ok = false;
    for await (const m of query({ prompt: 'say hi', options: options(fake, {
      permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true,
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [async () => { hooked++; return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } }; }] }] },
    }) })) if (m.type === 'result') ok = m.subtype === 'success' && hooked === 1;
    return [performance.now() - t0, ok];
  },
  async 'two-stream'(fake) {
    const input = new Stream();
    const t0 = performance.now();
    const q = query({ prompt: input, options: options(fake) });
    input.push('first');
    let results = 0;
    for await (const m of q) {
      if (m.type !== 'result') continue;
      if (++results === 1) input.push('second'); else input.end();
    }
    return [performance.now() - t0, results === 2];
  },
  async interrupt(fake) {
    const input = new Stream();
    const t0 = performance.now();
    const q = query({ prompt: input, options: options(fake, { permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true }) });
    input.push('run it');
    let ok = false, sent = false, t1 = 0;
    try {
      for await (const m of q) {
        if (!sent && m.type === 'assistant' && m.message.content.some((b) => b.type === 'tool_use')) { sent = true; await q.interrupt(); }
        if (m.type === 'result') { ok = sent; t1 = performance.now(); input.end(); }
      }
    } catch (e) {
      // Both exit 1 after the interrupted (error) result; the SDK throws
      // it once the messages are read. The time is to the result.
      if (!ok) throw e;
    }
    return [t1 - t0, ok];
  },
};

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const out = {};
for (const [name, turns] of Object.entries(scenarios)) {
  if (only && only !== name) continue;
  const times = [];
  let failures = 0;
  for (let i = 0; i < n; i++) {
    const fake = await startFake(turns);
    try {
      const [ms, ok] = await runs[name](fake);
      if (ok) times.push(ms); else failures++;
    } catch (e) {
      failures++;
      process.stderr.write(`${name}: ${e.message}\n`);
    } finally { fake.stop(); }
  }
  out[name] = { median_ms: Math.round(median(times)), min_ms: Math.round(Math.min(...times)), max_ms: Math.round(Math.max(...times)), runs: times.length, failures };
}
console.log(JSON.stringify({ exe, n, results: out }, null, 1));
