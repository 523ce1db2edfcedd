type Host = {
  vault: { resolveBinding(name: string): Promise<string> };
  network: { fetch(url: string, init?: RequestInit): Promise<Response> };
  storage: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<void> };
  llm: { complete(req: { purposeId: string; messages: { role: string; content: string }[]; temperature?: number }): Promise<{ text: string }> };
  events: { emitProgress(progress: number, message: string): void };
};

const LABEL_PURPOSE = "label-proposal" as const;

export async function onInstall(host: Host): Promise<void> {
  await host.storage.set("last-run", null);
}

export async function execute(args: Record<string, unknown>, host: Host) {
  const owner = String(args.owner);
  const repo = String(args.repo);
  const max = Math.min(Number(args.maxIssues ?? 30), 100);
  const token = await host.vault.resolveBinding("github-token");
  const since = (await host.storage.get("last-run")) as string | null;

  const url = new URL(`https://api.github.com/repos/${owner}/${repo}/issues`);
  url.searchParams.set("per_page", String(max));
  url.searchParams.set("state", "open");
  if (since) url.searchParams.set("since", since);

  const res = await host.network.fetch(url.toString(), {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json" },
  });
  if (!res.ok) throw new Error(`GitHub answered ${res.status}`);
  const issues = (await res.json()) as Array<{ number: number; title: string; body: string | null; pull_request?: unknown }>;

  const out = [];
  for (const [i, issue] of issues.filter((x) => !x.pull_request).entries()) {
    host.events.emitProgress(i / issues.length, `issue #${issue.number}`);
    const { text } = await host.llm.complete({
      purposeId: LABEL_PURPOSE,
      messages: [{ role: "user", content: `Labels (comma-separated) for: ${issue.title}\n\n${issue.body ?? ""}` }],
      temperature: 0,
    });
    out.push({ number: issue.number, title: issue.title, labels: text.split(",").map((s) => s.trim()).filter(Boolean) });
  }
  await host.storage.set("last-run", new Date().toISOString());
  return { issues: out, since };
}
