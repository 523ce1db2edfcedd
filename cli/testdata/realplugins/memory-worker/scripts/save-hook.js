// Sends each tool result to the local worker, which stores it under ~/.memory-worker.
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const port = process.env.MEMORY_WORKER_PORT || 37777;
  await fetch(`http://127.0.0.1:${port}/api/observations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: Buffer.concat(chunks).toString(),
  }).catch(() => {});
});
