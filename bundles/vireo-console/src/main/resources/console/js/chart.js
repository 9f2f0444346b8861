// The console's charts, drawn as SVG here: a few lines and bars need no charting library, and the page loads
// nothing but its own files. Values come from the API; labels go in as text nodes.
const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 360;

function svg(tag, attributes, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/**
 * One polyline per series over `slots` places, the newest value at the right edge and a dot on it (one value makes no
 * line); series: [{cls, values}]. The scale is written on the chart: the top's value at the top left, how far back
 * the left edge is (`span`) and "now" below. name(max) names the chart for a screen reader.
 */
export function lineChart(series, {slots, span, top, name}) {
  const height = 90;
  const max = Math.max(1, ...series.flatMap(s => s.values));
  const x = i => (i / (slots - 1)) * WIDTH;
  const y = v => height - (v / max) * (height - 4);
  const line = s => {
    const offset = slots - s.values.length;
    return svg('polyline', {class: 'rate ' + s.cls, fill: 'none',
      points: s.values.map((v, i) => `${x(i + offset).toFixed(1)},${y(v).toFixed(1)}`).join(' ')});
  };
  return svg('svg', {viewBox: `0 0 ${WIDTH} ${height + 14}`, class: 'chart', role: 'img', 'aria-label': name(max)},
    svg('line', {x1: 0, y1: height, x2: WIDTH, y2: height, class: 'axis'}),
    svg('text', {x: 3, y: 11, class: 'tick'}, top(max)),
    svg('text', {x: 3, y: height + 11, class: 'tick'}, span),
    svg('text', {x: WIDTH - 3, y: height + 11, 'text-anchor': 'end', class: 'tick'}, 'now'),
    ...series.map(line),
    ...series.map(s => s.values.length ? svg('circle', {class: 'dot ' + s.cls, r: 3, cx: x(slots - 1),
      cy: y(s.values[s.values.length - 1]).toFixed(1)}) : ''));
}

/** Bars side by side, each named below (every other name: eleven side by side do not fit a phone's width). */
export function barChart(bars, label) {
  const max = Math.max(1, ...bars.map(b => b.value));
  const bar = WIDTH / bars.length;
  return svg('svg', {viewBox: `0 0 ${WIDTH} 110`, class: 'chart', role: 'img', 'aria-label': label},
    ...bars.flatMap((b, i) => [
      svg('rect', {x: i * bar + 1, y: 90 - (b.value / max) * 86, width: bar - 2, height: (b.value / max) * 86,
        class: 'bar'}),
      i % 2 === 0 || i === bars.length - 1
        ? svg('text', {x: i * bar + bar / 2, y: 104, 'text-anchor': 'middle', class: 'tick'}, b.name) : '']));
}
