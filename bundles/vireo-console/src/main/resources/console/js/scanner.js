// The scanner of this node, live from /api/v1/scanner/live (the node pushes its counters and new exchanges each
// second): requests per second by status class with the last two minutes as a chart, the latency histogram, the
// rules that blocked most among the exchanges seen here, and a filterable tail of the access log. Every URL, host
// and rule comes from the data plane: they go in as text.
import {get, ApiFailure} from './api.js';
import {h, fill, time, scrollBox} from './dom.js';
import {lineChart, barChart} from './chart.js';

const CLASSES = ['2xx', '3xx', '4xx', '5xx'];
const HISTORY = 120;
const TAIL = 500;

/** Requests per second, the last HISTORY seconds, one line per status class. */
function rateChart(history) {
  return lineChart(CLASSES.map(c => ({cls: 'rate-' + c, values: history.map(p => p[c])})), {slots: HISTORY,
    span: `−${HISTORY / 60} min`, top: max => `${max.toFixed(1)}/s`,
    name: max => `requests per second over the last ${HISTORY} s, at most ${max.toFixed(1)}`});
}

/** The latency histogram: the requests in each bucket (Prometheus's buckets count everything below them). */
function histogram(d) {
  const counts = d.buckets.map((b, i) => ({le: b.upperBoundSeconds, n: b.count - (i ? d.buckets[i - 1].count : 0)}));
  counts.push({le: Infinity, n: d.count - (d.buckets.length ? d.buckets[d.buckets.length - 1].count : 0)});
  return barChart(counts.map(c => ({name: label(c.le), value: c.n})),
    'requests by duration: ' + counts.map(c => `${c.n} up to ${label(c.le)}`).join(', '));
}

function label(seconds) {
  if (seconds === Infinity) return '>10s';
  return seconds < 1 ? Math.round(seconds * 1000) + 'ms' : seconds + 's';
}

function accessRow(e) {
  return h('tr', {'data-seq': e.seq},
    h('td', {}, time(e.time)), h('td', {}, e.client), h('td', {}, e.method),
    h('td', {class: 'target'}, e.target), h('td', {class: 'num'}, String(e.status)),
    h('td', {}, e.rule || e.refusal || ''), h('td', {class: 'num'}, String(e.durationMs)));
}

export function scanner() {
  let source = null;
  let previous = null;
  const history = [];
  let entries = [];
  const el = h('div', {class: 'scanner'});
  const rates = h('p', {id: 'rates'});
  const chart = h('div', {id: 'rate-chart'});
  const latency = h('div', {id: 'latency'});
  const blocked = h('div', {id: 'blocked'});
  const filter = h('input', {id: 'access-filter', type: 'search', placeholder: 'client, host, status, rule…',
    oninput: showTail});
  const tail = h('tbody', {id: 'access-tail'});

  function showTail() {
    const words = filter.value.trim().toLowerCase();
    const shown = entries.filter(e => !words || [e.client, e.target, String(e.status), e.rule || '', e.refusal || '']
      .some(v => v.toLowerCase().includes(words)));
    fill(tail, shown.slice(-200).reverse().map(accessRow));
  }

  function showBlocked() {
    const byRule = new Map();
    for (const e of entries) {
      if (e.status === 403 && e.rule) byRule.set(e.rule, (byRule.get(e.rule) || 0) + 1);
    }
    const top = [...byRule.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
    fill(blocked, top.length ? h('table', {}, h('caption', {class: 'sr-only'}, 'Rules that blocked most'),
      h('tbody', {}, top.map(([rule, n]) => h('tr', {}, h('th', {scope: 'row'}, rule), h('td', {class: 'num'}, String(n))))))
      : h('p', {class: 'muted'}, 'Nothing blocked among the exchanges seen here.'));
  }

  function counters(c) {
    const now = Date.now();
    if (previous) {
      const seconds = Math.max(0.001, (now - previous.at) / 1000);
      const point = {};
      for (const k of CLASSES) point[k] = Math.max(0, c.responsesByStatusClass[k] - previous.c.responsesByStatusClass[k]) / seconds;
      history.push(point);
      if (history.length > HISTORY) history.shift();
      fill(rates, CLASSES.map(k => h('span', {class: 'rate-label rate-' + k}, `${k} ${point[k].toFixed(1)}/s `)));
      fill(chart, rateChart(history));
    }
    previous = {c, at: now};
    fill(latency, histogram(c.requestDurations),
      h('p', {class: 'muted'}, `${c.requestDurations.count} request${c.requestDurations.count === 1 ? '' : 's'} timed, mean ${c.requestDurations.count
        ? (c.requestDurations.sumSeconds / c.requestDurations.count * 1000).toFixed(1) : '–'} ms;`
        + ` ${c.activeConnections} connections open; ${c.listening ? 'listening' : 'not listening'}`));
  }

  function access(batch) {
    entries = entries.concat(batch.entries).slice(-TAIL);
    showTail();
    showBlocked();
  }

  return {
    title: 'Scanner',
    el,
    async load() {
      try {
        await get('/scanner');
      } catch (e) {
        if (e instanceof ApiFailure && e.status === 404) {
          fill(el, h('h1', {}, 'Scanner'), h('p', {class: 'muted'}, 'This node runs no scanner.'));
          return;
        }
        throw e;
      }
      fill(el, h('h1', {}, 'Scanner'),
        h('section', {'aria-labelledby': 'h-rates'}, h('h2', {id: 'h-rates'}, 'Requests per second by status class'),
          rates, chart),
        h('section', {'aria-labelledby': 'h-latency'}, h('h2', {id: 'h-latency'}, 'Request durations'), latency),
        h('section', {'aria-labelledby': 'h-blocked'}, h('h2', {id: 'h-blocked'}, 'Rules that blocked most'), blocked),
        h('section', {'aria-labelledby': 'h-tail'}, h('h2', {id: 'h-tail'}, 'Access log, newest first'),
          h('form', {class: 'filters', role: 'search', onsubmit: e => e.preventDefault()},
            h('label', {for: 'access-filter'}, 'Containing '), filter),
          h('div', scrollBox('Access log'), h('table', {id: 'access'}, h('caption', {class: 'sr-only'}, 'Access log'),
            h('thead', {}, h('tr', {}, ['time', 'client', 'method', 'target', 'status', 'rule', 'ms']
              .map(t => h('th', {scope: 'col'}, t)))), tail))));
      showTail();
      showBlocked();
      source = new EventSource('/api/v1/scanner/live');
      source.addEventListener('counters', m => counters(JSON.parse(m.data)));
      source.addEventListener('access', m => access(JSON.parse(m.data)));
    },
    event() {
    },
    stop() {
      if (source) source.close();
    },
  };
}
