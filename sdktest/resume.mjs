// resume continues a session: the second query names the first's id.
import { query, options, collect, results, print } from './lib.mjs';

const first = results(await collect(query({ prompt: 'remember the word heron', options: options() })));
const id = first[0]?.session_id;
const second = results(await collect(query({ prompt: 'which word?', options: options({ resume: id }) })));
print({ id, first: first.map((r) => r.subtype), second: second.map((r) => ({ subtype: r.subtype, result: r.result, session_id: r.session_id })) });
