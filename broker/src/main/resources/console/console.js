// The Apogee console: reads the broker's JSON under /api/ and draws the pages. No framework, no build step.
'use strict';

const ACTION_HEADER = 'X-Apogee-Console';

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (name === 'class') {
      node.className = value;
    } else {
      node.setAttribute(name, value);
    }
  }
  for (const child of children) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function getJson(path) {
  const response = await fetch(path, { cache: 'no-store' });
  const body = await response.json();
  if (!response.ok) {
    throw new Error(body.error || response.statusText);
  }
  return body;
}

function status(text) {
  document.getElementById('status').textContent = text;
}

function rate(value) {
  return value.toFixed(value < 10 ? 2 : 1);
}

function bytes(value) {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return value.toFixed(unit === 0 ? 0 : 1) + ' ' + units[unit];
}

function duration(millis) {
  const seconds = Math.floor(millis / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds % 3600 / 60);
  return h + 'h ' + m + 'm ' + seconds % 60 + 's';
}

function time(millis) {
  return millis > 0 ? new Date(millis).toISOString().replace('T', ' ').replace('Z', ' UTC') : '-';
}

// ---- overview and charts ----

async function overview() {
  const data = await getJson('/api/overview');
  document.getElementById('cluster').textContent = data.cluster;
  const body = document.querySelector('#brokers tbody');
  body.replaceChildren(...data.brokers.map(b => el('tr', { 'data-broker': b.name },
    el('td', {}, b.name), el('td', {}, b.address), el('td', {}, b.role), el('td', {}, b.version),
    el('td', { class: 'num' }, rate(b.putTps)), el('td', { class: 'num' }, rate(b.getTps)),
    el('td', { class: 'num' }, b.topics), el('td', { class: 'num' }, b.groups),
    el('td', { class: 'num' }, b.messagesPut), el('td', { class: 'num' }, bytes(b.commitLogBytes)),
    el('td', {}, duration(b.upMillis)))));
  const series = await getJson('/api/series');
  document.getElementById('interval').textContent = series.intervalMillis / 1000;
  const points = series.points;
  chart('chart-tps', points, [['putTps', '#2457c5'], ['getTps', '#1b8a4b']]);
  chart('chart-lag', points, [['lag', '#b3261e']]);
  chart('chart-latency', points.map(p => ({ time: p.time, latency: p.lagLatencyMillis / 1000 })),
    [['latency', '#8a5a00']]);
}

// Draws lines of the named fields of points on a canvas, with the time axis of the points and a 0-based value axis.
function chart(id, points, lines) {
  const canvas = document.getElementById(id);
  const g = canvas.getContext('2d');
  const w = canvas.width;
  const h = canvas.height;
  const left = 48;
  const bottom = 20;
  g.clearRect(0, 0, w, h);
  g.font = '11px system-ui, sans-serif';
  g.fillStyle = '#5d6575';
  g.strokeStyle = '#d9dde5';
  g.strokeRect(left, 4, w - left - 4, h - bottom - 4);
  canvas.dataset.points = points.length;
  if (points.length === 0) {
    g.fillText('waiting for the first point', left + 8, h / 2);
    return;
  }
  let max = 0;
  for (const p of points) {
    for (const [field] of lines) {
      max = Math.max(max, p[field]);
    }
  }
  max = max === 0 ? 1 : max * 1.1;
  const first = points[0].time;
  const span = Math.max(1, points[points.length - 1].time - first);
  const x = t => left + (w - left - 8) * (t - first) / span;
  const y = v => h - bottom - (h - bottom - 8) * v / max;
  g.fillText(rate(max), 2, 14);
  g.fillText('0', 2, h - bottom);
  g.fillText(new Date(first).toLocaleTimeString(), left, h - 4);
  for (const [field, colour] of lines) {
    g.strokeStyle = colour;
    g.lineWidth = 2;
    g.beginPath();
    points.forEach((p, i) => (i === 0 ? g.moveTo(x(p.time), y(p[field])) : g.lineTo(x(p.time), y(p[field]))));
    g.stroke();
    g.fillStyle = colour;
    for (const p of points) {
      g.fillRect(x(p.time) - 2, y(p[field]) - 2, 4, 4); // a lone point shows too
    }
    canvas.dataset[field] = points[points.length - 1][field];
  }
}

