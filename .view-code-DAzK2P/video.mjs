const url = "http://127.0.0.1:36087/v1/video/generations";
const headers = { Authorization: `Bearer ${process.env.GATEWAY_API_KEY}`, 'Content-Type': 'application/json' };
const done = new Set(['succeeded', 'success', 'completed', 'failed', 'failure', 'error', 'cancelled', 'canceled', 'expired']);

const created = await fetch(url, { method: 'POST', headers, body: JSON.stringify({
  "model": "vidmodel-2-0-fast-260128",
  "content": [
    {
      "type": "text",
      "text": "waves on a beach"
    }
  ],
  "ratio": "16:9",
  "duration": 10,
  "resolution": "720p",
  "generate_audio": true
}) });
if (!created.ok) throw new Error(`HTTP ${created.status}: ${await created.text()}`);
let task = await created.json();
const taskId = task.task_id ?? task.id ?? task.data?.task_id;
console.log('task:', taskId);
for (;;) {
  const reply = await fetch(`${url}/${taskId}`, { headers });
  if (!reply.ok) throw new Error(`HTTP ${reply.status}: ${await reply.text()}`);
  task = await reply.json();
  const data = task.data && typeof task.data === "object" ? task.data : task;
  const status = String(data.status ?? data.state ?? 'unknown').toLowerCase();
  console.log('status:', status);
  if (done.has(status)) break;
  await new Promise((r) => setTimeout(r, 5000));
}
console.log(JSON.stringify(task, null, 2));