// Following a saved version of a replicated document (the rules file, a replicated PID) to every member: the members
// report their versions each second, so the page asks /cluster/sync until all hold it, for a bounded time.
import {get} from './api.js';
import {h, fill} from './dom.js';

const FOLLOW_MS = 15000;

/** An ETag as config sync writes versions (the quotes are HTTP's). */
export const shown = etag => (etag || '').replace(/"/g, '');

/** Lists which member holds which version of a document until each holds the target version. */
export async function follow(document, target, list) {
  const end = Date.now() + FOLLOW_MS;
  while (Date.now() < end) {
    const sync = await get('/cluster/sync');
    const doc = sync.documents.find(d => d.document === document);
    if (doc) {
      fill(list, h('li', {}, sync.node + ' ', doc.current.version === target ? '✓ ' + target : doc.current.version),
        doc.elsewhere.map(e => h('li', {'data-node': e.node}, e.node + ' ',
          e.version === target ? '✓ ' + target : (e.version || 'none') + (e.stale ? ' (not heard from)' : ''))));
      if (doc.current.version === target && doc.sameOnEveryMember) return;
    }
    await new Promise(resolve => setTimeout(resolve, 1000));
  }
}
