// One VRRP instance of this node: its state, priority and why it is what it is, its settings and counters, and a
// timeline of its transitions, priority changes and takeovers (each with how long the group went without adverts),
// and its last failover drills.
import {get, ApiFailure} from './api.js';
import {h, fill, badge, time} from './dom.js';
import {describe} from './events.js';

const HISTORY = 1000;

function priority(p) {
  return [
    h('p', {}, 'Effective ', h('strong', {id: 'effective'}, String(p.effective)), ' of base ' + p.base,
      p.override !== null ? ' (the operator\'s override: ' + p.override + ')' : ''),
    p.deductions.length
      ? h('table', {}, h('caption', {}, 'Why the effective priority is not the base'),
        h('thead', {}, h('tr', {}, ['kind', 'name', 'what', 'amount', 'since'].map(t => h('th', {scope: 'col'}, t)))),
        h('tbody', {}, p.deductions.map(d => h('tr', {},
          h('td', {}, d.kind), h('td', {}, d.name), h('td', {}, d.detail + (d.toZero ? ' (makes it not eligible)' : '')),
          h('td', {class: 'num'}, String(-d.amount)), h('td', {}, time(d.since))))))
      : h('p', {class: 'muted'}, 'Nothing is deducted: it advertises its base priority.'),
  ];
}

function takeover(t) {
  if (!t) return h('p', {class: 'muted'}, 'This node has not taken over since the instance started.');
  if (t.gapMillis === null) {
    return h('p', {id: 'last-takeover'}, 'Master with no master heard before it; first advert at ', time(t.firstAdvertSent), '.');
  }
  return h('p', {id: 'last-takeover'}, h('strong', {}, t.gapMillis.toFixed(1) + ' ms'), ' without adverts: from ',
    t.previousMaster, '\'s last at ', time(t.lastAdvertHeard, true), ' to this node\'s first at ',
    time(t.firstAdvertSent, true), '.');
}

function ms(x) {
  return x < 0 ? '–' : x.toFixed(1) + ' ms';
}

// The last failover drills of the instance on this node (vrrp:drill; docs/drill.md), newest first.
function drills(list) {
  if (!list.length) return h('p', {class: 'muted'}, 'No drill run on this node yet (vrrp:drill on the master).');
  return h('table', {id: 'drills'}, h('caption', {}, 'Outage seen by the probing member, against the bound of a graceful handover'),
    h('thead', {}, h('tr', {}, ['#', 'started', 'probe', 'takeover', 'bound', 'new master', 'return'].map(t => h('th', {scope: 'col'}, t)))),
    h('tbody', {}, list.map(d => h('tr', {class: d.error ? 'problem' : (d.withinBound ? '' : 'note')},
      h('td', {class: 'num'}, String(d.id)), h('td', {}, time(d.started)),
      h('td', {}, d.probeMember + ' → ' + d.target),
      d.error ? h('td', {colspan: 4}, 'failed: ' + d.error)
        : [h('td', {class: 'num'}, ms(d.takeover.outageMillis) + ` (${d.takeover.failedAttempts} failed)`),
          h('td', {class: 'num'}, ms(d.boundMillis) + (d.boundMillis < 0 ? '' : d.withinBound ? ' ✓ within' : ' ✗ over')),
          h('td', {}, (d.timeline.newMasterNode || d.timeline.newMaster || '–')
            + (d.timeline.advertGapMillis >= 0 ? `, ${ms(d.timeline.advertGapMillis)} after the last advert` : ''))],
      d.error ? null : h('td', {class: 'num'}, d.returned ? ms(d.returned.outageMillis) + ` (${d.returned.failedAttempts} failed)` : '–')))));
}

function settings(v) {
  const rows = [['VRID', v.vrid], ['interface', v.interfaceName], ['VRRP version', v.version],
    ['virtual addresses', v.virtualAddresses.join(', ')], ['advert interval', v.advertIntervalMillis + ' ms'],
    ['preempt', v.preempt ? 'on' : 'off'], ['virtual MAC', v.virtualMac ? 'on' : 'off'],
    ['sync group', v.syncGroup || '–'],
    ['own address', v.primaryAddress || '–'], ['master', v.masterAddress || '–']];
  return h('dl', {class: 'settings'}, rows.map(([k, value]) => [h('dt', {}, k), h('dd', {}, String(value))]));
}

