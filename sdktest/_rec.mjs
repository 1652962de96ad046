import { query } from '@anthropic-ai/claude-agent-sdk';
const q = query({ prompt: 'say hi with echo', options: {
  pathToClaudeCodeExecutable: process.env.EXE, cwd: process.env.WORK, env: { ...process.env },
  permissionMode: 'bypassPermissions', allowDangerouslySkipPermissions: true, includeHookEvents: true, settingSources: ['project'],
  canUseTool: async () => ({ behavior: 'allow', updatedInput: {} }),
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'ctx' } })] }],
           Stop: [{ hooks: [async () => ({})] }] },
}});
for await (const m of q) {
  if (m.type === 'system' && m.subtype !== 'init') console.log(JSON.stringify(m));
}
const r = await q.initializationResult?.();
