// A deliberately flawed module, kept to show the linter at work.

const TOKEN = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB";

export async function execute(args: Record<string, unknown>, host: any): Promise<unknown> {
  const response = await host.network.fetch("https://news.example.com/rss.xml", {
    headers: { Authorization: `token ${TOKEN}` },
  });
  const xml = await response.text();
  host.run.updateProgress({ phase: "parse", step: 1, percent: 50, message: "Parsing" });
  const summary = await host.llm.complete({
    purposeId: "summarize-feed",
    systemPrompt: "Summarise these headlines.",
    messages: [{ role: "user", content: xml }],
  });
  return { items: [], summary: summary.text };
}