function counters(c) {
  const drops = Object.entries(c.drops);
  const nonZero = drops.filter(([, n]) => n > 0);
  return [
    h('p', {}, `${c.advertsSent} adverts sent, ${c.advertsReceived} received (${c.priorityZeroReceived} of priority 0),`
      + ` master ${c.becameMaster} times, ${c.dropped} frames dropped`),
    h('table', {id: 'drops'}, h('caption', {}, 'Frames dropped, by reason'),
      h('tbody', {}, (nonZero.length ? nonZero : [['none', 0]]).map(([reason, n]) =>
        h('tr', {}, h('th', {scope: 'row'}, reason.replace(/_/g, ' ')), h('td', {class: 'num'}, String(n)))))),
    nonZero.length < drops.length ? h('details', {}, h('summary', {}, 'every reason'),
      h('p', {class: 'muted'}, drops.map(([reason, n]) => reason + ' ' + n).join(' · '))) : null,
  ];
}

function entry(e) {
  const text = e.type === 'vrrp.takeover'
    ? (e.gapMillis >= 0 ? `took over in ${e.gapMillis.toFixed(1)} ms without adverts (from ${e.previousMaster}'s last)`
      : 'master with no master heard before')
    : describe(e).replace(/^[^:]*: /, '');
  return h('li', {class: 'event event-' + e.type.replace(/\./g, '-'), 'data-seq': e.seq}, time(e.time), ' ', text);
}

export function instance(params) {
  const name = params.get('instance') || '';
  let timeline = [];
  const el = h('div', {class: 'instance'});
  const list = h('ol', {class: 'events', id: 'timeline', reversed: true});

  function showTimeline() {
    fill(list, timeline.length ? timeline.map(entry) : h('li', {class: 'muted'}, 'Nothing held for it.'));
  }

  async function load() {
    let v;
    try {
      v = await get('/vrrp/' + encodeURIComponent(name));
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 404) {
        fill(el, h('h1', {}, name), h('p', {class: 'problem'}, e.message + ' — open the console of a node that runs it.'));
        return;
      }
      throw e;
    }
    const recent = await get('/events/recent?limit=' + HISTORY);
    const drilled = await get('/vrrp/' + encodeURIComponent(name) + '/drills');
    timeline = recent.events.filter(e => e.type.startsWith('vrrp.') && e.instance === name).reverse();
    fill(el,
      h('h1', {}, name + ' ', badge(v.state)),
      v.fault ? h('p', {class: 'problem'}, v.fault) : null,
      v.waitingFor ? h('p', {class: 'note'}, 'Waiting for readiness: ' + v.waitingFor) : null,
      v.warnings.map(w => h('p', {class: 'note'}, w)),
      h('p', {class: 'muted'}, 'Since ', time(v.stateSince),
        v.lastTransition ? [' · ', v.lastTransition.from, ' → ', v.lastTransition.to, ': ', v.lastTransition.cause] : ''),
      h('section', {'aria-labelledby': 'h-priority'}, h('h2', {id: 'h-priority'}, 'Priority'), priority(v.priority)),
      h('section', {'aria-labelledby': 'h-takeover'}, h('h2', {id: 'h-takeover'}, 'Last takeover by this node'),
        takeover(v.lastTakeover)),
      h('section', {'aria-labelledby': 'h-drills'}, h('h2', {id: 'h-drills'}, 'Failover drills'), drills(drilled)),
      h('section', {'aria-labelledby': 'h-timeline'}, h('h2', {id: 'h-timeline'}, 'Timeline'), list),
      h('section', {'aria-labelledby': 'h-settings'}, h('h2', {id: 'h-settings'}, 'Settings'), settings(v)),
      h('section', {'aria-labelledby': 'h-counters'}, h('h2', {id: 'h-counters'}, 'Counters'), counters(v.counters)));
    showTimeline();
  }

  return {
    title: name,
    el,
    load,
    event(e) {
      if (!e.type.startsWith('vrrp.') || e.instance !== name) return;
      load().catch(() => {}); // state, priority and counters changed with it
    },
  };
}