// ---- topics ----

async function topics() {
  const data = await getJson('/api/topics');
  const showSystem = document.getElementById('show-system').checked;
  const body = document.querySelector('#topics tbody');
  body.replaceChildren(...data.topics.filter(t => showSystem || !t.system).map(t => el('tr', { 'data-topic': t.name },
    el('td', { class: 'name' }, t.name),
    el('td', { class: 'num' }, t.writeQueues + '/' + t.readQueues),
    el('td', { class: 'num messages' }, t.messages),
    el('td', { class: 'num' }, rate(t.putTps)),
    el('td', { class: 'queues' }, t.queues.map(q => q.queueId + ': ' + q.minOffset + '..' + q.maxOffset).join(', ')))));
}

// ---- groups and the reset action ----

async function groups() {
  const data = await getJson('/api/groups');
  const showSystem = document.getElementById('show-system').checked;
  const list = document.getElementById('groups');
  list.replaceChildren(...data.groups.filter(g => showSystem || !g.system).map(group));
}

function group(g) {
  const members = g.members.map(m => m.clientId + ' (' + m.address + ', ' + m.language + ')').join('; ');
  const rows = [];
  for (const t of g.topics) {
    for (const q of t.queues) {
      rows.push(el('tr', { 'data-group': g.name, 'data-topic': t.topic, 'data-queue': q.queueId },
        el('td', {}, t.topic), el('td', { class: 'num' }, q.queueId),
        el('td', { class: 'num' }, q.brokerOffset), el('td', { class: 'num' }, q.consumerOffset),
        el('td', { class: 'num lag' + (q.lag > 0 ? ' lagging' : '') }, q.lag),
        el('td', {}, time(q.lastTimestamp))));
    }
  }
  return el('section', { class: 'group', 'data-group': g.name },
    el('h2', {}, g.name),
    el('p', { class: 'summary' }, (g.online ? 'online' : 'offline') + ' · lag ',
      el('span', { class: 'total-lag' }, g.lag), ' · ' + rate(g.consumeTps) + ' msg/s'),
    el('p', { class: 'members' }, members ? 'Members: ' + members : 'No connected member'),
    el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'Topic'), el('th', { class: 'num' }, 'Queue'),
      el('th', { class: 'num' }, 'Broker offset'), el('th', { class: 'num' }, 'Consumer offset'),
      el('th', { class: 'num' }, 'Lag'), el('th', {}, 'Last consumed message stored'))),
    el('tbody', {}, ...rows)));
}

async function resetOffsets(event) {
  event.preventDefault();
  const output = document.getElementById('reset-result');
  const group = document.getElementById('reset-group').value;
  const topic = document.getElementById('reset-topic').value;
  const when = new Date(document.getElementById('reset-time').value).getTime();
  if (Number.isNaN(when)) {
    output.textContent = 'Give a time to reset to.';
    return;
  }
  const query = new URLSearchParams({ group, topic, timestamp: String(when) });
  const response = await fetch('/api/reset-offset?' + query, { method: 'POST', headers: { [ACTION_HEADER]: '1' } });
  const body = await response.json();
  output.textContent = response.ok
    ? body.queues.map(q => 'queue ' + q.queueId + ': ' + q.from + ' -> ' + q.to).join('\n')
    : 'Refused (' + response.status + '): ' + body.error;
  groups().catch(e => status(e.message));
}

// ---- message lookup ----

async function findMessages(path) {
  const error = document.getElementById('message-error');
  const list = document.getElementById('messages');
  error.textContent = '';
  list.replaceChildren();
  try {
    const data = await getJson(path);
    list.replaceChildren(...data.messages.map(message));
  } catch (e) {
    error.textContent = e.message;
  }
}

