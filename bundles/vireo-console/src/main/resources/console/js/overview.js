// The cluster overview: every node with its role, address, load and sync state; every VIP group with its master and
// backups; the director's scanners with their share of the connections; and what happened last.
import {get, ApiFailure} from './api.js';
import {h, fill, share, badge, time, scrollBox, markTarget} from './dom.js';
import {item, describe, CHANGES_THE_PICTURE} from './events.js';

const STATE_ORDER = {MASTER: 0, BACKUP: 1, INITIALIZE: 2, FAULT: 3};

/** A route this node's role does not serve (404) is data it has not: null. */
async function optional(path) {
  try {
    return await get(path);
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 404) return null;
    throw e;
  }
}

async function load() {
  const [node, cluster, recent] = await Promise.all([get('/node'), get('/cluster/members'),
    get('/events/recent?limit=12')]);
  const director = node.role === 'director' || node.role === 'backup';
  const [vrrp, scanners] = director
    ? await Promise.all([optional('/vrrp'), optional('/balancer/scanners')]) : [null, null];
  return {node, cluster, recent: recent.events, vrrp, scanners};
}

function nodeBox(member, own) {
  const load = member.load;
  const sync = member.self ? null : member.stale ? 'not heard from' : member.inSync === true ? 'in sync'
    : member.inSync === false ? 'out of sync' : 'sync unknown';
  const states = Object.entries(statesOf(member, own));
  return h('li', {class: 'node' + (member.stale ? ' stale' : ''), 'data-node': member.name},
    h('h3', {}, member.name, member.self ? h('span', {class: 'muted'}, ' (this node)') : null),
    h('p', {}, badge(member.role), ' ', member.address || h('span', {class: 'muted'}, 'no address')),
    states.length ? h('ul', {class: 'states', 'aria-label': 'VRRP instances'},
      states.map(([instance, state]) => h('li', {'data-instance': instance}, instance + ' ', badge(state)))) : null,
    load ? h('p', {class: 'load'}, share('CPU', load.processCpu), ' ', share('memory', load.memory)) : null,
    sync ? h('p', {class: 'sync sync-' + sync.replace(/ /g, '-')}, sync, member.lastSeen ? [' · seen ',
      time(member.lastSeen)] : null) : null);
}

/**
 * Each member's VRRP states as the page shows them. This node's are its own instances' (/vrrp, current); the others'
 * come from their reports (at most a second old, /cluster/members), so a report of MASTER sent before this node took
 * over is shown as what it is.
 */
function statesOf(member, own) {
  if (member.self && own.size) return Object.fromEntries([...own.values()].map(i => [i.name, i.state]));
  const shown = {};
  for (const [instance, reported] of Object.entries(member.vrrpStates || {})) {
    const mine = own.get(instance);
    const before = reported === 'MASTER' && mine && mine.state === 'MASTER' && mine.lastTransition
      && Date.parse(member.lastSeen) < Date.parse(mine.lastTransition.at);
    shown[instance] = before ? 'was MASTER' : reported;
  }
  return shown;
}

/** Every VIP group (VRRP instance name) with the node that is master first, then the others by state and name. */
function groups(cluster, own) {
  const byInstance = new Map();
  for (const member of cluster.members) {
    if (member.stale) continue;
    for (const [instance, state] of Object.entries(statesOf(member, own))) {
      if (!byInstance.has(instance)) byInstance.set(instance, []);
      byInstance.get(instance).push({node: member.name, state, self: member.self});
    }
  }
  return [...byInstance.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([instance, routers]) => {
    routers.sort((a, b) => (STATE_ORDER[a.state] ?? 9) - (STATE_ORDER[b.state] ?? 9) || a.node.localeCompare(b.node));
    return {instance, routers, own: own.get(instance)};
  });
}

function groupRow(group) {
  const masters = group.routers.filter(r => r.state === 'MASTER');
  const others = group.routers.filter(r => r.state !== 'MASTER');
  const own = group.own;
  return h('tr', {'data-instance': group.instance},
    h('th', {scope: 'row'}, own ? h('a', {href: '#/vrrp?instance=' + encodeURIComponent(group.instance)}, group.instance)
      : group.instance, own ? h('div', {class: 'muted'}, own.virtualAddresses.join(', ')) : null),
    h('td', {class: 'master'}, masters.length
      ? masters.map(r => h('span', {class: 'router'}, r.node, ' ', badge('MASTER')))
      : h('span', {class: 'warn'}, 'no master')),
    h('td', {class: 'backups'}, others.map(r => h('span', {class: 'router'}, r.node, ' ', badge(r.state)))),
    h('td', {}, own ? [String(own.priority.effective), own.priority.effective !== own.priority.base
      ? h('span', {class: 'muted'}, ' of ' + own.priority.base) : null] : h('span', {class: 'muted'}, '–')),
    h('td', {}, own && own.lastTransition ? [time(own.lastTransition.at), ' ', own.lastTransition.cause]
      : h('span', {class: 'muted'}, '–')));
}

