import type { SkillHostCapabilities } from "@os-loop/skill-sdk";

interface Note {
  id: string;
  doi?: string;
  title: string;
  summary: string;
  createdAt: string;
}

interface State {
  question: string;
  notes: Note[];
}

const CROSSREF = "https://api.crossref.org/works/";

export async function execute(args: Record<string, unknown>, host: SkillHostCapabilities): Promise<unknown> {
  const question = String(args.question ?? "").trim();
  if (question.length < 3) throw new Error("question must be at least 3 characters");
  const { network, llm, log } = host;

  // The workspace is optional: without one the notes live for this run only.
  const ws = host.workspace;
  const state: State = ((await ws?.getState()) as State | undefined) ?? { question, notes: [] };

  let added = 0;
  if (typeof args.doi === "string") {
    const res = await network.fetch(CROSSREF + encodeURIComponent(args.doi));
    if (!res.ok) throw new Error(`Crossref answered ${res.status}`);
    const work = (await res.json()).message;
    const summary = await llm.complete({
      purposeId: "abstract-summary",
      messages: [{ role: "user", content: `Summarise in two sentences:\n${work.abstract ?? work.title?.[0] ?? ""}` }],
      temperature: 0.2,
      maxTokens: 200,
    });
    state.notes.push({ id: crypto.randomUUID(), doi: args.doi, title: work.title?.[0] ?? args.doi, summary: summary.text, createdAt: new Date().toISOString() });
    added++;
    log.info("note added", { doi: args.doi });
  }
  await ws?.setState(state);
  return { notes: state.notes, added };
}
