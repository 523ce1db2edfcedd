// Prints the last sessions' summary so it is added to the context.
const port = process.env.MEMORY_WORKER_PORT || 37777;
fetch(`http://localhost:${port}/api/context?project=${encodeURIComponent(process.cwd())}`)
  .then((r) => r.text())
  .then((t) => process.stdout.write(t))
  .catch(() => {});
