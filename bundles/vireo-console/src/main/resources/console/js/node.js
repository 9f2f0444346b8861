// This node: its name, role (an admin switches it, after a confirmation), features, version and uptime, its recent
// warnings and errors, and its bundles.
import {get, call} from './api.js';
import {h, fill, badge, time, scrollBox} from './dom.js';

const ROLES = ['director', 'backup', 'scanner'];

function uptime(seconds) {
  const d = Math.floor(seconds / 86400);
  const hms = new Date(seconds * 1000).toISOString().slice(11, 19);
  return (d ? d + ' d ' : '') + hms;
}

/** The role switch; `said` is what the last switch answered (kept when the page is drawn again after it). */
function roleSwitch(node, said, done) {
  const role = h('select', {id: 'role'}, ROLES.map(r => h('option', {value: r}, r)));
  role.value = node.role;
  const scan = h('input', {type: 'checkbox', id: 'also-scan'});
  scan.checked = node.alsoScan;
  const status = h('p', {role: 'status', id: 'role-status', class: 'muted'}, said);
  return h('form', {class: 'filters', onsubmit: async e => {
    e.preventDefault();
    const to = role.value + (scan.checked && role.value !== 'scanner' ? ' (also scanning)' : '');
    if (!window.confirm(`Switch ${node.name} to ${to}? Its role's features are installed and the old ones removed;`
      + ' a client reaching it through a VIP of its own may lose it.')) return;
    status.textContent = 'switching…';
    try {
      done((await call('PUT', '/node/role', {role: role.value, alsoScan: scan.checked})).message);
    } catch (failure) {
      status.textContent = failure.message;
    }
  }},
  h('label', {for: 'role'}, 'Role '), role, ' ', scan, h('label', {for: 'also-scan'}, ' also scans'), ' ',
  h('button', {type: 'submit', class: 'small'}, 'Switch'), status);
}

export function nodePage(params, session) {
  const admin = session.roles.includes('admin');
  const el = h('div', {class: 'node-page'});
  let said = '';
  const switched = message => {
    said = message;
    load().catch(() => {});
  };

  async function load() {
    const [node, log, bundles] = await Promise.all([get('/node'), get('/node/log?limit=50'), get('/node/bundles')]);
    const notActive = bundles.filter(b => b.state !== 'ACTIVE');
    fill(el,
      h('h1', {}, node.name || 'this node', ' ', badge(node.role + (node.alsoScan ? '+scan' : ''))),
      node.configurationProblem ? h('p', {class: 'problem'}, node.configurationProblem) : null,
      h('dl', {class: 'settings'},
        h('dt', {}, 'features'), h('dd', {}, node.features.join(', ') || '–'),
        h('dt', {}, 'management address'), h('dd', {}, node.managementAddress || '–'),
        h('dt', {}, 'interface'), h('dd', {}, node.interfaceName || '–'),
        h('dt', {}, 'version'), h('dd', {}, node.version),
        h('dt', {}, 'up'), h('dd', {id: 'uptime'}, uptime(node.uptimeSeconds))),
      admin ? h('section', {'aria-labelledby': 'h-role'}, h('h2', {id: 'h-role'}, 'Role'), roleSwitch(node, said, switched))
        : null,
      h('section', {'aria-labelledby': 'h-log'}, h('h2', {id: 'h-log'}, 'Recent warnings and errors'),
        log.entries.length ? h('ol', {class: 'events', reversed: true, id: 'node-log'},
          log.entries.slice().reverse().map(l => h('li', {}, time(l.time), ' ', badge(l.level), ' ',
            h('span', {class: 'muted'}, l.bundle || l.logger), ' ', l.message,
            l.exception ? h('div', {class: 'muted'}, l.exception) : null)))
          : h('p', {class: 'muted'}, 'None since the API started.')),
      h('section', {'aria-labelledby': 'h-bundles'}, h('h2', {id: 'h-bundles'}, 'Bundles'),
        h('p', {}, `${bundles.length} bundles, ${bundles.length - notActive.length} active`,
          notActive.length ? `; not active: ${notActive.map(b => b.symbolicName + ' ' + b.state).join(', ')}` : ''),
        h('details', {}, h('summary', {}, 'every bundle'), h('div', scrollBox('Bundles'), h('table', {},
          h('thead', {}, h('tr', {}, ['id', 'bundle', 'version', 'state', 'level'].map(t => h('th', {scope: 'col'}, t)))),
          h('tbody', {}, bundles.map(b => h('tr', {}, h('td', {class: 'num'}, String(b.id)), h('td', {}, b.symbolicName),
            h('td', {}, b.version), h('td', {}, b.state), h('td', {class: 'num'}, String(b.startLevel))))))))));
  }

  return {
    title: 'Node',
    el,
    load,
    event(e) {
      if (e.type === 'node.role' || e.type === 'node.role_failed') load().catch(() => {});
    },
  };
}
