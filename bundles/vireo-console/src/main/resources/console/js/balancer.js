// The balancer of this node (a director or a backup): its listeners and problems, the scanner table with each
// scanner's state, weight, share, connections and load, and the drain and undrain buttons (for an admin only: a
// viewer's page shows none, and the API refuses a viewer's write anyway); and the open connections of each scanner
// over the last ten minutes, live from /api/v1/balancer/live (the node samples them every 5 s).
import {get, call, ApiFailure} from './api.js';
import {h, fill, share, badge, scrollBox, markTarget} from './dom.js';
import {lineChart} from './chart.js';

const SAMPLES = 120;
const COLOURS = 6;

/**
 * One line per scanner of the newest sample (one that left the table drops out), each in a colour of its own and
 * named in the legend with its open connections in words: the colour is never the only sign of which is which.
 */
function connectionChart(samples, interval, legend) {
  const newest = samples.length ? samples[samples.length - 1].scanners : [];
  const series = newest.map((s, i) => ({name: s.scanner, now: s.active, cls: 'series-' + (i % COLOURS),
    values: samples.map(sample => (sample.scanners.find(p => p.scanner === s.scanner) || {active: 0}).active)}));
  fill(legend, series.map(s => h('span', {class: 'rate-label ' + s.cls}, `${s.name}: ${s.now} open `)));
  const held = samples.length * interval;
  const ago = held < 120 ? `${held} s` : `${Math.round(held / 60)} minutes`;
  return lineChart(series, {slots: SAMPLES, span: `−${Math.round(SAMPLES * interval / 60)} min`,
    top: max => `${max} open`, name: max => `open connections per scanner over the last ${ago}, at most ${max}: `
      + series.map(s => `${s.name} ${s.now} now`).join(', ')});
}

function listeners(b) {
  return h('table', {}, h('caption', {}, `Listeners (${b.mode}, ${b.transport})`),
    h('tbody', {}, b.listeners.map(l => h('tr', {}, h('th', {scope: 'row'}, l.address), h('td', {}, l.service),
      h('td', {}, l.bound ? badge('UP') : [badge('DOWN'), ' ', l.problem || ''])))));
}

function scannerRow(s, admin, act) {
  const action = s.draining ? 'undrain' : 'drain';
  return h('tr', {'data-scanner': s.scanner},
    h('th', {scope: 'row'}, s.scanner),
    h('td', {}, badge(s.state), s.draining ? [' ', badge('DRAINING')] : null),
    h('td', {class: 'num'}, `${s.weight} (${s.effectiveWeight.toFixed(2)})`),
    h('td', {}, share('share', s.share)),
    h('td', {class: 'num'}, `${s.activeConnections} / ${s.totalConnections}`),
    h('td', {class: 'num'}, String(s.connectFailures)),
    h('td', {}, share('CPU', s.cpu), ' ', share('memory', s.memory)),
    h('td', {}, s.monitor || '–'),
    admin ? h('td', {}, h('button', {type: 'button', class: 'small', 'data-action': action,
      'aria-label': `${action} ${s.scanner}`, onclick: () => act(s.scanner, action)}, action)) : null);
}

export function balancer(params, session) {
  const admin = session.roles.includes('admin');
  const wanted = params.get('scanner'); // an event's link: that scanner's row is marked
  let marked = false;
  const el = h('div', {class: 'balancer'});
  const message = h('p', {role: 'status', class: 'muted', id: 'balancer-message'});
  const legend = h('p', {id: 'connection-legend'});
  const chart = h('div', {id: 'connection-chart'});
  let samples = [];
  let interval = 5;
  let source = null;

  function showChart() {
    fill(chart, samples.length ? connectionChart(samples, interval, legend)
      : h('p', {class: 'muted'}, `No sample yet: the node takes one every ${interval} s.`));
  }

  function follow() {
    if (source) return;
    // each connection (the browser reconnects a lost one by itself) is sent every sample held first: they replace
    // what the page had, which also holds after the node restarted and numbers its samples from 1 again
    let fresh = true;
    source = new EventSource('/api/v1/balancer/live');
    source.onopen = () => { fresh = true; };
    source.addEventListener('samples', m => {
      const sent = JSON.parse(m.data);
      interval = sent.intervalSeconds;
      samples = (fresh ? sent.samples : samples.concat(sent.samples)).slice(-SAMPLES);
      fresh = false;
      showChart();
    });
  }

  async function act(scanner, action) {
    try {
      const done = await call('POST', `/balancer/scanners/${encodeURIComponent(scanner)}/${action}`);
      message.textContent = done.message;
    } catch (e) {
      message.textContent = e.message;
    }
    // the balancer takes the table up a moment later: its balancer.scanner event reloads this page
  }

  async function load() {
    let b;
    try {
      b = await get('/balancer');
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 404) {
        fill(el, h('h1', {}, 'Balancer'), h('p', {class: 'muted'}, 'This node runs no balancer (its role is a scanner).'));
        return;
      }
      throw e;
    }
    const scanners = await get('/balancer/scanners');
    const head = ['scanner', 'state', 'weight (now)', 'share of open connections', 'open / total', 'failed connects',
      'load', 'monitor'].concat(admin ? ['action'] : []);
    fill(el,
      h('h1', {}, 'Balancer'),
      b.problems.map(p => h('p', {class: 'problem'}, p)),
      h('p', {class: 'muted'}, `${b.acceptedConnections} client connections accepted, ${b.activeConnections} open,`
        + ` ${b.unservedConnections} not served, ${b.relayedConnections} relayed to the master, ${b.affinities}`
        + ' clients remembered'),
      h('section', {'aria-labelledby': 'h-scanner-table'}, h('h2', {id: 'h-scanner-table'}, 'Scanners'), message,
        h('div', scrollBox('Scanners'), h('table', {id: 'scanner-table'}, h('caption', {class: 'sr-only'}, 'Scanners'),
          h('thead', {}, h('tr', {}, head.map(t => h('th', {scope: 'col'}, t)))),
          h('tbody', {}, scanners.map(s => scannerRow(s, admin, act)))))),
      h('section', {'aria-labelledby': 'h-connections'},
        h('h2', {id: 'h-connections'}, 'Open connections per scanner, last 10 minutes'), legend, chart),
      h('section', {'aria-labelledby': 'h-listeners'}, h('h2', {id: 'h-listeners'}, 'Listeners'),
        h('div', scrollBox('Listeners'), listeners(b))));
    if (wanted) markTarget(el, `#scanner-table tr[data-scanner="${CSS.escape(wanted)}"]`, !marked);
    marked = true;
    showChart();
    follow();
  }

  return {
    title: 'Balancer',
    el,
    load,
    event(e) {
      if (e.type === 'balancer.scanner' || e.type === 'vrrp.transition' || e.type === 'cluster.config_applied') {
        load().catch(() => {});
      }
    },
    stop() {
      if (source) source.close();
    },
  };
}
