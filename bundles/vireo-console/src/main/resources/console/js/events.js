// The node's event types (docs/api.md, "Types") in words, each with a link to what it concerns.
import {h, time} from './dom.js';

export const TYPES = ['vrrp.transition', 'vrrp.takeover', 'vrrp.priority', 'health.monitor', 'balancer.scanner', 'node.role',
  'node.role_failed', 'cluster.config_applied', 'cluster.config_refused', 'cluster.config_conflict',
  'cluster.member_joined', 'cluster.member_left', 'events.missed', 'events.dropped'];

/** What changes the cluster's picture: the overview reads the API again on these. */
export const CHANGES_THE_PICTURE = new Set(['vrrp.transition', 'vrrp.priority', 'balancer.scanner', 'node.role',
  'cluster.member_joined', 'cluster.member_left', 'cluster.config_applied', 'events.missed']);

/** One event as a sentence. */
export function describe(e) {
  switch (e.type) {
    case 'vrrp.transition':
      return `${e.instance}: ${e.from} → ${e.to} at priority ${e.priority} (${e.cause})`;
    case 'vrrp.takeover':
      return e.gapMillis >= 0 ? `${e.instance}: took over in ${e.gapMillis.toFixed(1)} ms without adverts`
        + ` (from ${e.previousMaster}'s last advert to this node's first)` : `${e.instance}: master, no master heard before`;
    case 'vrrp.priority':
      return `${e.instance}: priority ${e.from} → ${e.to} (${e.reason})`;
    case 'vrrp.split_brain':
      return `${e.instance}: split brain ${e.state} with ${e.peer} (through the ${e.path === 'registry' ? 'cluster registry' : 'adverts'})`;
    case 'vrrp.protocol_error':
      return `${e.instance}: ${e.count} adverts dropped: ${e.description}`;
    case 'health.monitor':
      return `monitor ${e.monitor}: ${e.from} → ${e.to}` + (e.detail ? ` (${e.detail})` : '');
    case 'balancer.scanner':
      return `scanner ${e.scanner}: ${e.change}` + (e.reason ? ` (${e.reason})` : '');
    case 'node.role':
      return `role ${e.from} → ${e.to} (${e.cause})`;
    case 'node.role_failed':
      return `role change to ${e.to} failed: ${e.error}`;
    case 'cluster.config_applied':
      return `${e.document} version ${e.version} applied (from ${e.origin})`;
    case 'cluster.config_refused':
      return `${e.document} refused: ${e.reason}`;
    case 'cluster.config_conflict':
      return `${e.document}: conflict, ${e.winner} kept over ${e.lost}`;
    case 'cluster.member_joined':
      return `member ${e.member} (${e.role}) joined: ${e.reason}`;
    case 'cluster.member_left':
      return `member ${e.member} (${e.role}) left: ${e.reason}`;
    case 'events.missed':
      return `${e.missed} events missed: ${e.reason}`;
    case 'events.dropped':
      return `the stream was dropped: ${e.reason}`;
    default:
      return e.type;
  }
}

/** Where an event's object is shown. */
export function linkFor(e) {
  if (e.type.startsWith('vrrp.')) return '#/vrrp?instance=' + encodeURIComponent(e.instance);
  if (e.type.startsWith('cluster.member')) return '#/overview?node=' + encodeURIComponent(e.member);
  if (e.type === 'balancer.scanner') return '#/balancer?scanner=' + encodeURIComponent(e.scanner);
  if (e.type === 'cluster.config_conflict') return '#/config'; // where conflicts are listed, with both sides
  if (e.type.startsWith('cluster.config') && e.document === 'file:vireo/rules.conf') return '#/rules';
  if (e.type.startsWith('cluster.config') && e.document.startsWith('pid:')) {
    return '#/config?pid=' + encodeURIComponent(e.document.slice(4));
  }
  if (e.type.startsWith('node.role')) return '#/node';
  return '#/events?type=' + encodeURIComponent(e.type);
}

/** An event as a list item: its time, node and sentence, linked to its object. */
export function item(e) {
  return h('li', {class: 'event event-' + e.type.replace(/\./g, '-'), 'data-seq': e.seq},
    time(e.time), ' ', h('span', {class: 'node-name'}, e.node), ' ',
    h('a', {href: linkFor(e)}, describe(e)));
}
