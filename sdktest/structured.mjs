// outputFormat: the final answer comes back validated, as structured_output.
import { query, options, collect, results, print } from './lib.mjs';

const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false };
const msgs = await collect(query({ prompt: 'answer as JSON', options: options({ outputFormat: { type: 'json_schema', schema } }) }));
print({ results: results(msgs).map((r) => ({ subtype: r.subtype, is_error: r.is_error, structured_output: r.structured_output })) });
