// The web security rules (etc/vireo/rules.conf, replicated to every node): the file in an editor with line numbers.
// Saving sends it whole with the version it was read at; the node's own loader checks it, and a refusal shows each
// error at its line with nothing changed. A saved version is then followed to every member (config sync).
import {exchange, ApiFailure} from './api.js';
import {h, fill} from './dom.js';
import {follow, shown} from './sync.js';

const DOCUMENT = 'file:vireo/rules.conf';

export function rules(params, session) {
  const admin = session.roles.includes('admin');
  const el = h('div', {class: 'rules'});
  let version = null;
  const gutter = h('ol', {class: 'gutter', 'aria-hidden': 'true'});
  const text = h('textarea', {id: 'rules-text', spellcheck: 'false', wrap: 'off', 'aria-label': 'rules.conf',
    readonly: !admin, oninput: () => numberLines(), onscroll: () => { gutter.scrollTop = text.scrollTop; }});
  const problems = h('ol', {id: 'rules-problems', class: 'problems', 'aria-live': 'polite'});
  const status = h('p', {id: 'rules-status', role: 'status', class: 'muted'});
  const replication = h('ul', {id: 'rules-replication', class: 'states'});

  function numberLines(marked = new Set()) {
    const count = text.value.split('\n').length;
    fill(gutter, Array.from({length: count}, (_, i) => h('li', {class: marked.has(i + 1) ? 'bad' : null})));
  }

  function goTo(line) {
    const lines = text.value.split('\n');
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    text.focus();
    text.setSelectionRange(start, start + (lines[line - 1] || '').length);
  }

  async function save() {
    fill(problems);
    status.textContent = 'checking and saving…';
    try {
      const saved = await exchange('PUT', '/rules', text.value, 'text/plain', {'If-Match': version});
      version = saved.etag;
      numberLines();
      status.textContent = 'Saved as version ' + shown(version) + '; config sync carries it to every node:';
      follow(DOCUMENT, shown(version), replication).catch(() => {});
    } catch (e) {
      if (!(e instanceof ApiFailure)) throw e;
      const listed = e.body && e.body.problems ? e.body.problems : [e.message];
      const lines = new Set();
      fill(problems, listed.map(p => {
        const at = /^[^:]*:(\d+): /.exec(p);
        if (at) lines.add(Number(at[1]));
        return h('li', {}, at ? h('a', {href: '#/rules', onclick: ev => { ev.preventDefault(); goTo(Number(at[1])); }},
          'line ' + at[1]) : null, at ? ': ' + p.slice(at[0].length) : p);
      }));
      numberLines(lines);
      status.textContent = e.status === 412 ? 'Someone changed the rules since you read them: reload to see theirs.'
        : `Not saved (${e.status}): the rules in force are unchanged.`;
    }
  }

  async function load() {
    const read = await exchange('GET', '/rules');
    version = read.etag;
    text.value = read.data;
    numberLines();
    fill(el, h('h1', {}, 'Rules'),
      h('p', {class: 'muted'}, 'etc/vireo/rules.conf, version ' + shown(version) + ' — the same on every node ',
        h('a', {href: '#/events?type=cluster.config_applied'}, '(its changes)')),
      h('div', {class: 'editor'}, gutter, text),
      admin ? h('p', {}, h('button', {type: 'button', id: 'rules-save', onclick: save}, 'Check and save')) : null,
      status, problems, replication);
  }

  return {
    title: 'Rules',
    el,
    load,
    event() {
      // the text being edited is the operator's until they reload
    },
  };
}