function scannerRow(s) {
  return h('tr', {'data-scanner': s.scanner},
    h('th', {scope: 'row'}, s.scanner),
    h('td', {}, badge(s.state), s.draining ? [' ', badge('DRAINING')] : null),
    h('td', {}, share('share', s.share)),
    h('td', {class: 'num'}, String(s.activeConnections)),
    h('td', {class: 'num'}, String(s.totalConnections)));
}

function table(caption, head, rows, empty) {
  if (!rows.length) return h('p', {class: 'muted'}, empty);
  return h('table', {}, h('caption', {class: 'sr-only'}, caption),
    h('thead', {}, h('tr', {}, head.map(text => h('th', {scope: 'col'}, text)))), h('tbody', {}, rows));
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

function render(el, data, note) {
  const {node, cluster, vrrp, scanners, recent} = data;
  const own = new Map((vrrp || []).map(i => [i.name, i]));
  fill(el,
    h('h1', {}, cluster.joined ? 'Cluster ' + cluster.clusterName : node.name),
    h('p', {class: 'muted', id: 'cluster-state'}, cluster.joined
      ? `${plural(cluster.members.filter(m => !m.stale).length, 'node')} up, view ${cluster.view.id},`
        + ` coordinator ${cluster.view.coordinator}`
      : 'Not in a cluster: ' + (cluster.offReason || 'no reason given')),
    note ? h('p', {class: 'note', role: 'status', id: 'note'}, time(note.time), ' ', note.node, ': ', describe(note)) : null,
    h('section', {'aria-labelledby': 'h-nodes'}, h('h2', {id: 'h-nodes'}, 'Nodes'),
      h('ul', {class: 'nodes'}, cluster.members.map(m => nodeBox(m, own)))),
    h('section', {'aria-labelledby': 'h-vips'}, h('h2', {id: 'h-vips'}, 'VIP groups'),
      h('div', scrollBox('VIP groups', 'vip-groups'), table('VIP groups', ['instance', 'master', 'backups', 'priority here',
        'last change here'], groups(cluster, own).map(groupRow), 'No VRRP instance in the cluster.'))),
    scanners ? h('section', {'aria-labelledby': 'h-scanners'},
      h('h2', {id: 'h-scanners'}, node.name + ' → scanners'),
      h('div', scrollBox('Scanners', 'scanners'), table('Scanners', ['scanner', 'state', 'share of open connections',
        'open', 'total'], scanners.map(scannerRow), 'The balancer has no scanner.'))) : null,
    h('section', {'aria-labelledby': 'h-recent'}, h('h2', {id: 'h-recent'}, 'What happened'),
      recent.length ? h('ol', {class: 'events', reversed: true}, recent.slice().reverse().map(item))
        : h('p', {class: 'muted'}, 'Nothing yet.')));
}

/** The view: loads, renders, and reads the API again when an event changes the picture. */
export function overview(params) {
  const wanted = params.get('node'); // an event's link: that member's box is marked
  let marked = false;
  let note = null;
  let loading = null;
  let again = false;
  const el = h('div', {class: 'overview'});
  async function refresh() {
    if (loading) { // one load at a time; a change during it loads once more
      again = true;
      return loading;
    }
    loading = (async () => {
      do {
        again = false;
        render(el, await load(), note);
        if (wanted) markTarget(el, `li.node[data-node="${CSS.escape(wanted)}"]`, !marked);
        marked = true;
      } while (again);
    })().finally(() => { loading = null; });
    return loading;
  }
  return {
    title: 'Overview',
    el,
    load: refresh,
    event(e) {
      if (!CHANGES_THE_PICTURE.has(e.type)) return;
      if (e.type === 'vrrp.transition' || e.type.startsWith('cluster.member')) note = e;
      refresh().catch(() => {}); // the app shows a lost session; a failed read shows at the next event
    },
  };
}
