// Configuration: this node's PIDs with their versions, config sync's conflicts with both sides (an admin keeps
// either), and one PID as a form made from its metatype (each key's name, description, type, default, options and
// bounds). Saving sends the PID whole with the version it was read at; the parse of the bundle that runs it checks
// it, and a refusal is shown beside the keys it names with nothing changed. A replicated PID's new version is then
// followed to every member.
import {get, call, exchange, ApiFailure} from './api.js';
import {h, fill, time, scrollBox} from './dom.js';
import {follow, shown} from './sync.js';

/** The page that shows a replicated document: the rules file has its own. */
function documentLink(document) {
  if (document.startsWith('pid:')) return h('a', {href: '#/config?pid=' + encodeURIComponent(document.slice(4))},
    document);
  return document === 'file:vireo/rules.conf' ? h('a', {href: '#/rules'}, document) : document;
}

function edit(e) {
  return [h('code', {}, e.version), ' ', time(e.madeAt), e.deleted ? ' (deleted)' : ` ${e.sizeBytes} B`];
}

function conflicts(list, admin, reload, status) {
  if (!list.length) return h('p', {class: 'muted'}, 'None: every edit made on one node reached the others in order.');
  async function keep(version) {
    try {
      const kept = await call('POST', '/cluster/conflicts/' + encodeURIComponent(version) + '/keep');
      status.textContent = `Kept ${kept.kept} in ${kept.document}: now version ${kept.version} on every node.`;
      await reload();
    } catch (e) {
      if (!(e instanceof ApiFailure)) throw e;
      status.textContent = `Not kept (${e.status}): ${e.message}`;
    }
  }
  const keepButton = version => admin ? h('button', {type: 'button', class: 'small', 'data-keep': version,
    'aria-label': 'keep ' + version, onclick: () => keep(version)}, 'Keep this') : null;
  return h('ul', {class: 'events', id: 'conflicts'}, list.map(c => h('li', {'data-document': c.document},
    h('h3', {}, documentLink(c.document)),
    h('p', {}, 'In force: ', edit(c.winner), ' ', keepButton(c.winner.version)),
    c.lost.map(l => h('p', {}, 'Lost: ', edit(l.edit), ' ', l.contentKept ? lostContent(l.edit.version) : '(content'
      + ' not kept)', ' ', l.contentKept ? keepButton(l.edit.version) : null)))));
}

/** A lost edit's content, fetched when asked for (it may be a whole rules file). */
function lostContent(version) {
  const body = h('pre', {class: 'scroll', tabindex: '0'});
  return h('details', {ontoggle: async e => {
    if (!e.target.open || body.textContent) return;
    body.textContent = (await get('/cluster/conflicts/' + encodeURIComponent(version))).content;
  }}, h('summary', {}, 'its content'), body);
}

function pidList(pids) {
  return h('div', scrollBox('Configurations'), h('table', {id: 'pids'},
    h('thead', {}, h('tr', {}, ['PID', 'scope', 'version', 'written here'].map(t => h('th', {scope: 'col'}, t)))),
    h('tbody', {}, pids.map(p => h('tr', {'data-pid': p.pid},
      h('th', {scope: 'row'}, h('a', {href: '#/config?pid=' + encodeURIComponent(p.pid)}, p.pid)),
      h('td', {}, p.replicated ? 'cluster-wide' : 'this node'),
      h('td', {}, h('code', {}, p.version || '–')),
      h('td', {}, p.writable ? 'yes' : 'no: ' + (p.notWritable || '')))))));
}

function listPage(session) {
  const admin = session.roles.includes('admin');
  const el = h('div', {class: 'config'});
  const status = h('p', {role: 'status', id: 'conflict-status', class: 'muted'});

  async function load() {
    const [pids, found] = await Promise.all([get('/config'),
      get('/cluster/conflicts').catch(e => (e instanceof ApiFailure ? e : Promise.reject(e)))]);
    fill(el, h('h1', {}, 'Configuration'),
      h('p', {class: 'muted'}, 'The PIDs this node runs with (one the node runs with its defaults is not listed).'
        + ' Cluster-wide ones are the same on every node: config sync carries an edit made here to the others.'),
      pidList(pids),
      h('section', {'aria-labelledby': 'h-conflicts'}, h('h2', {id: 'h-conflicts'}, 'Conflicts'),
        found instanceof ApiFailure ? h('p', {class: 'problem'}, found.message)
          : conflicts(found, admin, load, status), status));
  }

  return {title: 'Configuration', el, load, event(e) {
    if (e.type === 'cluster.config_conflict' || e.type === 'cluster.config_applied') load().catch(() => {});
  }};
}

const asText = v => (Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v));

/** What the form says of a key beside its name: type, bounds, default. */
function hint(a) {
  const list = a.cardinality !== 0 ? 'comma-separated ' : '';
  const bounds = a.min !== null || a.max !== null ? ` ${a.min ?? ''}–${a.max ?? ''}` : '';
  const fallback = (a.defaults || []).filter(d => d !== '').join(', ');
  return `${list}${a.type}${bounds}; default: ${fallback || 'empty'}`;
}