function message(m) {
  const fields = [['Message id', m.msgId], ['Offset message id', m.offsetMsgId], ['Topic', m.topic],
    ['Queue', m.queueId + ' at offset ' + m.queueOffset], ['Commit-log offset', m.commitLogOffset],
    ['Born', time(m.bornTimestamp) + ' at ' + m.bornHost], ['Stored', time(m.storeTimestamp) + ' at ' + m.storeHost],
    ['Reconsumed', m.reconsumeTimes], ['Body', m.bodySize + ' bytes' + (m.bodyCompressed ? ', compressed' : '')]];
  for (const [name, value] of Object.entries(m.properties)) {
    fields.push(['Property ' + name, value]);
  }
  const list = el('dl', {});
  for (const [name, value] of fields) {
    list.append(el('dt', {}, name), el('dd', {}, value));
  }
  const preview = m.bodyCompressed ? '(compressed body: no preview)'
    : m.bodyPreview + (m.bodyTruncated ? ' …' : '');
  return el('article', { class: 'message', 'data-msg-id': m.msgId }, list,
    el('pre', { class: 'body-preview' }, preview));
}

// ---- the stand-alone name server ----

async function nameServer() {
  const data = await getJson('/api/namesrv');
  document.getElementById('namesrv-address').textContent = data.address;
  document.getElementById('topic-count').textContent = data.topicsShown < data.topicCount
    ? '(' + data.topicsShown + ' of ' + data.topicCount + ')' : '(' + data.topicCount + ')';
  document.querySelector('#brokers tbody').replaceChildren(...data.brokers.map(b => el('tr', { 'data-broker': b.name },
    el('td', {}, b.cluster),
    el('td', { class: 'name' }, b.name),
    el('td', { class: 'members' }, b.members.map(m => m.brokerId + ': ' + m.address).join(', ')))));
  document.querySelector('#routes tbody').replaceChildren(...data.topics.map(t => el('tr', { 'data-topic': t.name },
    el('td', { class: 'name' }, t.name),
    el('td', { class: 'routes' }, t.queues.map(q => q.brokerName + ': ' + q.writeQueues + '/' + q.readQueues + ', '
      + q.perm).join('; ')))));
}

// ---- wiring ----

function every(millis, load) {
  const run = () => load().then(() => status('updated ' + new Date().toLocaleTimeString()), e => status(e.message));
  run();
  setInterval(run, millis);
}

document.addEventListener('DOMContentLoaded', () => {
  const page = document.body.dataset.page;
  const current = document.querySelector('[data-nav="' + page + '"]');
  if (current) {
    current.classList.add('current');
  }
  if (page === 'namesrv') {
    every(5000, nameServer);
  } else if (page === 'overview') {
    every(5000, overview);
  } else if (page === 'topics') {
    every(5000, topics);
    document.getElementById('show-system').addEventListener('change', topics);
  } else if (page === 'groups') {
    every(5000, groups);
    document.getElementById('show-system').addEventListener('change', groups);
    document.getElementById('reset-form').addEventListener('submit', resetOffsets);
  } else if (page === 'message') {
    const params = new URLSearchParams(location.search);
    document.getElementById('key-form').addEventListener('submit', event => {
      event.preventDefault();
      findMessages('/api/message?' + new URLSearchParams({
        topic: document.getElementById('key-topic').value, key: document.getElementById('key-key').value }));
    });
    document.getElementById('id-form').addEventListener('submit', event => {
      event.preventDefault();
      const query = { id: document.getElementById('id-id').value };
      const topic = document.getElementById('id-topic').value;
      if (topic) {
        query.topic = topic;
      }
      findMessages('/api/message?' + new URLSearchParams(query));
    });
    if (params.has('topic') && params.has('key')) {
      document.getElementById('key-topic').value = params.get('topic');
      document.getElementById('key-key').value = params.get('key');
      findMessages('/api/message?' + new URLSearchParams({ topic: params.get('topic'), key: params.get('key') }));
    }
  }
});