function field(a, value, editable) {
  const id = 'cfg-' + a.id;
  const props = {id, name: a.id, 'aria-describedby': id + '-about', disabled: !editable};
  let input;
  const choices = a.options && a.options.length ? a.options
    : a.type === 'Boolean' ? [{value: 'true', label: 'true'}, {value: 'false', label: 'false'}] : null;
  if (choices) {
    // a value as set that is none of the options (another case: the parse may take it) stays what it is
    const asSet = value !== '' && !choices.some(o => o.value === value) ? [{value, label: value + ' (as set)'}] : [];
    input = h('select', props, h('option', {value: ''}, 'default'), [...choices, ...asSet].map(o =>
      h('option', {value: o.value}, o.label + (o.label === o.value || asSet.includes(o) ? '' : ` (${o.value})`))));
  } else {
    input = h('input', {...props, type: a.type === 'Password' ? 'password' : 'text', spellcheck: 'false',
      inputmode: /Integer|Long|Short|Byte/.test(a.type) ? 'numeric' : null,
      placeholder: (a.defaults || []).join(', ')});
  }
  input.value = value;
  return h('div', {class: 'field', 'data-key': a.id},
    h('label', {for: id}, a.name, ' ', h('code', {}, a.id)), input,
    h('p', {id: id + '-about', class: 'muted'}, a.description ? a.description + ' ' : '', '(', hint(a), ')'));
}

/** Whether a refusal's message names the key: the parses start each problem with it. */
const names = (problem, key) => new RegExp('(^|: |; )' + key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '[ :=]')
  .test(problem);

function pidPage(pid, session) {
  const admin = session.roles.includes('admin');
  const el = h('div', {class: 'config'});
  let version = null;

  async function load() {
    const [read, schema] = await Promise.all([exchange('GET', '/config/' + encodeURIComponent(pid)),
      get('/config/' + encodeURIComponent(pid) + '/schema').catch(e => (e instanceof ApiFailure ? null
        : Promise.reject(e)))]);
    version = read.etag;
    const config = read.data;
    const editable = admin && config.writable;
    const attributes = schema ? schema.attributes : Object.keys(config.properties).map(id => ({id, name: id,
      type: 'String', cardinality: 0, defaults: [], options: null, min: null, max: null, description: ''}));
    const declared = new Set(attributes.map(a => a.id));
    const problems = h('ul', {id: 'config-problems', class: 'problems', 'aria-live': 'polite'});
    const status = h('p', {role: 'status', id: 'config-status', class: 'muted'});
    const replication = h('ul', {id: 'config-replication', class: 'states'});
    const form = h('form', {class: 'pid-form', onsubmit: e => {
      e.preventDefault();
      save(form, config, declared, problems, status, replication);
    }}, attributes.map(a => field(a, asText(config.properties[a.id]), editable)),
    editable ? h('p', {}, h('button', {type: 'submit', id: 'config-save'}, 'Check and save')) : null);
    fill(el, h('h1', {}, schema ? schema.name : pid),
      h('p', {class: 'muted'}, h('code', {}, pid), config.replicated ? ', cluster-wide' : ', this node only',
        ', version ', h('code', {}, shown(version) || 'none'), ' · ', h('a', {href: '#/config'}, 'every PID')),
      schema ? h('p', {}, schema.description) : h('p', {class: 'note'}, 'No metatype on this node: the keys as set.'),
      config.writable ? null : h('p', {class: 'note'}, 'Not written here: ' + config.notWritable),
      form, status, problems, replication);
  }

  async function save(form, config, declared, problems, status, replication) {
    // a key that was set stays set (to what the form says); one that was not is set only if given a value
    const properties = {};
    for (const [key, value] of Object.entries(config.properties)) {
      if (!declared.has(key)) properties[key] = value; // not in the form: kept as it is
    }
    for (const input of form.querySelectorAll('[name]')) {
      if (input.value !== '' || input.name in config.properties) properties[input.name] = input.value;
    }
    fill(problems);
    form.querySelectorAll('[aria-invalid]').forEach(i => i.removeAttribute('aria-invalid'));
    status.textContent = 'checking and saving…';
    try {
      const saved = await exchange('PUT', '/config/' + encodeURIComponent(pid), properties, 'application/json',
        {'If-Match': version});
      version = saved.etag;
      status.textContent = 'Saved as version ' + shown(version)
        + (config.replicated ? '; config sync carries it to every node:' : '.');
      if (config.replicated) follow('pid:' + pid, shown(version), replication).catch(() => {});
    } catch (e) {
      if (!(e instanceof ApiFailure)) throw e;
      const listed = e.body && e.body.problems ? e.body.problems : [e.message];
      fill(problems, listed.map(p => h('li', {}, p)));
      for (const input of form.querySelectorAll('[name]')) {
        if (listed.some(p => names(p, input.name))) input.setAttribute('aria-invalid', 'true');
      }
      status.textContent = e.status === 412 ? 'Someone changed this PID since you read it: reload to see theirs.'
        : `Not saved (${e.status}): the configuration in force is unchanged.`;
      problems.scrollIntoView({block: 'nearest'}); // the button is at the end of a long form
    }
  }

  return {title: pid, el, load, event() {
    // the form being edited is the operator's until they reload
  }};
}

export function config(params, session) {
  const pid = params.get('pid');
  return pid ? pidPage(pid, session) : listPage(session);
}
